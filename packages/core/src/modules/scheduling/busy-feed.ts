import ICAL from "ical.js";
import { CalendarFeedError } from "./feed-error.ts";
import type { BusyInterval } from "./slots.ts";
import { isValidTimeZone } from "../../kernel/contract/time-zone.ts";
import { instantOf, instantOfLocal, wallTimeAt } from "./zone.ts";

/**
 * Busy time from a member's published calendar (the secret iCalendar address of Google Calendar or
 * Outlook), within a window. ical.js reads the file and expands recurrences; turning wall-clock times
 * into instants is ours (zone.ts), because ical.js knows no zone unless the feed carries a VTIMEZONE
 * and Google's feeds often name an IANA zone without one.
 *
 * How each kind of time is read:
 * - `…Z` (UTC): as is. TZID naming an IANA zone (also "/mozilla.org/…/Europe/Berlin"): the runtime's tz
 *   database, whether or not a VTIMEZONE is present. Another TZID ("W. Europe Standard Time") with its
 *   VTIMEZONE: ical.js's reading of that VTIMEZONE. Unknown TZID, or none (floating): the member's zone.
 * - All-day (DATE) events: busy from the member's local midnight of the first day to that of the end
 *   date (DTEND is exclusive; without DTEND or DURATION, one day).
 * - A timed event without DTEND or DURATION takes no time (RFC 5545 §3.6.1): not busy.
 * - Free: TRANSP:TRANSPARENT, STATUS:CANCELLED, X-MICROSOFT-CDO-BUSYSTATUS:FREE.
 * - Recurrences (RRULE, RDATE) are expanded only up to the window's end; EXDATE removes an instance
 *   (matched on its instant, or its date for DATE values); an event with RECURRENCE-ID replaces its
 *   instance (moved, or cancelled when that override is free). RANGE=THISANDFUTURE is read as that one
 *   instance; RDATEs are read in DTSTART's zone.
 *
 * A hostile feed cannot hang this: the text is capped, the events are counted, rules more frequent
 * than daily are not expanded (neither calendar publishes them), long-running daily and weekly rules
 * are fast-forwarded to the window, and every step of ical.js's recurrence loop is counted against a
 * budget per event and per feed. An event that cannot be read or exceeds its budget is skipped and
 * counted; an unreadable file or a feed over its budget throws CalendarFeedError.
 */

type Component = InstanceType<typeof ICAL.Component>;
type Time = InstanceType<typeof ICAL.Time>;
type Duration = InstanceType<typeof ICAL.Duration>;
type Recur = InstanceType<typeof ICAL.Recur>;

export const MAX_FEED_BYTES = 2 * 1024 * 1024;
export const MAX_FEED_EVENTS = 20_000;
/** ical.js takes 5–15 µs a step: these bound a feed's cost to about a second. */
const MAX_STEPS_PER_EVENT = 10_000;
const MAX_STEPS_PER_FEED = 100_000;
/**
 * A backstop for what the step counts do not see (ical.js's own set-up of a rule), in CPU time: on a
 * busy server wall time would also count the neighbours' work.
 */
const MAX_PARSE_CPU_MS = 5_000;
const DAY_MS = 86_400_000;
const SUB_DAILY = new Set(["SECONDLY", "MINUTELY", "HOURLY"]);
/** Outlook starts its zones' rules in 1601; rules from earlier would be read year by year from there. */
const MIN_ZONE_YEAR = 1583;
/** Times ical.js converts through a feed's VTIMEZONE: beyond these it would expand the zone that far. */
const ZONE_YEARS = [1583, 2300] as const;

export interface BusyFeed {
  /** Sorted, merged, clipped to the window. */
  busy: BusyInterval[];
  /** Events left out because they could not be read or expanded within bounds. */
  skippedEvents: number;
}

/** Stops one event; the feed goes on. */
class SkipEvent extends Error {}

interface Context {
  zone: string;
  from: number;
  to: number;
  feedSteps: number;
  eventSteps: number;
  deadline: number;
}

