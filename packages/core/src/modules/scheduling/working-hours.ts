import { isValidTimeZone } from "../../kernel/contract/time-zone.ts";

/**
 * A member's availability settings as the API takes them, and the checks that turn a bad one into
 * a list of problems (the caller maps them to a 400). Paths use the API's field names so they can
 * go into an error's details as they are.
 */

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One range of working time on a weekday, wall-clock "HH:MM" in the member's zone; end may be "24:00". */
export interface WorkingRange {
  day: Weekday;
  start: string;
  end: string;
}

export interface AvailabilityProblem {
  path: string;
  message: string;
}

/** Mon–Fri 09:00–17:00, the default (in the company's zone when the member has none). */
export const DEFAULT_WORKING_HOURS: readonly WorkingRange[] = Object.freeze(
  (["mon", "tue", "wed", "thu", "fri"] as const).map((day) => Object.freeze({ day, start: "09:00", end: "17:00" })),
);

/** More would be a mistake, not a working week: 7 days × a few ranges. */
export const MAX_WORKING_RANGES = 50;
export const MAX_BUFFER_MINUTES = 240;
export const MAX_INTERVIEWS_PER_DAY = 50;

const CLOCK = /^(\d{2}):(\d{2})$/;

/** "HH:MM" → minutes since midnight, 00:00–24:00; null when not such a time. */
export function parseClock(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = CLOCK.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return null;
  return hours * 60 + minutes;
}

export function timeZoneProblems(zone: unknown, path = "time_zone"): AvailabilityProblem[] {
  if (typeof zone !== "string" || !isValidTimeZone(zone)) {
    return [{ path, message: "Must be an IANA time zone such as Europe/Berlin" }];
  }
  return [];
}

/**
 * Problems of a working-hours list: unknown days, times that are not "HH:MM" between 00:00 and 24:00,
 * a start not before its end, and ranges of one day that overlap (touching is fine: 09:00–12:00 and
 * 12:00–17:00 are one working stretch for the slots).
 */
export function workingHoursProblems(ranges: unknown, path = "working_hours"): AvailabilityProblem[] {
  if (!Array.isArray(ranges)) return [{ path, message: "Must be a list of {day, start, end}" }];
  if (ranges.length > MAX_WORKING_RANGES) return [{ path, message: `At most ${MAX_WORKING_RANGES} ranges` }];
  const problems: AvailabilityProblem[] = [];
  const valid: { index: number; day: Weekday; start: number; end: number }[] = [];
  ranges.forEach((range: unknown, index) => {
    const at = `${path}[${index}]`;
    if (typeof range !== "object" || range === null) {
      problems.push({ path: at, message: "Must be {day, start, end}" });
      return;
    }
    const { day, start, end } = range as Record<string, unknown>;
    const okDay = typeof day === "string" && (WEEKDAYS as readonly string[]).includes(day);
    if (!okDay) problems.push({ path: `${at}.day`, message: `Must be one of ${WEEKDAYS.join(", ")}` });
    const from = parseClock(start);
    const to = parseClock(end);
    if (from === null || from === 1440) problems.push({ path: `${at}.start`, message: "Must be a time HH:MM from 00:00 to 23:59" });
    if (to === null) problems.push({ path: `${at}.end`, message: "Must be a time HH:MM from 00:00 to 24:00" });
    if (from !== null && to !== null && from !== 1440 && from >= to) {
      problems.push({ path: `${at}.end`, message: "Must be after start" });
      return;
    }
    if (okDay && from !== null && to !== null && from < to) valid.push({ index, day: day as Weekday, start: from, end: to });
  });
  valid.sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.start - b.start || a.index - b.index);
  // The range reaching furthest so far on the day: one long range can overlap several later ones.
  let reach: (typeof valid)[number] | undefined;
  for (const current of valid) {
    if (reach && reach.day === current.day && current.start < reach.end) {
      problems.push({ path: `${path}[${current.index}]`, message: `Overlaps ${path}[${reach.index}] on ${current.day}` });
    }
    if (!reach || reach.day !== current.day || current.end > reach.end) reach = current;
  }
  return problems;
}

/**
 * All problems of an availability setting. buffer_minutes: a whole number 0–240; max_interviews_per_day:
 * null (no cap) or a whole number 1–50 (0 would hide the member from every slot, which is what leaving
 * them out of the pool is for).
 */
export function availabilityProblems(input: {
  timeZone: unknown;
  workingHours: unknown;
  bufferMinutes?: unknown;
  maxInterviewsPerDay?: unknown;
}): AvailabilityProblem[] {
  const problems = [...timeZoneProblems(input.timeZone), ...workingHoursProblems(input.workingHours)];
  if (input.bufferMinutes !== undefined && !isWholeIn(input.bufferMinutes, 0, MAX_BUFFER_MINUTES)) {
    problems.push({ path: "buffer_minutes", message: `Must be a whole number of minutes from 0 to ${MAX_BUFFER_MINUTES}` });
  }
  if (input.maxInterviewsPerDay !== undefined && input.maxInterviewsPerDay !== null && !isWholeIn(input.maxInterviewsPerDay, 1, MAX_INTERVIEWS_PER_DAY)) {
    problems.push({ path: "max_interviews_per_day", message: `Must be null (no cap) or a whole number from 1 to ${MAX_INTERVIEWS_PER_DAY}` });
  }
  return problems;
}

function isWholeIn(value: unknown, min: number, max: number): boolean {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** A valid list in a stable order (by weekday, then start), for storing and showing. */
export function sortWorkingHours(ranges: readonly WorkingRange[]): WorkingRange[] {
  return [...ranges].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || parseClock(a.start)! - parseClock(b.start)!);
}
