import { describe, expect, it } from "vitest";
import {
  availabilityProblems,
  DEFAULT_WORKING_HOURS,
  parseClock,
  sortWorkingHours,
  timeZoneProblems,
  workingHoursProblems,
} from "../../src/modules/scheduling/working-hours.ts";
import { isValidTimeZone, normalizeTimeZone } from "../../src/kernel/contract/time-zone.ts";
import { instantOf, offsetAt, wallTimeAt } from "../../src/modules/scheduling/zone.ts";

/** The availability checks behind PUT /users/{id}/availability's 400s, and the zone helper under the slots. */

describe("time zones", () => {
  it("accepts every zone Intl knows, aliases included, and nothing else", () => {
    for (const zone of ["Europe/Berlin", "UTC", "Etc/UTC", "Asia/Kolkata", "US/Eastern", "America/Argentina/Buenos_Aires", "europe/berlin"]) {
      expect(isValidTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ["Mars/Olympus_Mons", "+01:00", "", "Europe/Berlin ", "../etc/passwd", 42 as unknown as string]) {
      expect(isValidTimeZone(zone), String(zone)).toBe(false);
    }
    expect(normalizeTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(normalizeTimeZone("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(timeZoneProblems("Mars/Olympus_Mons")).toEqual([{ path: "time_zone", message: "Must be an IANA time zone such as Europe/Berlin" }]);
  });

  it("converts wall clock and instants both ways, through the changes", () => {
    expect(offsetAt("Europe/Berlin", Date.parse("2026-03-29T00:59:59Z"))).toBe(3_600_000);
    expect(offsetAt("Europe/Berlin", Date.parse("2026-03-29T01:00:00Z"))).toBe(7_200_000);
    expect(new Date(instantOf("Europe/Berlin", { year: 2026, month: 3, day: 29, minutes: 150 })).toISOString()).toBe("2026-03-29T01:00:00.000Z");
    expect(new Date(instantOf("Europe/Berlin", { year: 2026, month: 10, day: 25, minutes: 150 }, "earlier")).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(new Date(instantOf("Europe/Berlin", { year: 2026, month: 10, day: 25, minutes: 150 }, "later")).toISOString()).toBe("2026-10-25T01:30:00.000Z");
    expect(wallTimeAt("America/New_York", Date.parse("2026-11-01T05:30:00Z"))).toEqual({ year: 2026, month: 11, day: 1, minutes: 90 });
    expect(wallTimeAt("America/New_York", Date.parse("2026-11-01T06:30:00Z"))).toEqual({ year: 2026, month: 11, day: 1, minutes: 90 });
  });
});

describe("working hours", () => {
  it("defaults to Monday to Friday, 09:00–17:00", () => {
    expect(DEFAULT_WORKING_HOURS).toEqual(["mon", "tue", "wed", "thu", "fri"].map((day) => ({ day, start: "09:00", end: "17:00" })));
    expect(workingHoursProblems(DEFAULT_WORKING_HOURS)).toEqual([]);
  });

  it("reads HH:MM from 00:00 to 24:00", () => {
    expect(["00:00", "09:30", "23:59", "24:00"].map(parseClock)).toEqual([0, 570, 1439, 1440]);
    for (const bad of ["9:00", "24:01", "25:00", "12:60", "12:00:00", " 12:00", "", null, 900]) expect(parseClock(bad), String(bad)).toBeNull();
  });

  it("names each problem by its API path", () => {
    const problems = workingHoursProblems([
      { day: "mon", start: "09:00", end: "17:00" },
      { day: "funday", start: "09:00", end: "17:00" },
      { day: "tue", start: "9:00", end: "25:00" },
      { day: "wed", start: "17:00", end: "09:00" },
      { day: "thu", start: "24:00", end: "24:00" },
      "09:00-17:00",
    ]);
    expect(problems).toEqual([
      { path: "working_hours[1].day", message: "Must be one of mon, tue, wed, thu, fri, sat, sun" },
      { path: "working_hours[2].start", message: "Must be a time HH:MM from 00:00 to 23:59" },
      { path: "working_hours[2].end", message: "Must be a time HH:MM from 00:00 to 24:00" },
      { path: "working_hours[3].end", message: "Must be after start" },
      { path: "working_hours[4].start", message: "Must be a time HH:MM from 00:00 to 23:59" },
      { path: "working_hours[5]", message: "Must be {day, start, end}" },
    ]);
  });

  it("refuses overlapping ranges on one day, also when one long range covers several, and allows touching ones", () => {
    expect(
      workingHoursProblems([
        { day: "mon", start: "09:00", end: "17:00" },
        { day: "mon", start: "10:00", end: "11:00" },
        { day: "mon", start: "12:00", end: "13:00" },
        { day: "tue", start: "09:00", end: "12:00" },
        { day: "tue", start: "12:00", end: "17:00" },
        { day: "wed", start: "09:00", end: "12:00" },
        { day: "thu", start: "11:00", end: "13:00" },
      ]),
    ).toEqual([
      { path: "working_hours[1]", message: "Overlaps working_hours[0] on mon" },
      { path: "working_hours[2]", message: "Overlaps working_hours[0] on mon" },
    ]);
    expect(workingHoursProblems("mon-fri")).toEqual([{ path: "working_hours", message: "Must be a list of {day, start, end}" }]);
    expect(workingHoursProblems(Array.from({ length: 51 }, () => ({ day: "mon", start: "09:00", end: "10:00" })))).toHaveLength(1);
  });

  it("checks the whole setting: zone, hours, buffer and a cap that is null or at least 1", () => {
    expect(availabilityProblems({ timeZone: "Europe/Berlin", workingHours: DEFAULT_WORKING_HOURS, bufferMinutes: 15, maxInterviewsPerDay: null })).toEqual([]);
    expect(availabilityProblems({ timeZone: "Europe/Berlin", workingHours: [], bufferMinutes: 0, maxInterviewsPerDay: 4 })).toEqual([]);
    expect(availabilityProblems({ timeZone: "Nowhere", workingHours: [{ day: "mon", start: "10:00", end: "09:00" }], bufferMinutes: -5, maxInterviewsPerDay: 0 }).map((p) => p.path)).toEqual([
      "time_zone",
      "working_hours[0].end",
      "buffer_minutes",
      "max_interviews_per_day",
    ]);
  });

  it("sorts a list by weekday and start", () => {
    expect(
      sortWorkingHours([
        { day: "sun", start: "10:00", end: "12:00" },
        { day: "mon", start: "13:00", end: "17:00" },
        { day: "mon", start: "09:00", end: "12:00" },
      ]).map((r) => `${r.day} ${r.start}`),
    ).toEqual(["mon 09:00", "mon 13:00", "sun 10:00"]);
  });
});
