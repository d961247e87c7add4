import { parseClock, WEEKDAYS, type WorkingRange } from "./working-hours.ts";
import { addDays, dayKey, instantOf, wallTimeAt, weekdayOf } from "./zone.ts";

/**
 * The free slots of an interviewer pool: one pure function of its input (no clock, no I/O), so the
 * candidate's page, the booking's re-check and the coordinator's form all ask the same question.
 *
 * A slot [start, start + duration) is offered for a member when
 * - it lies inside one working range of theirs, read in their zone on that local day (zone.ts says
 *   how the nights of daylight-saving changes are read; touching ranges count as one);
 * - it starts on that range's grid: the range's start, then every `gridMinutes` of elapsed time;
 * - it overlaps none of their busy time: their interviews widened by their buffer on both sides, and
 *   their calendar feed's events as they are (half-open: an interview ending at 10:00 leaves 10:00 free
 *   when there is no buffer);
 * - they have fewer than `maxInterviewsPerDay` interviews starting on that local day (null: no cap;
 *   0: never, which the availability check does not let through);
 * - it starts at or after both `from` and `now + minNoticeHours`, and ends at or before `to`.
 * The pool's slots are the union of the members' (zones give members different grids); one start
 * is one slot, with every member free for it in pool order.
 */

export interface BusyInterval {
  start: Date;
  end: Date;
}

export interface PoolMember {
  userId: string;
  /** IANA name, checked beforehand (working-hours.ts). */
  timeZone: string;
  workingHours: readonly WorkingRange[];
  bufferMinutes: number;
  /** null: no cap. */
  maxInterviewsPerDay: number | null;
  /** Their scheduled (not canceled) Hireflow interviews: busy, buffered, and counted toward the cap. */
  interviews: readonly BusyInterval[];
  /** Busy time from their calendar feed (no buffer, not counted). */
  feedBusy: readonly BusyInterval[];
}

export interface SlotsInput {
  now: Date;
  from: Date;
  to: Date;
  durationMinutes: number;
  /** 15, 30 or the duration (a link's setting); any whole number of minutes works. */
  gridMinutes: number;
  minNoticeHours: number;
  pool: readonly PoolMember[];
}

