/**
 * Wall clock ↔ instant in an IANA time zone, from the runtime's own tz database (Intl), so no zone
 * data ships with us and a zone follows whatever rules Node's ICU knows.
 *
 * One rule for the two odd nights of a daylight-saving zone, used by working hours and by calendar
 * feeds alike: a wall-clock time names the instants at which the member's clock shows it.
 * - Skipped (spring forward, e.g. 02:30 in Berlin on 2026-03-29): the clock never shows it; it maps
 *   to the instant of the jump, the first moment the clock shows a later time. A working range
 *   02:30–10:00 that night therefore starts at 03:00 local.
 * - Repeated (fall back, e.g. 02:30 in Berlin on 2026-10-25): the clock shows it twice; `earlier`
 *   takes the first, `later` the second. Working ranges start at the earlier and end at the later
 *   instant, so a range covers every moment its times are on the clock.
 */

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** Minutes since local midnight; 1440 is the next day's midnight. */
  minutes: number;
}

interface ZoneInfo {
  format: Intl.DateTimeFormat;
  /**
   * Offset (ms, local − UTC) by UTC day, or NaN for a day on which it changes. Intl is slow (a few µs a
   * call) and slots ask thousands of times; a day's offset is two calls, then a lookup.
   */
  days: Map<number, number>;
  /** Offset by instant, on the days it changes. */
  offsets: Map<number, number>;
}

const zones = new Map<string, ZoneInfo>();
const DAY_MS = 86_400_000;
const MAX_CACHED_OFFSETS = 20_000;

function info(zone: string): ZoneInfo {
  let found = zones.get(zone);
  if (!found) {
    const format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    found = { format, days: new Map(), offsets: new Map() };
    zones.set(zone, found);
  }
  return found;
}

/** The zone's offset from UTC at an instant, in ms (Berlin in summer: +7_200_000). */
export function offsetAt(zone: string, instant: number): number {
  const z = info(zone);
  const day = Math.floor(instant / DAY_MS);
  let daily = z.days.get(day);
  if (daily === undefined) {
    // Offsets change at most once a day (in every zone there is), so equal ends mean one offset all day.
    const first = exactOffset(z, day * DAY_MS);
    daily = first === exactOffset(z, (day + 1) * DAY_MS - 1000) ? first : Number.NaN;
    if (z.days.size >= MAX_CACHED_OFFSETS) z.days.clear();
    z.days.set(day, daily);
  }
  if (!Number.isNaN(daily)) return daily;
  const second = instant - (((instant % 1000) + 1000) % 1000);
  let offset = z.offsets.get(second);
  if (offset === undefined) {
    offset = exactOffset(z, second);
    if (z.offsets.size >= MAX_CACHED_OFFSETS) z.offsets.clear();
    z.offsets.set(second, offset);
  }
  return offset;
}

/** Intl's answer for a whole second. */
function exactOffset(z: ZoneInfo, second: number): number {
  const p = partsOf(z.format, second);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - second;
}

function partsOf(format: Intl.DateTimeFormat, instant: number) {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(instant)) {
    if (part.type in out) out[part.type as keyof typeof out] = Number(part.value);
  }
  if (out.hour === 24) out.hour = 0; // some ICU versions print midnight as 24 even with h23
  return out;
}

/** The local calendar date (and minutes since local midnight) at an instant. */
export function wallTimeAt(zone: string, instant: number): WallTime {
  const local = instant + offsetAt(zone, instant);
  const date = new Date(local);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    minutes: date.getUTCHours() * 60 + date.getUTCMinutes(),
  };
}

/** A number that orders and names a local calendar date: 2026-03-29 → 20260329. */
export function dayKey(wall: Pick<WallTime, "year" | "month" | "day">): number {
  return wall.year * 10_000 + wall.month * 100 + wall.day;
}

/**
 * The instant at which the zone's clock shows `wall` (see the file comment for skipped and repeated
 * times). Assumes, as every real zone does, that offsets change at most once within two days.
 */
export function instantOf(zone: string, wall: WallTime, prefer: "earlier" | "later" = "earlier"): number {
  const local = Date.UTC(wall.year, wall.month - 1, wall.day) + wall.minutes * 60_000;
  return instantOfLocal(zone, local, prefer);
}

/** As instantOf, with the wall time given as "ms since 1970 on a UTC clock" (seconds allowed). */
export function instantOfLocal(zone: string, local: number, prefer: "earlier" | "later" = "earlier"): number {
  const before = offsetAt(zone, local - DAY_MS);
  const after = offsetAt(zone, local + DAY_MS);
  const candidates: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = local - offset;
    if (offsetAt(zone, instant) === offset) candidates.push(instant);
  }
  if (candidates.length === 0) {
    // Skipped by a jump forward: find the jump, which lies between the two readings.
    return transition(zone, local - after, local - before, after);
  }
  candidates.sort((a, b) => a - b);
  return prefer === "earlier" ? candidates[0]! : candidates[candidates.length - 1]!;
}

/** The first instant in (lo, hi] whose offset is `target` (offset(lo) differs, offset(hi) is it), to the second. */
function transition(zone: string, lo: number, hi: number, target: number): number {
  let low = Math.floor(lo / 1000);
  let high = Math.ceil(hi / 1000);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetAt(zone, mid * 1000) === target) high = mid;
    else low = mid;
  }
  return high * 1000;
}

/** The civil date `days` after the given one (negative goes back). */
export function addDays(wall: Pick<WallTime, "year" | "month" | "day">, days: number): { year: number; month: number; day: number } {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** 0 = Sunday … 6 = Saturday, as Date#getUTCDay. */
export function weekdayOf(wall: Pick<WallTime, "year" | "month" | "day">): number {
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
}
