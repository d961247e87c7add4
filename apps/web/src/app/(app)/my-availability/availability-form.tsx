"use client";

import { type AvailabilityDto, MAX_BUFFER_MINUTES, MAX_INTERVIEWS_PER_DAY } from "@hireflow/core/scheduling/contract";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { Alert, Button, Card, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { orderedRows, otherWorkingHoursError, rangeErrors, rangesOf, type RangeRow, rowsFromRanges } from "./availability-draft";
import { BusyCalendarStatus } from "./busy-calendar-status";
import { TimeZoneChooser } from "@/components/time-zone-chooser";
import { WorkingHoursFields } from "./working-hours-fields";

/** The fields this form shows errors beside; any other field's error is listed under the form. */
const SHOWN = /^(time_zone|buffer_minutes|max_interviews_per_day|busy_calendar_url|working_hours(\[\d+\](\.(day|start|end))?)?)$/;

function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * A member's availability for scheduling links (issue 42 §1), through availability.get / put: time
 * zone, working hours per weekday, buffer, daily cap and the busy calendar with the state of its last
 * read. `self`: the member's own (My availability); otherwise an owner or admin editing a member's.
 */
export function AvailabilityForm({ userId, initial, self }: { userId: string; initial: AvailabilityDto; self: boolean }) {
  const trpc = useTrpc();
  const [saved, setSaved] = useState(initial);
  const [zone, setZone] = useState(initial.time_zone);
  const [zoneNote, setZoneNote] = useState<string | null>(null);
  const [rows, setRows] = useState<RangeRow[]>(() => rowsFromRanges(initial.working_hours));
  const [buffer, setBuffer] = useState(String(initial.buffer_minutes));
  const [cap, setCap] = useState(initial.max_interviews_per_day === null ? "" : String(initial.max_interviews_per_day));
  const [url, setUrl] = useState(initial.busy_calendar_url ?? "");

  // Never set: start from the zone the member is in now (the browser's), not the company's.
  useEffect(() => {
    if (!self || !initial.is_default) return;
    const detected = browserZone();
    if (detected && detected !== initial.time_zone) {
      setZone(detected);
      setZoneNote(`Set to the zone of this device, ${detected}; the company's is ${initial.time_zone}.`);
    }
  }, [self, initial.is_default, initial.time_zone]);

  const save = useMutation({
    // The rows as sent: the 400's working_hours[i] index into them.
    mutationFn: (sent: RangeRow[]) =>
      trpc.availability.put.mutate({
        id: userId,
        time_zone: zone,
        working_hours: rangesOf(sent),
        // Not a whole number: sent as is, so the server's validation names the field.
        buffer_minutes: buffer.trim() === "" ? 0 : Number(buffer),
        max_interviews_per_day: cap.trim() === "" ? null : Number(cap),
        busy_calendar_url: url.trim() || null,
      }),
    onSuccess: ({ data }) => {
      setSaved(data);
      setZone(data.time_zone);
      setZoneNote(null);
      setRows(rowsFromRanges(data.working_hours));
      setBuffer(String(data.buffer_minutes));
      setCap(data.max_interviews_per_day === null ? "" : String(data.max_interviews_per_day));
      setUrl(data.busy_calendar_url ?? "");
    },
  });
  const error = save.error ? errorInfo(save.error) : null;
  const fields = error?.fields ?? {};
  const perRange = rangeErrors(fields, save.variables ?? []);
  const unplaced = Object.entries(fields).filter(([field]) => !SHOWN.test(field));
  const whose = self ? "your" : "their";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(orderedRows(rows));
  }

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-6" aria-label="Availability">
      {saved.is_default && (
        <Alert tone="indigo" title="Not set yet">
          Until {self ? "you save" : "it is saved"}, scheduling links offer {whose} time Monday to Friday, 09:00–17:00 in the company&apos;s time zone ({initial.time_zone}).
        </Alert>
      )}

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Time zone</h2>
          <p className="mt-1 text-sm text-slate-600">Working hours are in this zone, and follow its daylight-saving changes.</p>
        </div>
        <TimeZoneChooser id="availability-time-zone" value={zone} onChange={setZone} error={fields.time_zone} hint={zoneNote ?? undefined} />
      </Card>

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Working hours</h2>
          <p className="mt-1 text-sm text-slate-600">Candidates are offered times inside these ranges only, when {self ? "you are" : "the member is"} free. A day without a range is a day off.</p>
        </div>
        {otherWorkingHoursError(fields) && (
          <p className="text-sm text-red-700" role="alert">
            {otherWorkingHoursError(fields)}
          </p>
        )}
        <WorkingHoursFields rows={rows} onChange={setRows} errors={perRange} />
      </Card>

      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-slate-900">Interviews</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="availability-buffer" label="Buffer (minutes)" hint={`Kept free before and after each interview, 0 to ${MAX_BUFFER_MINUTES}.`} error={fields.buffer_minutes}>
            <input
              {...describedBy("availability-buffer", fields.buffer_minutes, true)}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_BUFFER_MINUTES}
              step={5}
              value={buffer}
              onChange={(e) => setBuffer(e.target.value)}
              className={inputClass}
            />
          </Field>
          <Field id="availability-cap" label="Interviews per day at most" hint={`1 to ${MAX_INTERVIEWS_PER_DAY}; empty: no cap.`} error={fields.max_interviews_per_day}>
            <input
              {...describedBy("availability-cap", fields.max_interviews_per_day, true)}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_INTERVIEWS_PER_DAY}
              value={cap}
              placeholder="No cap"
              onChange={(e) => setCap(e.target.value)}
              className={inputClass}
            />
          </Field>
        </div>
      </Card>

      <Card className="space-y-4 p-5">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Busy calendar</h2>
          <p className="mt-1 text-sm text-slate-600">
            Events in {whose} own calendar count as busy time too (events marked free do not). Hireflow only reads it, and only owners and admins see its address besides {self ? "you" : "the member"}.
          </p>
        </div>
        <BusyCalendarStatus status={saved.busy_calendar} self={self} />
        <Field
          id="availability-calendar"
          label="Secret iCal address"
          error={fields.busy_calendar_url}
          hint={
            <>
              Google Calendar: Settings → {whose} calendar under &ldquo;Settings for my calendars&rdquo; → Integrate calendar → <em>Secret address in iCal format</em>. Outlook: Settings → Calendar →
              Shared calendars → Publish a calendar → the <em>ICS</em> link. Keep it private: anyone with it can read the calendar. Leave empty for none.
            </>
          }
        >
          <input
            {...describedBy("availability-calendar", fields.busy_calendar_url, true)}
            type="url"
            value={url}
            placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setUrl(e.target.value)}
            className={`${inputClass} font-mono`}
          />
        </Field>
      </Card>

      {error && (
        <Alert title="Nothing was saved">
          {Object.keys(fields).length ? "Correct the fields marked above." : error.message}
          {unplaced.length > 0 && ` ${unplaced.map(([field, message]) => `${field}: ${message}`).join("; ")}`}
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save availability"}
        </Button>
        <p aria-live="polite" className="text-sm text-green-800" data-testid="availability-saved">
          {save.isSuccess && !save.isPending ? `Saved. Scheduling links offer ${whose} time by these settings from now on.` : ""}
        </p>
      </div>
    </form>
  );
}