export interface Slot {
  startAt: Date;
  endAt: Date;
  userIds: string[];
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** A window longer than this is a caller's mistake; it would only cost time. */
export const MAX_WINDOW_DAYS = 400;

export function computeSlots(input: SlotsInput): Slot[] {
  const duration = wholeMinutes(input.durationMinutes, "durationMinutes") * MINUTE;
  const grid = wholeMinutes(input.gridMinutes, "gridMinutes") * MINUTE;
  if (!Number.isFinite(input.minNoticeHours) || input.minNoticeHours < 0) throw new RangeError("minNoticeHours must be 0 or more");
  const earliest = Math.max(time(input.from, "from"), time(input.now, "now") + input.minNoticeHours * HOUR);
  const latest = time(input.to, "to");
  if (latest - time(input.from, "from") > MAX_WINDOW_DAYS * DAY) throw new RangeError(`The window is longer than ${MAX_WINDOW_DAYS} days`);

  const byStart = new Map<number, string[]>();
  if (earliest + duration > latest) return [];
  for (const member of input.pool) {
    for (const start of memberStarts(member, earliest, latest, duration, grid)) {
      const ids = byStart.get(start);
      if (!ids) byStart.set(start, [member.userId]);
      else if (!ids.includes(member.userId)) ids.push(member.userId);
    }
  }
  return [...byStart.keys()]
    .sort((a, b) => a - b)
    .map((start) => ({ startAt: new Date(start), endAt: new Date(start + duration), userIds: byStart.get(start)! }));
}

/** The slot starts one member can take, ascending. */
function memberStarts(member: PoolMember, earliest: number, latest: number, duration: number, grid: number): number[] {
  const zone = member.timeZone;
  const busy = busyOf(member);
  const cap = member.maxInterviewsPerDay;
  const perDay = new Map<number, number>();
  if (cap !== null && cap !== undefined) {
    for (const interview of member.interviews) {
      const key = dayKey(wallTimeAt(zone, interview.start.getTime()));
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
  }
  const week = rangesByWeekday(member.workingHours);
  const starts: number[] = [];
  // From the local day before `earliest` (a range of that day may still be running) to `latest`'s.
  const last = dayKey(wallTimeAt(zone, latest));
  for (let date = addDays(wallTimeAt(zone, earliest), -1); dayKey(date) <= last; date = addDays(date, 1)) {
    const ranges = week[weekdayOf(date)]!;
    if (ranges.length === 0) continue;
    if (cap !== null && cap !== undefined && (perDay.get(dayKey(date)) ?? 0) >= cap) continue;
    for (const [startMinute, endMinute] of ranges) {
      const rangeStart = instantOf(zone, { ...date, minutes: startMinute }, "earlier");
      const rangeEnd = instantOf(zone, { ...date, minutes: endMinute }, "later");
      const end = Math.min(rangeEnd, latest);
      let slot = rangeStart < earliest ? rangeStart + Math.ceil((earliest - rangeStart) / grid) * grid : rangeStart;
      for (; slot + duration <= end; slot += grid) {
        if (!busy.overlaps(slot, slot + duration)) starts.push(slot);
      }
    }
  }
  return starts;
}

/**
 * Sunday-first list of each weekday's ranges in minutes, sorted, with touching or overlapping ranges
 * joined (the availability check refuses overlaps; joining keeps this function total anyway).
 */
function rangesByWeekday(hours: readonly WorkingRange[]): [number, number][][] {
  const week: [number, number][][] = [[], [], [], [], [], [], []];
  for (const range of hours) {
    const start = parseClock(range.start);
    const end = parseClock(range.end);
    const index = WEEKDAYS.indexOf(range.day);
    if (start === null || end === null || start >= end || index < 0) continue;
    week[(index + 1) % 7]!.push([start, end]);
  }
  for (const [i, ranges] of week.entries()) {
    ranges.sort((a, b) => a[0] - b[0]);
    const joined: [number, number][] = [];
    for (const range of ranges) {
      const previous = joined[joined.length - 1];
      if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
      else joined.push([range[0], range[1]]);
    }
    week[i] = joined;
  }
  return week;
}

/** A member's busy time as sorted, disjoint [start, end) pairs, and the one question asked of it. */
function busyOf(member: PoolMember) {
  const buffer = Math.max(0, member.bufferMinutes || 0) * MINUTE;
  const raw: [number, number][] = [];
  for (const interview of member.interviews) raw.push([interview.start.getTime() - buffer, interview.end.getTime() + buffer]);
  for (const event of member.feedBusy) raw.push([event.start.getTime(), event.end.getTime()]);
  const intervals = raw.filter(([start, end]) => Number.isFinite(start) && Number.isFinite(end) && end > start).sort((a, b) => a[0] - b[0]);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const [start, end] of intervals) {
    const last = ends.length - 1;
    if (last >= 0 && start <= ends[last]!) ends[last] = Math.max(ends[last]!, end);
    else {
      starts.push(start);
      ends.push(end);
    }
  }
  return {
    /** Whether [from, to) meets a busy interval: binary search for the first interval ending after `from`. */
    overlaps(from: number, to: number): boolean {
      let low = 0;
      let high = ends.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (ends[mid]! <= from) low = mid + 1;
        else high = mid;
      }
      return low < starts.length && starts[low]! < to;
    },
  };
}

function wholeMinutes(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0 || value > 24 * 60) throw new RangeError(`${name} must be a whole number of minutes from 1 to 1440`);
  return value;
}

function time(value: Date, name: string): number {
  const ms = value instanceof Date ? value.getTime() : Number.NaN;
  if (!Number.isFinite(ms)) throw new RangeError(`${name} must be a valid Date`);
  return ms;
}