export function parseBusyFeed(icsText: string, window: { from: Date; to: Date }, memberTimeZone: string): BusyFeed {
  const from = window.from.getTime();
  const to = window.to.getTime();
  if (!(from < to)) throw new RangeError("The window must end after it starts");
  if (!isValidTimeZone(memberTimeZone)) throw new RangeError(`Unknown time zone ${memberTimeZone}`);
  if (icsText.length > MAX_FEED_BYTES || Buffer.byteLength(icsText, "utf8") > MAX_FEED_BYTES) {
    throw new CalendarFeedError("too_large", `The calendar feed is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`);
  }
  if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(icsText)) throw new CalendarFeedError("not_icalendar", "The address does not serve an iCalendar feed");

  let calendars: Component[];
  try {
    const parsed = ICAL.parse(icsText) as unknown[];
    const list = (typeof parsed[0] === "string" ? [parsed] : parsed) as unknown[][];
    calendars = list.map((jcal) => new ICAL.Component(jcal as never)).filter((c) => c.name === "vcalendar");
  } catch (error) {
    throw new CalendarFeedError("malformed", "The calendar feed is not valid iCalendar", { cause: error });
  }
  if (calendars.length === 0) throw new CalendarFeedError("malformed", "The calendar feed holds no calendar");
  for (const calendar of calendars) keepForeignZones(calendar);
  const events = calendars.flatMap((c) => c.getAllSubcomponents("vevent"));
  if (events.length > MAX_FEED_EVENTS) throw new CalendarFeedError("too_large", `The calendar feed has more than ${MAX_FEED_EVENTS} events`);

  const ctx: Context = { zone: memberTimeZone, from, to, feedSteps: 0, eventSteps: 0, deadline: cpuMs() + MAX_PARSE_CPU_MS };
  const overrides = overriddenInstances(events, ctx);
  const busy: [number, number][] = [];
  let skippedEvents = 0;
  for (const event of events) {
    ctx.eventSteps = 0;
    try {
      readEvent(event, ctx, overrides, busy);
    } catch (error) {
      if (CalendarFeedError.isInstance(error)) throw error;
      skippedEvents++;
    }
    if (cpuMs() > ctx.deadline) tooComplex();
  }
  return { busy: mergeClipped(busy, from, to), skippedEvents };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function tooComplex(): never {
  throw new CalendarFeedError("too_complex", "The calendar feed has too many or too complex recurring events to read");
}

/**
 * ical.js reads a VTIMEZONE by expanding its rules year by year, uncounted. Only the zones it is needed
 * for stay: a TZID that is not an IANA name ("W. Europe Standard Time"), defined by yearly rules from a
 * plausible year. An IANA-named zone is read from the tz database instead; without its VTIMEZONE,
 * ical.js treats such times as floating (wall clock), which is what the rest of this file expects.
 */
function keepForeignZones(calendar: Component): void {
  for (const zone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = zone.getFirstPropertyValue("tzid");
    if (typeof tzid !== "string" || ianaZone(tzid) || !isPlainZone(zone)) calendar.removeSubcomponent(zone);
  }
}

function isPlainZone(zone: Component): boolean {
  const observances = zone.getAllSubcomponents();
  if (observances.length > 500) return false;
  let ruled = 0;
  for (const observance of observances) {
    const rules = observance.getAllProperties("rrule");
    if (rules.length === 0) continue;
    if (rules.length > 1 || ++ruled > 10) return false;
    const rule = rules[0]!.getFirstValue() as Recur;
    const start = observance.getFirstPropertyValue("dtstart");
    if (rule.freq !== "YEARLY" || !(start instanceof ICAL.Time) || start.year < MIN_ZONE_YEAR) return false;
  }
  return true;
}

/** UID → the instants of its instances that an override (RECURRENCE-ID) replaces. */
function overriddenInstances(events: Component[], ctx: Context): Map<string, Set<number>> {
  const map = new Map<string, Set<number>>();
  for (const event of events) {
    const property = event.getFirstProperty("recurrence-id");
    const uid = event.getFirstPropertyValue("uid");
    if (!property || typeof uid !== "string") continue;
    try {
      const instant = toInstant(property.getFirstValue() as Time, tzidOf(property), ctx);
      let set = map.get(uid);
      if (!set) map.set(uid, (set = new Set()));
      set.add(instant);
    } catch {
      // An unreadable RECURRENCE-ID overrides nothing; the event itself is skipped later.
    }
  }
  return map;
}

function isFree(event: Component): boolean {
  const upper = (name: string) => String(event.getFirstPropertyValue(name) ?? "").trim().toUpperCase();
  return upper("status") === "CANCELLED" || upper("transp") === "TRANSPARENT" || upper("x-microsoft-cdo-busystatus") === "FREE";
}

