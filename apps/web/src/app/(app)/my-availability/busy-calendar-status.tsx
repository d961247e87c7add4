import type { AvailabilityDto } from "@hireflow/core/scheduling/contract";
import { Alert, Time } from "@/components/ui";

/**
 * What the saved busy calendar does now (`busy_calendar` of availability.get): read fine, read with
 * an error but a recent copy in use, or stale — no good copy younger than a day, so its busy time is
 * ignored and candidates may be offered times the member is busy elsewhere.
 */
const sentence = (text: string) => text.trim().replace(/[.!]+$/, "");

export function BusyCalendarStatus({ status, self }: { status: AvailabilityDto["busy_calendar"]; self: boolean }) {
  const whose = self ? "your" : "their";
  if (!status.connected) {
    return <p className="text-sm text-slate-600" data-testid="busy-calendar-status">No busy calendar connected: only {whose} Hireflow interviews count as busy time.</p>;
  }
  if (status.stale) {
    return (
      <div data-testid="busy-calendar-status">
        <Alert tone="red" title="The calendar could not be read: its busy time is ignored">
          {status.fetched_at ? (
            <>
              It has not been read successfully since <Time iso={status.fetched_at} />.
            </>
          ) : (
            "It has never been read successfully."
          )}{" "}
          {status.error && <>The last attempt said: {sentence(status.error)}. </>}
          Until it can be read, candidates may be offered times when {self ? "you are" : "this member is"} busy in it. Check the address below, or paste it again.
        </Alert>
      </div>
    );
  }
  if (status.error) {
    return (
      <div data-testid="busy-calendar-status">
        <Alert tone="amber" title="The calendar could not be read the last time">
          {sentence(status.error)}. The copy read <Time iso={status.fetched_at} /> is used until it is a day old.
        </Alert>
      </div>
    );
  }
  return (
    <div data-testid="busy-calendar-status">
      <Alert tone="green" title="Calendar connected">
        Its events count as busy time. Last read <Time iso={status.fetched_at} />; it is read again every few minutes when candidates look for times.
      </Alert>
    </div>
  );
}
