import { WEEKDAY_KEYS, type AvailabilityDto } from "@hireflow/core/scheduling/contract";

/**
 * The availability form's working hours as the page edits them: rows per weekday, each a range of
 * two <input type=time> values. A time input cannot hold "24:00", so an end of "00:00" stands for
 * midnight at the end of the day (an end at the start of the day is never valid, so it is unambiguous).
 */
export type Weekday = (typeof WEEKDAY_KEYS)[number];
export const WEEKDAYS = WEEKDAY_KEYS;

export const DAY_NAMES: Record<Weekday, string> = { mon: "Monday", tue: "Tuesday", wed: "Wednesday", thu: "Thursday", fri: "Friday", sat: "Saturday", sun: "Sunday" };

export interface RangeRow {
  /** React's key; also the row's element ids. */
  key: string;
  day: Weekday;
  start: string;
  end: string;
}

export type RangeErrors = Record<string, { start?: string; end?: string; row?: string }>;

let created = 0;
export function newRowKey(): string {
  created += 1;
  return `new-${created}`;
}

export function rowsFromRanges(ranges: AvailabilityDto["working_hours"]): RangeRow[] {
  return ranges.map((range, index) => ({ key: `r${index}`, day: range.day, start: range.start, end: range.end === "24:00" ? "00:00" : range.end }));
}

/** The rows in the order the API gets them (by weekday, then as on the page): error paths index into this. */
export function orderedRows(rows: readonly RangeRow[]): RangeRow[] {
  return WEEKDAYS.flatMap((day) => rows.filter((row) => row.day === day));
}

export function rangesOf(rows: readonly RangeRow[]): AvailabilityDto["working_hours"] {
  return orderedRows(rows).map((row) => ({ day: row.day, start: row.start, end: row.end === "00:00" ? "24:00" : row.end }));
}

/** A range as people read it: "09:00–17:00", midnight as 24:00. */
export function rangeLabel(row: Pick<RangeRow, "start" | "end">): string {
  return `${row.start || "…"}–${row.end === "00:00" ? "24:00" : row.end || "…"}`;
}

/** A new range for a day: after its last one (an hour long), or 09:00–17:00 on a free day. */
export function nextRange(rows: readonly RangeRow[], day: Weekday): RangeRow {
  const last = rows.filter((row) => row.day === day).at(-1);
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
  const clock = (m: number) => `${String(Math.floor(m / 60) % 24).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  if (!last || !/^\d{2}:\d{2}$/.test(last.end) || last.end === "00:00") return { key: newRowKey(), day, start: "09:00", end: "17:00" };
  const start = minutes(last.end);
  return { key: newRowKey(), day, start: clock(start), end: clock(Math.min(start + 60, 24 * 60)) };
}

const RANGE_PATH = /^working_hours\[(\d+)\](?:\.(day|start|end))?$/;
const OVERLAP = /^Overlaps working_hours\[(\d+)\] on \w+$/;

/**
 * The 400's details about working hours (`working_hours[1].end`, `working_hours[2]` for an overlap)
 * put on the rows they name, by the order the rows were sent in; an overlap names the other range.
 */
export function rangeErrors(fields: Record<string, string>, sent: readonly RangeRow[]): RangeErrors {
  const errors: RangeErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const match = RANGE_PATH.exec(field);
    const row = match ? sent[Number(match[1])] : undefined;
    if (!match || !row) continue;
    const part = match[2] === "start" || match[2] === "end" ? match[2] : "row";
    const other = OVERLAP.exec(message);
    const otherRow = other ? sent[Number(other[1])] : undefined;
    const text = otherRow ? `Overlaps ${DAY_NAMES[otherRow.day]}'s ${rangeLabel(otherRow)}` : message;
    errors[row.key] = { ...errors[row.key], [part]: text };
  }
  return errors;
}

/** Field errors that belong to no single range (shown above the weekdays). */
export function otherWorkingHoursError(fields: Record<string, string>): string | undefined {
  return fields.working_hours;
}
