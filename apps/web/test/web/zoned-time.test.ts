import { describe, expect, it } from "vitest";
import { formatSpan, knownZone, wallTime, zonedInstant, zoneLabel } from "@/lib/zoned-time";

/**
 * The wall-clock ↔ instant helpers behind the schedule and reschedule forms and the interview lists
 * (issue 43 §4, §5): a time typed in a zone is that zone's instant on both sides of a DST change, the
 * reschedule form starts from the interview's own wall-clock time, and a span reads in the zone given.
 */
describe("zoned time", () => {
  it("a wall-clock time in a zone is its instant, in summer and winter, and reads back the same", () => {
    const cases: [string, string, string][] = [
      ["2030-05-06T10:00", "Europe/Berlin", "2030-05-06T08:00:00.000Z"],
      ["2030-01-07T10:00", "Europe/Berlin", "2030-01-07T09:00:00.000Z"],
      ["2030-05-06T10:00", "America/New_York", "2030-05-06T14:00:00.000Z"],
      ["2030-05-06T10:00", "Asia/Kolkata", "2030-05-06T04:30:00.000Z"],
      ["2030-05-06T10:00", "UTC", "2030-05-06T10:00:00.000Z"],
    ];
    for (const [wall, zone, instant] of cases) {
      expect(zonedInstant(wall, zone).toISOString(), `${wall} ${zone}`).toBe(instant);
      expect(wallTime(instant, zone), `${instant} ${zone}`).toBe(wall);
    }
  });

  it("formats a span in the zone, naming the end's day when it falls on another", () => {
    expect(formatSpan("2030-05-06T08:00:00Z", "2030-05-06T08:45:00Z", "Europe/Berlin")).toBe("Mon 6 May 2030, 10:00–10:45");
    expect(formatSpan("2030-05-06T08:00:00Z", "2030-05-06T08:45:00Z", "America/New_York")).toBe("Mon 6 May 2030, 04:00–04:45");
    expect(formatSpan("2030-05-06T21:30:00Z", "2030-05-06T22:30:00Z", "Europe/Berlin")).toBe("Mon 6 May 2030, 23:30 – Tue 7 May, 00:30");
  });

  it("falls back to UTC for a zone the runtime does not know, and labels zones as people read them", () => {
    expect(knownZone("Mars/Olympus_Mons")).toBe(false);
    expect(formatSpan("2030-05-06T08:00:00Z", "2030-05-06T09:00:00Z", "Mars/Olympus_Mons")).toBe("Mon 6 May 2030, 08:00–09:00");
    expect(zoneLabel("America/New_York")).toBe("America/New York");
  });
});