function readEvent(event: Component, ctx: Context, overrides: Map<string, Set<number>>, busy: [number, number][]): void {
  if (isFree(event)) return;
  const startProperty = event.getFirstProperty("dtstart");
  if (!startProperty) throw new SkipEvent("no DTSTART");
  const start = startProperty.getFirstValue() as Time;
  const tzid = tzidOf(startProperty);
  const length = lengthOf(event, start, tzid, ctx);
  if (length === null) return;
  const add = (occurrence: Time, instant: number) => {
    const end = length.kind === "nominal" ? toInstant(plus(occurrence, length.duration), tzid, ctx) : instant + length.ms;
    if (end > instant && end > ctx.from && instant < ctx.to) busy.push([instant, end]);
  };

  const recurring = (event.hasProperty("rrule") || event.hasProperty("rdate")) && !event.hasProperty("recurrence-id");
  if (!recurring) {
    add(start, toInstant(start, tzid, ctx));
    return;
  }

  const rules = event.getAllProperties("rrule").map((p) => p.getFirstValue() as Recur);
  if (rules.some((rule) => SUB_DAILY.has(String(rule.freq)))) throw new SkipEvent("sub-daily recurrence");
  // ical.js compares UNTIL with the occurrences on its own clock, which for a zone it does not know
  // (an IANA TZID without VTIMEZONE, or floating) is the wall clock: give it UNTIL on that clock.
  if (start.zone === ICAL.Timezone.localTimezone && !start.isDate) {
    for (const rule of rules) {
      const until = rule.until;
      if (until && !until.isDate && until.zone === ICAL.Timezone.utcTimezone) {
        rule.until = wallTime(Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second), tzid, ctx);
      }
    }
  }
  const excluded = exclusions(event, tzid, ctx);
  const replaced = overrides.get(String(event.getFirstPropertyValue("uid") ?? "")) ?? new Set<number>();

  const expansion = new ICAL.RecurExpansion({ component: event, dtstart: fastForward(start, rules, length, ctx) });
  countSteps(expansion, ctx);
  for (;;) {
    step(ctx);
    const occurrence = expansion.next();
    if (!occurrence) break;
    const instant = toInstant(occurrence, tzid, ctx);
    if (instant >= ctx.to) break;
    if (replaced.has(instant) || excluded.instants.has(instant) || excluded.dates.has(dateOf(occurrence))) continue;
    add(occurrence, instant);
  }
}

/** How long each instance lasts: on the wall clock (DTEND in DTSTART's zone, DURATION), or exactly. */
function lengthOf(event: Component, start: Time, tzid: string | null, ctx: Context): { kind: "nominal"; duration: Duration } | { kind: "exact"; ms: number } | null {
  const endProperty = event.getFirstProperty("dtend");
  if (endProperty) {
    const end = endProperty.getFirstValue() as Time;
    const endTzid = tzidOf(endProperty);
    if (end.isDate === start.isDate && endTzid === tzid && end.zone === start.zone) {
      return { kind: "nominal", duration: end.subtractDate(start) };
    }
    return { kind: "exact", ms: toInstant(end, endTzid, ctx) - toInstant(start, tzid, ctx) };
  }
  const duration = event.getFirstPropertyValue("duration");
  if (duration instanceof ICAL.Duration) return { kind: "nominal", duration };
  if (start.isDate) return { kind: "nominal", duration: ICAL.Duration.fromData({ days: 1 }) };
  return null;
}

function plus(time: Time, duration: Duration): Time {
  const result = time.clone();
  result.addDuration(duration);
  return result;
}

/** EXDATE values as instants, and as dates where they are DATE values. */
function exclusions(event: Component, tzid: string | null, ctx: Context): { instants: Set<number>; dates: Set<string> } {
  const instants = new Set<number>();
  const dates = new Set<string>();
  for (const property of event.getAllProperties("exdate")) {
    const zone = tzidOf(property) ?? tzid;
    for (const value of property.getValues() as Time[]) {
      if (value.isDate) dates.add(dateOf(value));
      else instants.add(toInstant(value, zone, ctx));
    }
  }
  // Matched here on instants; ical.js's own matching compares on its clock (see UNTIL above).
  event.removeAllProperties("exdate");
  return { instants, dates };
}

function dateOf(time: Time): string {
  return `${time.year}-${time.month}-${time.day}`;
}

/**
 * A daily or weekly rule that began years ago would take ical.js thousands of steps to reach the
 * window. Without COUNT, and with only BY-parts that repeat every week or day, the series from
 * DTSTART + k whole periods on is the same series, so expansion starts there: at least one event
 * length (and two days) before the window, so that an instance the shift might invent is over
 * before the window begins.
 */
function fastForward(start: Time, rules: Recur[], length: { kind: "nominal"; duration: Duration } | { kind: "exact"; ms: number }, ctx: Context): Time {
  if (rules.length !== 1) return start;
  const rule = rules[0]!;
  if (rule.count || (rule.freq !== "DAILY" && rule.freq !== "WEEKLY")) return start;
  const parts = rule.parts ?? {};
  if (Object.keys(parts).some((part) => !["BYDAY", "BYHOUR", "BYMINUTE", "BYSECOND"].includes(part))) return start;
  const interval = Math.max(1, rule.interval || 1);
  const periodDays = rule.freq === "WEEKLY" ? 7 * interval : parts.BYDAY ? lcm(interval, 7) : interval;
  const lengthMs = length.kind === "exact" ? length.ms : length.duration.toSeconds() * 1000;
  const target = ctx.from - Math.max(0, lengthMs) - 2 * DAY_MS;
  const startDay = Math.floor(Date.UTC(start.year, start.month - 1, start.day) / DAY_MS);
  const days = Math.floor((Math.floor(target / DAY_MS) - startDay) / periodDays) * periodDays;
  if (days <= periodDays) return start;
  const shifted = start.clone();
  shifted.adjust(days, 0, 0, 0);
  return shifted;
}

