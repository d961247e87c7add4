/**
 * Instants ↔ wall-clock times in an IANA zone, with the runtime's own tz data (Intl), for the forms
 * that take a time in a chosen zone and the lists that show an interview in one. Browser-safe.
 */

/** The zone's offset from UTC at an instant, in minutes (Intl's tz data, as the server's calendar files use). */
function offsetMinutes(timeZone: string, at: number): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** A wall-clock time ("2026-10-25T10:00", from an <input type=datetime-local>) in a zone → the instant. */
export function zonedInstant(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall}:00Z`);
  let instant = asUtc - offsetMinutes(timeZone, asUtc) * 60_000;
  // Once more with the offset at the first guess: right on both sides of a DST change.
  instant = asUtc - offsetMinutes(timeZone, instant) * 60_000;
  return new Date(instant);
}

/** An instant as the wall-clock time a zone's clock shows ("2026-10-25T10:00"): the value of an <input type=datetime-local>. */
export function wallTime(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  return new Date(at + offsetMinutes(timeZone, at) * 60_000).toISOString().slice(0, 16);
}

/** Whether the runtime knows the zone (a stored zone this browser's tz data lacks is shown in UTC instead of throwing). */
export function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * "Thu 3 Dec 2026" and "10:00" in the zone, put together from Intl's parts: Node's ICU and the
 * browsers' punctuate the whole differently ("Thu, 3 Dec"), and the server's and the browser's
 * rendering of a time must be the same text.
 */
function partsIn(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.weekday} ${parts.day} ${parts.month}`, year: parts.year, time: `${parts.hour}:${parts.minute}` };
}

/**
 * "Thu 3 Dec 2026, 10:00–11:00" in the zone; an end on another day there names that day too
 * ("Thu 3 Dec 2026, 23:30 – Fri 4 Dec, 00:30").
 */
export function formatSpan(startIso: string, endIso: string, timeZone: string): string {
  const zone = knownZone(timeZone) ? timeZone : "UTC";
  const start = partsIn(startIso, zone);
  const end = partsIn(endIso, zone);
  const sameDay = start.day === end.day && start.year === end.year;
  return sameDay ? `${start.day} ${start.year}, ${start.time}–${end.time}` : `${start.day} ${start.year}, ${start.time} – ${end.day}, ${end.time}`;
}

/** A zone's name as people read it: "America/New York". */
export function zoneLabel(timeZone: string): string {
  return timeZone.replace(/_/g, " ");
}
