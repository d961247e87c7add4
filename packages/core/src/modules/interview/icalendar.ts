/**
 * iCalendar (RFC 5545) invitations, written by hand: a VCALENDAR with one VEVENT and the VTIMEZONE of
 * its zone. The VTIMEZONE is generated from the runtime's tz database (Intl) as the zone's actual
 * transitions around the event, so a client that does not know the zone (or knows an older rule)
 * still converts DTSTART;TZID correctly across a DST change. Lines are folded at 75 octets and end
 * with CRLF; text values are escaped.
 */

export interface CalendarPerson {
  name: string | null;
  email: string;
}

export interface CalendarEvent {
  method: "REQUEST" | "CANCEL";
  uid: string;
  sequence: number;
  /** When this version of the event was written (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: CalendarPerson;
  attendees: CalendarPerson[];
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "");
}

/** A parameter value (CN=…): quoted, since names hold `,` `;` `:`; DQUOTE and controls cannot appear at all. */
function paramValue(value: string): string {
  return `"${value.replace(/["\u0000-\u001F\u007F]/g, "")}"`;
}

/** Folds a content line so that no line exceeds 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // Continuation lines begin with a space, which counts towards their 75 octets.
    if (octets + size > MAX_LINE_OCTETS) {
      parts.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function formatUtc(date: Date): string {
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at an instant, in minutes east of UTC. */
export function offsetMinutes(timeZone: string, at: Date): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    offsetFormatters.set(timeZone, formatter);
  }
  const name = formatter.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Wall-clock time of an instant at a fixed offset, as an iCalendar local DATE-TIME (no Z). */
function formatAtOffset(at: Date, offset: number): string {
  return formatUtc(new Date(at.getTime() + offset * 60_000)).slice(0, -1);
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

export interface ZoneTransition {
  /** The first instant with the new offset. */
  at: Date;
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;

/**
 * The zone's offset changes in [from, to): found by stepping a day at a time (no zone changes its
 * offset twice within one day) and bisecting each change down to the second.
 */
export function zoneTransitions(timeZone: string, from: Date, to: Date): ZoneTransition[] {
  const transitions: ZoneTransition[] = [];
  let previous = offsetMinutes(timeZone, from);
  for (let t = from.getTime() + DAY_MS; t < to.getTime() + DAY_MS; t += DAY_MS) {
    const current = offsetMinutes(timeZone, new Date(t));
    if (current === previous) continue;
    let lo = Math.floor((t - DAY_MS) / 1000);
    let hi = Math.floor(t / 1000);
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetMinutes(timeZone, new Date(mid * 1000)) === previous) lo = mid;
      else hi = mid;
    }
    transitions.push({ at: new Date(hi * 1000), from: previous, to: current });
    previous = current;
  }
  return transitions;
}

/**
 * The VTIMEZONE of a zone for events between `start` and `end`: the offset in force a year before,
 * then every transition until a year after (each STANDARD or DAYLIGHT by whether it moves the clock
 * forward), each DTSTART the onset in the local time before it, as RFC 5545 §3.6.5 has it.
 */
export function vtimezone(timeZone: string, start: Date, end: Date): string[] {
  // Scanning a zone's offsets takes a few thousand Intl calls: computed once per zone and span of years.
  const cacheKey = `${timeZone}|${start.getUTCFullYear()}|${end.getUTCFullYear()}`;
  const cached = vtimezoneCache.get(cacheKey);
  if (cached) return cached;
  const lines = buildVtimezone(timeZone, start, end);
  if (vtimezoneCache.size >= 200) vtimezoneCache.delete(vtimezoneCache.keys().next().value!);
  vtimezoneCache.set(cacheKey, lines);
  return lines;
}

const vtimezoneCache = new Map<string, string[]>();

function buildVtimezone(timeZone: string, start: Date, end: Date): string[] {
  const windowStart = new Date(Date.UTC(start.getUTCFullYear() - 1, 0, 1));
  const windowEnd = new Date(Date.UTC(end.getUTCFullYear() + 2, 0, 1));
  const initial = offsetMinutes(timeZone, windowStart);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${timeZone}`];
  const component = (kind: "STANDARD" | "DAYLIGHT", onset: string, from: number, to: number) => {
    lines.push(`BEGIN:${kind}`, `DTSTART:${onset}`, `TZOFFSETFROM:${formatOffset(from)}`, `TZOFFSETTO:${formatOffset(to)}`, `END:${kind}`);
  };
  component("STANDARD", formatAtOffset(windowStart, initial), initial, initial);
  for (const transition of zoneTransitions(timeZone, windowStart, windowEnd)) {
    component(transition.to > transition.from ? "DAYLIGHT" : "STANDARD", formatAtOffset(transition.at, transition.from), transition.from, transition.to);
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

/**
 * DTSTART/DTEND in the zone's local time with TZID; an instant whose wall-clock time occurs twice
 * (the hour repeated when DST ends) is written in UTC instead, since a TZID time would be read as
 * its first occurrence.
 */
function dateTimeProperty(name: "DTSTART" | "DTEND", at: Date, timeZone: string): string {
  const offset = offsetMinutes(timeZone, at);
  const wall = at.getTime() + offset * 60_000;
  const readings = new Set(
    [offsetMinutes(timeZone, new Date(at.getTime() - DAY_MS)), offset, offsetMinutes(timeZone, new Date(at.getTime() + DAY_MS))]
      .map((candidate) => wall - candidate * 60_000)
      .filter((instant) => offsetMinutes(timeZone, new Date(instant)) * 60_000 + instant === wall),
  );
  if (readings.size > 1) return `${name}:${formatUtc(at)}`;
  return `${name};TZID=${timeZone}:${formatAtOffset(at, offset)}`;
}

function person(kind: "ORGANIZER" | "ATTENDEE", who: CalendarPerson, extra = ""): string {
  const cn = who.name ? `;CN=${paramValue(who.name)}` : "";
  return `${kind}${cn}${extra}:mailto:${who.email}`;
}

/** The whole .ics file: CRLF line ends, folded lines. */
export function calendarInvitation(event: CalendarEvent): string {
  const canceled = event.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Hireflow//Interviews//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...vtimezone(event.timeZone, event.start, event.end),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    dateTimeProperty("DTSTART", event.start, event.timeZone),
    dateTimeProperty("DTEND", event.end, event.timeZone),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    person("ORGANIZER", event.organizer),
    ...event.attendees.map((attendee) => person("ATTENDEE", attendee, `;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=${canceled ? "FALSE" : "TRUE"}`)),
    `STATUS:${canceled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