function lcm(a: number, b: number): number {
  const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
  return (a / gcd(a, b)) * b;
}

function step(ctx: Context): void {
  if (++ctx.eventSteps > MAX_STEPS_PER_EVENT) throw new SkipEvent("too many steps");
  if (++ctx.feedSteps > MAX_STEPS_PER_FEED) tooComplex();
}

/**
 * ical.js's RecurIterator.next() loops until a candidate passes the rule's BY-parts, which for a rule
 * no date satisfies (BYMONTHDAY=31 in a DAILY rule limited to February) is forever. Every turn of that
 * loop calls check_contracting_rules, so counting those calls bounds it.
 */
function countSteps(expansion: InstanceType<typeof ICAL.RecurExpansion>, ctx: Context): void {
  const iterators = (expansion as unknown as { ruleIterators?: { check_contracting_rules: () => boolean }[] }).ruleIterators;
  if (!Array.isArray(iterators)) throw new Error("ical.js RecurExpansion changed shape: ruleIterators is missing");
  for (const iterator of iterators) {
    const check = iterator.check_contracting_rules;
    if (typeof check !== "function") throw new Error("ical.js RecurIterator changed shape: check_contracting_rules is missing");
    iterator.check_contracting_rules = function (this: unknown) {
      step(ctx);
      if ((ctx.feedSteps & 1023) === 0 && cpuMs() > ctx.deadline) tooComplex();
      return check.call(this);
    };
  }
}

/** "Europe/Berlin", also inside the "/mozilla.org/20050126_1/Europe/Berlin" style of some exporters; else null. */
const ianaCache = new Map<string, string | null>();
function ianaZone(tzid: string): string | null {
  let found = ianaCache.get(tzid);
  if (found !== undefined) return found;
  found = null;
  const trimmed = tzid.trim().replace(/^"|"$/g, "");
  if (/\//.test(trimmed) || /^(UTC|GMT|Etc\/)/i.test(trimmed)) {
    const segments = trimmed.split("/").filter(Boolean);
    for (let take = Math.min(3, segments.length); take >= 1 && !found; take--) {
      const candidate = segments.slice(-take).join("/");
      if (isValidTimeZone(candidate)) found = candidate;
    }
  }
  if (ianaCache.size > 1_000) ianaCache.clear();
  ianaCache.set(tzid, found);
  return found;
}

function tzidOf(property: { getParameter(name: string): unknown }): string | null {
  const value = property.getParameter("tzid");
  return typeof value === "string" && value ? value : null;
}

/** The instant a feed time names (see the file comment for the rules). */
function toInstant(time: Time, tzid: string | null, ctx: Context): number {
  if (time.isDate) return instantOf(ctx.zone, { year: time.year, month: time.month, day: time.day, minutes: 0 }, "earlier");
  if (time.zone === ICAL.Timezone.utcTimezone) return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const local = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const iana = tzid ? ianaZone(tzid) : null;
  if (iana) return instantOfLocal(iana, local, "earlier");
  if (tzid && time.zone && time.zone !== ICAL.Timezone.localTimezone) {
    if (time.year < ZONE_YEARS[0] || time.year > ZONE_YEARS[1]) throw new SkipEvent("a date far outside the feed's zone rules");
    return time.toUnixTime() * 1000;
  }
  return instantOfLocal(ctx.zone, local, "earlier");
}

/** An instant as a floating ical.js time on the wall clock of the event's zone. */
function wallTime(instant: number, tzid: string | null, ctx: Context): Time {
  const zone = (tzid && ianaZone(tzid)) || ctx.zone;
  const wall = wallTimeAt(zone, instant);
  const seconds = Math.floor(instant / 1000) % 60;
  return new ICAL.Time({ year: wall.year, month: wall.month, day: wall.day, hour: Math.floor(wall.minutes / 60), minute: wall.minutes % 60, second: (seconds + 60) % 60, isDate: false }, ICAL.Timezone.localTimezone);
}

function mergeClipped(intervals: [number, number][], from: number, to: number): BusyInterval[] {
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [rawStart, rawEnd] of intervals) {
    const start = Math.max(rawStart, from);
    const end = Math.min(rawEnd, to);
    if (end <= start) continue;
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => ({ start: new Date(start), end: new Date(end) }));
}
