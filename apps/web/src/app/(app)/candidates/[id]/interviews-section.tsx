"use client";

import type { InterviewDto } from "@hireflow/core/interview/contract";
import type { UserDto } from "@hireflow/core/identity/contract";
import type { InterviewKitDto } from "@hireflow/core/pipeline/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { Alert, Badge, Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { PanelFreeTimes } from "./panel-free-times";

const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240];

/** The zone's offset from UTC at an instant, in minutes (Intl's tz data, as the server's calendar files use). */
function offsetMinutes(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** A wall-clock time ("2026-10-25T10:00", from an <input type=datetime-local>) in a zone → the instant. */
function zonedInstant(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall}:00Z`);
  let instant = asUtc - offsetMinutes(timeZone, asUtc) * 60_000;
  // Once more with the offset at the first guess: right on both sides of a DST change.
  instant = asUtc - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}

function formatWhen(interview: Pick<InterviewDto, "start_at" | "end_at" | "time_zone">, viewerZone: string): string {
  const date = new Intl.DateTimeFormat("en-GB", { timeZone: viewerZone, weekday: "short", day: "numeric", month: "short", year: "numeric" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: viewerZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const start = new Date(interview.start_at);
  return `${date.format(start)}, ${time.format(start)}–${time.format(new Date(interview.end_at))}`;
}

/**
 * The candidate's interviews (upcoming first, then past and canceled) and the form that schedules one
 * through interviews.create: the panel gets calendar invitations by e-mail (Settings → E-mail log
 * without a mail server), the candidate too when asked. Times are entered in the member's own time zone
 * (the browser's, changeable), which is also the zone the invitations are written in.
 */
export function InterviewsSection({
  candidateId,
  candidateHasEmail,
  interviews,
  members,
  currentUserId,
  kits,
  stageName,
}: {
  candidateId: number;
  candidateHasEmail: boolean;
  interviews: InterviewDto[];
  members: UserDto[];
  currentUserId: string;
  /** The interview plan of the candidate's current stage. */
  kits: InterviewKitDto[];
  stageName: string | null;
}) {
  const trpc = useTrpc();
  const router = useRouter();
  const zones = useMemo(() => ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")], []);
  const viewerZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", []);
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState("Interview");
  const [start, setStart] = useState("");
  const [duration, setDuration] = useState(60);
  const [timeZone, setTimeZone] = useState(viewerZone);
  const [location, setLocation] = useState("");
  const [videoUrl, setVideoUrl] = useState("");
  const [panel, setPanel] = useState<string[]>(members.some((m) => m.id === currentUserId) ? [currentUserId] : []);
  const [notify, setNotify] = useState(false);
  const [scheduled, setScheduled] = useState<{ conflicts: number } | null>(null);
  const [missingStart, setMissingStart] = useState(false);
  const [kitId, setKitId] = useState<number | null>(null);
  const durations = [...new Set([...DURATIONS, ...kits.map((kit) => kit.duration_minutes), duration])].sort((a, b) => a - b);

  function chooseKit(value: string) {
    const kit = kits.find((k) => String(k.id) === value) ?? null;
    setKitId(kit?.id ?? null);
    if (kit) {
      setTitle(kit.name);
      setDuration(kit.duration_minutes);
    }
  }

  const schedule = useMutation({
    mutationFn: () => {
      const startAt = zonedInstant(start, timeZone);
      return trpc.interviews.create.mutate({
        candidate_id: candidateId,
        ...(kitId !== null && { interview_id: kitId }),
        title,
        start_at: startAt.toISOString(),
        end_at: new Date(startAt.getTime() + duration * 60_000).toISOString(),
        time_zone: timeZone,
        location: location.trim() || null,
        video_url: videoUrl.trim() || null,
        interviewer_ids: panel,
        notify_candidate: notify,
      });
    },
    onSuccess: (result) => {
      setScheduled({ conflicts: result.data.conflicts.length });
      setOpen(false);
      setStart("");
      router.refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: (id: number) => trpc.interviews.cancel.mutate({ id: String(id) }),
    onSuccess: () => router.refresh(),
  });

  const error = schedule.error ? errorInfo(schedule.error) : null;
  const fieldError = (field: string) => error?.fields[field];
  const startError = missingStart ? "Choose a start time" : (fieldError("start_at") ?? fieldError("end_at"));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMissingStart(!start);
    if (!start) return;
    schedule.mutate();
  }

  const now = Date.now();
  const upcoming = interviews.filter((i) => i.status === "scheduled" && Date.parse(i.end_at) > now);
  const past = interviews.filter((i) => !upcoming.includes(i)).reverse();

  return (
    <div className="space-y-4">
      {scheduled && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200" data-testid="interview-scheduled">
          Interview scheduled; the invitations are on their way.
          {scheduled.conflicts > 0 && ` ${scheduled.conflicts === 1 ? "One interviewer has" : "Interviewers have"} another interview at that time.`}
        </p>
      )}
      {cancel.error && <Alert title="Could not cancel the interview">{errorInfo(cancel.error).message}</Alert>}
      <InterviewList title="Upcoming" interviews={upcoming} viewerZone={viewerZone} onCancel={(id) => cancel.mutate(id)} canceling={cancel.isPending ? cancel.variables : undefined} />
      {past.length > 0 && <InterviewList title="Past and canceled" interviews={past} viewerZone={viewerZone} />}
      {!open ? (
        <Button variant="secondary" onClick={() => { setOpen(true); setScheduled(null); }}>
          Schedule interview
        </Button>
      ) : (
        <form onSubmit={onSubmit} className="space-y-3 rounded-md border border-slate-200 p-4" noValidate aria-labelledby="schedule-interview-heading">
          <h3 id="schedule-interview-heading" className="text-sm font-semibold text-slate-900">
            Schedule an interview
          </h3>
          {error && !Object.keys(error.fields).length && <Alert title="Could not schedule the interview">{error.message}</Alert>}
          {kits.length > 0 && (
            <Field id="interview-kit" label="Interview kit" hint={`From the interview plan of ${stageName ?? "the candidate's stage"}: the panel gets its instructions and focus points.`} error={fieldError("interview_id")}>
              <select {...describedBy("interview-kit", fieldError("interview_id"), true)} value={kitId ?? ""} onChange={(e) => chooseKit(e.target.value)} className={inputClass}>
                <option value="">None (free title)</option>
                {kits.map((kit) => (
                  <option key={kit.id} value={kit.id}>
                    {kit.name} · {kit.duration_minutes} min
                  </option>
                ))}
              </select>
            </Field>
          )}
          <Field id="interview-title" label="Title" error={fieldError("title")} required>
            <input {...describedBy("interview-title", fieldError("title"))} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} className={inputClass} required />
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="interview-start" label="Starts" error={startError} required>
              <input {...describedBy("interview-start", startError)} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} className={inputClass} required />
            </Field>
            <Field id="interview-duration" label="Duration">
              <select id="interview-duration" value={duration} onChange={(e) => setDuration(Number(e.target.value))} className={inputClass}>
                {durations.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {minutes < 60 ? `${minutes} minutes` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id="interview-zone" label="Time zone" hint="The start time is in this zone; the invitations are written in it." error={fieldError("time_zone")}>
            <select {...describedBy("interview-zone", fieldError("time_zone"), true)} value={timeZone} onChange={(e) => setTimeZone(e.target.value)} className={inputClass}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="interview-location" label="Location" error={fieldError("location")}>
              <input {...describedBy("interview-location", fieldError("location"))} value={location} onChange={(e) => setLocation(e.target.value)} maxLength={500} className={inputClass} />
            </Field>
            <Field id="interview-video" label="Video call link" error={fieldError("video_url")}>
              <input {...describedBy("interview-video", fieldError("video_url"))} type="url" value={videoUrl} onChange={(e) => setVideoUrl(e.target.value)} className={inputClass} placeholder="https://" />
            </Field>
          </div>
          <fieldset aria-describedby={fieldError("interviewer_ids") ? "interview-panel-error" : undefined}>
            <legend className="text-sm font-medium text-slate-800">Interviewers</legend>
            <ul className="mt-1.5 grid gap-1 sm:grid-cols-2">
              {members.map((member) => (
                <li key={member.id}>
                  <label className="flex items-center gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      checked={panel.includes(member.id)}
                      onChange={(e) => setPanel((current) => (e.target.checked ? [...current, member.id] : current.filter((id) => id !== member.id)))}
                    />
                    {member.name ?? member.email}
                  </label>
                </li>
              ))}
            </ul>
            {fieldError("interviewer_ids") && (
              <p id="interview-panel-error" className="mt-1 text-sm text-red-700" role="alert">
                {fieldError("interviewer_ids")}
              </p>
            )}
          </fieldset>
          <PanelFreeTimes panel={panel} duration={duration} timeZone={timeZone} onPick={setStart} />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={notify} disabled={!candidateHasEmail} onChange={(e) => setNotify(e.target.checked)} />
            Send the candidate an invitation too{!candidateHasEmail && " (no e-mail address on file)"}
          </label>
          {fieldError("notify_candidate") && (
            <p className="text-sm text-red-700" role="alert">
              {fieldError("notify_candidate")}
            </p>
          )}
          <div className="flex gap-2">
            <Button type="submit" disabled={schedule.isPending}>
              {schedule.isPending ? "Scheduling…" : "Schedule and send invitations"}
            </Button>
            <Button variant="secondary" onClick={() => { setOpen(false); schedule.reset(); }}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function InterviewList({
  title,
  interviews,
  viewerZone,
  onCancel,
  canceling,
}: {
  title: string;
  interviews: InterviewDto[];
  viewerZone: string;
  onCancel?: (id: number) => void;
  canceling?: number;
}) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      {interviews.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label={`${title} interviews`}>
          {interviews.map((interview) => (
            <li key={interview.id} className="flex flex-wrap items-start justify-between gap-2 py-2 text-sm" data-testid="interview-item">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {interview.title} {interview.status === "canceled" && <Badge tone="red">Canceled</Badge>}
                </p>
                <p className="text-slate-700">
                  {formatWhen(interview, viewerZone)} <span className="text-slate-500">({viewerZone})</span>
                </p>
                <p className="text-slate-600">With {interview.interviewers.map((i) => i.name ?? i.email).join(", ") || "nobody"}</p>
              </div>
              {onCancel && interview.status === "scheduled" && (
                <Button variant="secondary" onClick={() => onCancel(interview.id)} disabled={canceling === interview.id} aria-label={`Cancel ${interview.title} on ${formatWhen(interview, viewerZone)}`}>
                  {canceling === interview.id ? "Canceling…" : "Cancel"}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
