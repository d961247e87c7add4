"use client";

import type { UserDto } from "@hireflow/core/identity/contract";
import { DEFAULT_WINDOW_DAYS, MAX_WINDOW_DAYS, type SchedulingLinkDto } from "@hireflow/core/scheduling/contract";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const DAY = 86_400_000;

/** A day as the value of <input type=date> in the browser's zone ("2027-02-15"). */
function dateInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The start of a day ("2027-02-15") in the browser's zone, `plusDays` later. */
function startOfDay(day: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(y!, m! - 1, d! + plusDays);
}

/** A number field's value; empty or not a number is sent as is, so the server's validation names the field. */
function numberOf(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

/**
 * "Send a scheduling link" (issue 42 §2) through schedulingLinks.create: the interview's title and
 * length, the pool of interviewers (the least busy free one takes it), the days the candidate may
 * pick from (in the member's own zone: the first day from now, through the end of the last), the
 * notice, where slots start, how to meet, when the link lapses, and whether the candidate gets it by
 * e-mail (the company's template, Settings → E-mail).
 */
export function SchedulingLinkForm({
  candidateId,
  candidateEmail,
  members,
  currentUserId,
  onCreated,
  onCancel,
}: {
  candidateId: number;
  candidateEmail: string | null;
  members: UserDto[];
  currentUserId: string;
  onCreated: (link: SchedulingLinkDto) => void;
  onCancel: () => void;
}) {
  const trpc = useTrpc();
  const [title, setTitle] = useState("Interview");
  const [duration, setDuration] = useState("60");
  const [pool, setPool] = useState<string[]>(members.some((m) => m.id === currentUserId) ? [currentUserId] : []);
  // Rendered after a click only (never on the server): today is the browser's.
  const [firstDay, setFirstDay] = useState(() => dateInput(new Date()));
  const [lastDay, setLastDay] = useState(() => dateInput(new Date(Date.now() + (DEFAULT_WINDOW_DAYS - 1) * DAY)));
  const [notice, setNotice] = useState("24");
  const [slotInterval, setSlotInterval] = useState<"15" | "30" | "duration">("30");
  const [videoUrl, setVideoUrl] = useState("");
  const [location, setLocation] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const [notify, setNotify] = useState(candidateEmail !== null);
  const minutes = numberOf(duration);
  const backToBack = Number.isInteger(minutes) && minutes !== 15 && minutes !== 30 && minutes >= 15;
  // "Back to back" is offered only for a duration other than 15 or 30; otherwise it falls back to 30.
  const interval = slotInterval === "duration" && !backToBack ? "30" : slotInterval;

  const create = useMutation({
    mutationFn: () => {
      const from = firstDay ? new Date(Math.max(startOfDay(firstDay).getTime(), Date.now())) : undefined;
      return trpc.schedulingLinks.create.mutate({
        candidate_id: candidateId,
        title: title.trim(),
        duration_minutes: minutes,
        interviewer_ids: pool,
        ...(from && { from: from.toISOString() }),
        // The last day counts whole: the window ends at the start of the next.
        ...(lastDay && { to: startOfDay(lastDay, 1).toISOString() }),
        min_notice_hours: numberOf(notice),
        slot_interval_minutes: interval === "duration" ? minutes : Number(interval),
        video_url: videoUrl.trim() || null,
        location: location.trim() || null,
        ...(expiresAt && { expires_at: new Date(expiresAt).toISOString() }),
        notify_candidate: candidateEmail !== null && notify,
      });
    },
    onSuccess: (result) => onCreated(result.data),
  });
  const error = create.error ? errorInfo(create.error) : null;
  const fieldError = (...names: string[]) => names.map((name) => error?.fields[name]).find(Boolean);
  const poolError = fieldError("interviewer_ids") ?? Object.entries(error?.fields ?? {}).find(([field]) => field.startsWith("interviewer_ids["))?.[1];
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-md border border-slate-200 p-4" aria-labelledby="scheduling-link-form-heading">
      <h3 id="scheduling-link-form-heading" className="text-sm font-semibold text-slate-900">
        Send a scheduling link
      </h3>
      <p className="text-sm text-slate-600">The candidate picks a free time of one of the interviewers, as their working hours, interviews and calendars allow.</p>
      {error && <Alert title="The link was not created">{Object.keys(error.fields).length ? "Correct the fields marked below." : error.message}</Alert>}
      <Field id="scheduling-link-title" label="Title" error={fieldError("title")} required>
        <input {...describedBy("scheduling-link-title", fieldError("title"))} value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} className={inputClass} required />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="scheduling-link-duration" label="Duration (minutes)" hint="15 to 480." error={fieldError("duration_minutes")}>
          <input
            {...describedBy("scheduling-link-duration", fieldError("duration_minutes"), true)}
            type="number"
            inputMode="numeric"
            min={15}
            max={480}
            step={5}
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="scheduling-link-interval" label="Slots start" hint="From the start of each working range." error={fieldError("slot_interval_minutes")}>
          <select {...describedBy("scheduling-link-interval", fieldError("slot_interval_minutes"), true)} value={interval} onChange={(e) => setSlotInterval(e.target.value as typeof slotInterval)} className={inputClass}>
            <option value="15">Every 15 minutes</option>
            <option value="30">Every 30 minutes</option>
            {backToBack && <option value="duration">Back to back, every {minutes} minutes</option>}
          </select>
        </Field>
      </div>
      <fieldset aria-describedby={poolError ? "scheduling-link-pool-error" : "scheduling-link-pool-hint"}>
        <legend className="text-sm font-medium text-slate-800">Interviewers</legend>
        <p id="scheduling-link-pool-hint" className="text-xs text-slate-600">
          The candidate sees the times when at least one of them is free; the one with the fewest interviews that week takes it.
        </p>
        <ul className="mt-1.5 grid gap-1 sm:grid-cols-2">
          {members.map((member) => (
            <li key={member.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={pool.includes(member.id)} onChange={(e) => setPool((current) => (e.target.checked ? [...current, member.id] : current.filter((id) => id !== member.id)))} />
                {member.name ?? member.email}
              </label>
            </li>
          ))}
        </ul>
        {poolError && (
          <p id="scheduling-link-pool-error" className="mt-1 text-sm text-red-700" role="alert">
            {poolError}
          </p>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="scheduling-link-from" label="First day" error={fieldError("from")} hint={`Days in ${zone}; from now on the first day.`}>
          <input {...describedBy("scheduling-link-from", fieldError("from"), true)} type="date" value={firstDay} onChange={(e) => setFirstDay(e.target.value)} className={inputClass} />
        </Field>
        <Field id="scheduling-link-to" label="Last day" error={fieldError("to")} hint={`Through its end; at most ${MAX_WINDOW_DAYS} days in all.`}>
          <input {...describedBy("scheduling-link-to", fieldError("to"), true)} type="date" value={lastDay} onChange={(e) => setLastDay(e.target.value)} className={inputClass} />
        </Field>
        <Field id="scheduling-link-notice" label="Minimum notice (hours)" hint="A time starts at least this long after the candidate books." error={fieldError("min_notice_hours")}>
          <input
            {...describedBy("scheduling-link-notice", fieldError("min_notice_hours"), true)}
            type="number"
            inputMode="numeric"
            min={0}
            max={336}
            value={notice}
            onChange={(e) => setNotice(e.target.value)}
            className={inputClass}
          />
        </Field>
        <Field id="scheduling-link-expires" label="Link expires (optional)" hint="Empty: when the last day ends." error={fieldError("expires_at")}>
          <input {...describedBy("scheduling-link-expires", fieldError("expires_at"), true)} type="datetime-local" value={expiresAt} onChange={(e) => setExpiresAt(e.target.value)} className={inputClass} />
        </Field>
        <Field id="scheduling-link-video" label="Video call link" error={fieldError("video_url")}>
          <input {...describedBy("scheduling-link-video", fieldError("video_url"))} type="url" value={videoUrl} onChange={(e) => setVideoUrl(e.target.value)} className={inputClass} placeholder="https://" />
        </Field>
        <Field id="scheduling-link-location" label="Location" error={fieldError("location")}>
          <input {...describedBy("scheduling-link-location", fieldError("location"))} value={location} onChange={(e) => setLocation(e.target.value)} maxLength={500} className={inputClass} />
        </Field>
      </div>
      <div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={candidateEmail !== null && notify} disabled={candidateEmail === null} onChange={(e) => setNotify(e.target.checked)} aria-describedby="scheduling-link-notify-hint" />
          E-mail the link to the candidate
        </label>
        <p id="scheduling-link-notify-hint" className="mt-1 text-xs text-slate-600">
          {candidateEmail === null ? "The candidate has no e-mail address: copy the link and send it yourself." : `To ${candidateEmail}, with the scheduling link template of Settings → E-mail.`}
        </p>
        {fieldError("notify_candidate") && (
          <p className="mt-1 text-sm text-red-700" role="alert">
            {fieldError("notify_candidate")}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : candidateEmail !== null && notify ? "Create and e-mail the link" : "Create the link"}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
