"use client";

import type { InterviewDto } from "@hireflow/core/interview/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { TimeZoneChooser } from "@/components/time-zone-chooser";
import { Alert, Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { knownZone, wallTime, zonedInstant } from "@/lib/zoned-time";
import { DurationField } from "./interview-time-fields";

/**
 * Moves a scheduled interview (interviews.update, the API's PATCH /interviews/{id}): a new start in a
 * zone — at first the interview's own time and zone — and length. Everyone invited gets the updated
 * invitation (the same calendar event, a higher SEQUENCE), as the API describes.
 */
export function RescheduleForm({ interview, onDone, onClose }: { interview: InterviewDto; onDone: () => void; onClose: () => void }) {
  const trpc = useTrpc();
  const bookedZone = knownZone(interview.time_zone) ? interview.time_zone : "UTC";
  const [timeZone, setTimeZone] = useState(bookedZone);
  const [start, setStart] = useState(() => wallTime(interview.start_at, bookedZone));
  const [duration, setDuration] = useState(Math.round((Date.parse(interview.end_at) - Date.parse(interview.start_at)) / 60_000));
  const [missingStart, setMissingStart] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const prefix = `reschedule-${interview.id}`;

  // Opened from the interview's Reschedule button: the form's first field is where the member goes next.
  useEffect(() => first.current?.focus(), []);

  const save = useMutation({
    mutationFn: () => {
      const startAt = zonedInstant(start, timeZone);
      return trpc.interviews.update.mutate({
        id: String(interview.id),
        start_at: startAt.toISOString(),
        end_at: new Date(startAt.getTime() + duration * 60_000).toISOString(),
        time_zone: timeZone,
      });
    },
    onSuccess: onDone,
  });
  const error = save.error ? errorInfo(save.error) : null;
  const startError = missingStart ? "Choose a start time" : (error?.fields.start_at ?? error?.fields.end_at);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setMissingStart(!start);
    if (start) save.mutate();
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-2 space-y-3 rounded-md border border-slate-200 p-4" aria-labelledby={`${prefix}-heading`} data-testid="reschedule-form">
      <h4 id={`${prefix}-heading`} className="text-sm font-semibold text-slate-900">
        Reschedule {interview.title}
      </h4>
      {error && !error.fields.start_at && !error.fields.end_at && !error.fields.time_zone && <Alert title="Could not reschedule the interview">{error.message}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${prefix}-start`} label="New start" error={startError} required>
          <input ref={first} {...describedBy(`${prefix}-start`, startError)} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} className={inputClass} required />
        </Field>
        <DurationField id={`${prefix}-duration`} value={duration} onChange={setDuration} />
      </div>
      <TimeZoneChooser id={`${prefix}-zone`} value={timeZone} onChange={setTimeZone} error={error?.fields.time_zone} hint="The new start is in this zone; the updated invitations are written in it." />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Rescheduling…" : "Reschedule and send updates"}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Keep the time
        </Button>
      </div>
    </form>
  );
}
