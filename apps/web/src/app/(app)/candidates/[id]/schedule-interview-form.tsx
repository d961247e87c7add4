"use client";

import type { InterviewDetailDto } from "@hireflow/core/interview/contract";
import type { UserDto } from "@hireflow/core/identity/contract";
import type { InterviewKitDto } from "@hireflow/core/pipeline/contract";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { TimeZoneChooser } from "@/components/time-zone-chooser";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { zonedInstant } from "@/lib/zoned-time";
import { DurationField } from "./interview-time-fields";
import { PanelFreeTimes } from "./panel-free-times";

/**
 * The form that schedules an interview of the candidate through interviews.create: the panel gets
 * calendar invitations by e-mail (Settings → E-mail log without a mail server), the candidate too when
 * asked. The start is a wall-clock time in the chosen zone — at first the member's own (`initialZone`:
 * My availability's, else this device's) — which is also the zone the invitations are written in.
 */
export function ScheduleInterviewForm({
  candidateId,
  candidateHasEmail,
  members,
  currentUserId,
  kits,
  stageName,
  initialZone,
  onScheduled,
  onClose,
}: {
  candidateId: number;
  candidateHasEmail: boolean;
  members: UserDto[];
  currentUserId: string;
  kits: InterviewKitDto[];
  stageName: string | null;
  initialZone: string;
  onScheduled: (interview: InterviewDetailDto) => void;
  onClose: () => void;
}) {
  const trpc = useTrpc();
  const [title, setTitle] = useState("Interview");
  const [start, setStart] = useState("");
  const [duration, setDuration] = useState(60);
  const [timeZone, setTimeZone] = useState(initialZone);
  const [location, setLocation] = useState("");
  const [videoUrl, setVideoUrl] = useState("");
  const [panel, setPanel] = useState<string[]>(members.some((m) => m.id === currentUserId) ? [currentUserId] : []);
  const [notify, setNotify] = useState(false);
  const [missingStart, setMissingStart] = useState(false);
  const [kitId, setKitId] = useState<number | null>(null);

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
    onSuccess: (result) => onScheduled(result.data),
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

  return (
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
        <DurationField id="interview-duration" value={duration} onChange={setDuration} extra={kits.map((kit) => kit.duration_minutes)} />
      </div>
      <TimeZoneChooser id="interview-zone" value={timeZone} onChange={setTimeZone} error={fieldError("time_zone")} hint="The start time is in this zone; the invitations are written in it." />
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
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
