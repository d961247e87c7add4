import { describe, expect, it } from "vitest";
import { computeSlots, type PoolMember, type SlotsInput } from "../../src/modules/scheduling/slots.ts";
import { DEFAULT_WORKING_HOURS, type WorkingRange } from "../../src/modules/scheduling/working-hours.ts";

/**
 * Slot computation over fixed instants (issue #42): working hours read in the member's zone through
 * both daylight-saving changes of Europe/Berlin and America/New_York, weekends, notice, buffer, the
 * daily cap on the member's local day, pools across zones, grids, and range boundaries.
 */

const at = (iso: string) => new Date(iso);
const starts = (input: SlotsInput) => computeSlots(input).map((slot) => slot.startAt.toISOString());
const hhmm = (isos: string[]) => isos.map((iso) => iso.slice(0, 16).replace("T", " "));

function member(overrides: Partial<PoolMember> = {}): PoolMember {
  return {
    userId: "u1",
    timeZone: "Europe/Berlin",
    workingHours: DEFAULT_WORKING_HOURS,
    bufferMinutes: 0,
    maxInterviewsPerDay: null,
    interviews: [],
    feedBusy: [],
    ...overrides,
  };
}

function input(overrides: Partial<SlotsInput> = {}): SlotsInput {
  return {
    now: at("2026-01-01T00:00:00Z"),
    from: at("2026-03-30T00:00:00Z"),
    to: at("2026-03-31T00:00:00Z"),
    durationMinutes: 60,
    gridMinutes: 60,
    minNoticeHours: 0,
    pool: [member()],
    ...overrides,
  };
}

/** The hourly starts of a 09:00–17:00 day for a 60-minute interview, from the UTC hour it starts at. */
function workingDay(date: string, firstUtcHour: number): string[] {
  return Array.from({ length: 8 }, (_, i) => `${date}T${String(firstUtcHour + i).padStart(2, "0")}:00:00.000Z`);
}

describe("daylight-saving changes", () => {
  it("Europe/Berlin, spring (2026-03-29): 09:00 is 08:00Z on the Friday before and 07:00Z on the Monday after; no weekend slots", () => {
    const slots = starts(input({ from: at("2026-03-27T00:00:00Z"), to: at("2026-03-31T00:00:00Z") }));
    expect(slots).toEqual([...workingDay("2026-03-27", 8), ...workingDay("2026-03-30", 7)]);
  });

  it("Europe/Berlin, autumn (2026-10-25): 07:00Z on the Friday before, 08:00Z on the Monday after", () => {
    const slots = starts(input({ from: at("2026-10-23T00:00:00Z"), to: at("2026-10-27T00:00:00Z") }));
    expect(slots).toEqual([...workingDay("2026-10-23", 7), ...workingDay("2026-10-26", 8)]);
  });

  it("America/New_York, spring (2026-03-08): 14:00Z before, 13:00Z after", () => {
    const ny = member({ timeZone: "America/New_York" });
    const slots = starts(input({ pool: [ny], from: at("2026-03-06T00:00:00Z"), to: at("2026-03-10T00:00:00Z") }));
    expect(slots).toEqual([...workingDay("2026-03-06", 14), ...workingDay("2026-03-09", 13)]);
  });

  it("America/New_York, autumn (2026-11-01): 13:00Z before, 14:00Z after", () => {
    const ny = member({ timeZone: "America/New_York" });
    const slots = starts(input({ pool: [ny], from: at("2026-10-30T00:00:00Z"), to: at("2026-11-03T00:00:00Z") }));
    expect(slots).toEqual([...workingDay("2026-10-30", 13), ...workingDay("2026-11-02", 14)]);
  });

  const sunday = (start: string, end: string): WorkingRange[] => [{ day: "sun", start, end }];

  it("a range across Berlin's skipped hour lasts an hour less; a bound inside it starts at the jump (03:00 local)", () => {
    const night = member({ workingHours: sunday("01:00", "05:00") });
    const window = { from: at("2026-03-28T12:00:00Z"), to: at("2026-03-29T12:00:00Z") };
    // 01:00 CET = 00:00Z; 05:00 CEST = 03:00Z: three hours, not four.
    expect(hhmm(starts(input({ ...window, pool: [night] })))).toEqual(["2026-03-29 00:00", "2026-03-29 01:00", "2026-03-29 02:00"]);
    const inGap = member({ workingHours: sunday("02:30", "06:00") });
    // 02:30 never shows on the clock: the range starts at 03:00 CEST = 01:00Z and ends at 06:00 CEST = 04:00Z.
    expect(hhmm(starts(input({ ...window, pool: [inGap], gridMinutes: 30 })))).toEqual([
      "2026-03-29 01:00",
      "2026-03-29 01:30",
      "2026-03-29 02:00",
      "2026-03-29 02:30",
      "2026-03-29 03:00",
    ]);
  });

  it("a range across Berlin's repeated hour lasts an hour more; a start inside it takes the first 02:30", () => {
    const night = member({ workingHours: sunday("01:00", "05:00") });
    const window = { from: at("2026-10-24T12:00:00Z"), to: at("2026-10-25T12:00:00Z") };
    // 01:00 CEST = 23:00Z the day before; 05:00 CET = 04:00Z: five hours.
    expect(hhmm(starts(input({ ...window, pool: [night] })))).toEqual([
      "2026-10-24 23:00",
      "2026-10-25 00:00",
      "2026-10-25 01:00",
      "2026-10-25 02:00",
      "2026-10-25 03:00",
    ]);
    const inRepeat = member({ workingHours: sunday("02:30", "04:00") });
    // The first 02:30 (CEST) = 00:30Z; 04:00 CET = 03:00Z.
    expect(hhmm(starts(input({ ...window, pool: [inRepeat], gridMinutes: 30 })))).toEqual([
      "2026-10-25 00:30",
      "2026-10-25 01:00",
      "2026-10-25 01:30",
      "2026-10-25 02:00",
    ]);
  });

  it("New York's skipped hour: 01:00–04:00 on 2026-03-08 is 06:00Z–08:00Z", () => {
    const night = member({ timeZone: "America/New_York", workingHours: sunday("01:00", "04:00") });
    expect(hhmm(starts(input({ pool: [night], from: at("2026-03-08T00:00:00Z"), to: at("2026-03-09T00:00:00Z") })))).toEqual(["2026-03-08 06:00", "2026-03-08 07:00"]);
  });

  it("a range ending at 24:00 ends at the next local midnight", () => {
    const late = member({ workingHours: [{ day: "mon", start: "22:00", end: "24:00" }] });
    // Monday 2026-03-30 22:00 CEST = 20:00Z; 24:00 = 22:00Z.
    expect(hhmm(starts(input({ pool: [late], to: at("2026-04-01T00:00:00Z") })))).toEqual(["2026-03-30 20:00", "2026-03-30 21:00"]);
  });
});

describe("rules of a slot", () => {
  it("offers nothing on a weekend", () => {
    expect(computeSlots(input({ from: at("2026-03-28T00:00:00Z"), to: at("2026-03-30T00:00:00Z") }))).toEqual([]);
  });

  it("starts at least min_notice_hours after now, on the day's grid", () => {
    const slots = starts(
      input({ now: at("2026-03-30T10:10:00Z"), minNoticeHours: 24, to: at("2026-04-01T00:00:00Z"), durationMinutes: 30, gridMinutes: 30 }),
    );
    // Nothing on Monday; Tuesday's grid is 07:00Z, 07:30Z, …: the first at or after 10:10Z is 10:30Z.
    expect(slots[0]).toBe("2026-03-31T10:30:00.000Z");
    expect(slots.at(-1)).toBe("2026-03-31T14:30:00.000Z");
    expect(slots).toHaveLength(9);
  });

  it("keeps the buffer on both sides of an interview, not around feed events", () => {
    const interview = { start: at("2026-03-30T10:00:00Z"), end: at("2026-03-30T11:00:00Z") };
    const base = { durationMinutes: 30, gridMinutes: 15 };
    const buffered = starts(input({ ...base, pool: [member({ bufferMinutes: 15, interviews: [interview] })] }));
    expect(buffered).toContain("2026-03-30T09:15:00.000Z");
    expect(buffered).not.toContain("2026-03-30T09:30:00.000Z");
    expect(buffered).not.toContain("2026-03-30T11:00:00.000Z");
    expect(buffered).toContain("2026-03-30T11:15:00.000Z");

    const feed = starts(input({ ...base, pool: [member({ bufferMinutes: 15, feedBusy: [interview] })] }));
    expect(feed).toContain("2026-03-30T09:30:00.000Z");
    expect(feed).not.toContain("2026-03-30T09:45:00.000Z");
    expect(feed).not.toContain("2026-03-30T10:45:00.000Z");
    expect(feed).toContain("2026-03-30T11:00:00.000Z");
  });

  it("stops at the daily cap, counted on the member's local day", () => {
    // 23:30Z on Sunday is 01:30 on Monday in Berlin: it is Monday's interview.
    const early = { start: at("2026-03-29T23:30:00Z"), end: at("2026-03-30T00:00:00Z") };
    const window = { to: at("2026-04-01T00:00:00Z") };
    const capped = starts(input({ ...window, pool: [member({ maxInterviewsPerDay: 1, interviews: [early] })] }));
    expect(capped.every((iso) => iso.startsWith("2026-03-31"))).toBe(true);
    expect(capped).toHaveLength(8);
    const underCap = starts(input({ ...window, pool: [member({ maxInterviewsPerDay: 2, interviews: [early] })] }));
    expect(underCap).toHaveLength(16);
    const noCap = starts(input({ ...window, pool: [member({ maxInterviewsPerDay: null, interviews: [early, early, early] })] }));
    expect(noCap).toHaveLength(16);
  });

  it("fits the whole interview inside a working range: 60 minutes cannot start at 16:30 of a 09–17 day", () => {
    const slots = starts(input({ gridMinutes: 30 }));
    expect(slots.at(-1)).toBe("2026-03-30T14:00:00.000Z"); // 16:00 Berlin
    expect(slots).not.toContain("2026-03-30T14:30:00.000Z");
    expect(slots[0]).toBe("2026-03-30T07:00:00.000Z"); // the working day's first minute
  });

  it("does not span a break, but joins touching ranges", () => {
    const lunch = member({ workingHours: [{ day: "mon", start: "09:00", end: "12:00" }, { day: "mon", start: "13:00", end: "17:00" }] });
    const split = starts(input({ pool: [lunch], gridMinutes: 30 }));
    expect(split).toContain("2026-03-30T09:00:00.000Z"); // 11:00–12:00
    expect(split).not.toContain("2026-03-30T09:30:00.000Z");
    expect(split).not.toContain("2026-03-30T10:30:00.000Z");
    expect(split).toContain("2026-03-30T11:00:00.000Z"); // 13:00
    const touching = member({ workingHours: [{ day: "mon", start: "09:00", end: "12:00" }, { day: "mon", start: "12:00", end: "17:00" }] });
    expect(starts(input({ pool: [touching], gridMinutes: 30 }))).toEqual(starts(input({ gridMinutes: 30 })));
  });

  it("keeps slots inside [from, to]", () => {
    const slots = starts(input({ from: at("2026-03-30T09:00:00Z"), to: at("2026-03-30T12:00:00Z") }));
    expect(slots).toEqual(["2026-03-30T09:00:00.000Z", "2026-03-30T10:00:00.000Z", "2026-03-30T11:00:00.000Z"]);
  });

  it("lays the grid every 15 or 30 minutes or every duration, from the range's start", () => {
    const short = member({ workingHours: [{ day: "mon", start: "09:00", end: "10:30" }] });
    const run = (gridMinutes: number) => hhmm(starts(input({ pool: [short], durationMinutes: 45, gridMinutes })));
    expect(run(15)).toEqual(["2026-03-30 07:00", "2026-03-30 07:15", "2026-03-30 07:30", "2026-03-30 07:45"]);
    expect(run(30)).toEqual(["2026-03-30 07:00", "2026-03-30 07:30"]);
    expect(run(45)).toEqual(["2026-03-30 07:00", "2026-03-30 07:45"]);
  });

  it("refuses nonsense input instead of looping", () => {
    expect(() => computeSlots(input({ gridMinutes: 0 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ durationMinutes: 12.5 }))).toThrow(RangeError);
    expect(() => computeSlots(input({ from: new Date(Number.NaN) }))).toThrow(RangeError);
    expect(() => computeSlots(input({ to: at("2028-01-01T00:00:00Z") }))).toThrow(RangeError);
  });
});

describe("a pool", () => {
  it("is the union of its members' slots, one slot per start with every free member", () => {
    const berlin = member({ userId: "berlin" });
    const newYork = member({ userId: "new-york", timeZone: "America/New_York" });
    const slots = computeSlots(input({ pool: [berlin, newYork], gridMinutes: 30 }));
    // Berlin 07:00Z–15:00Z, New York 13:00Z–21:00Z (both on summer time): 15 starts each, 3 shared.
    expect(slots).toHaveLength(27);
    const shared = slots.filter((slot) => slot.userIds.length === 2);
    expect(shared.map((slot) => slot.startAt.toISOString())).toEqual(["2026-03-30T13:00:00.000Z", "2026-03-30T13:30:00.000Z", "2026-03-30T14:00:00.000Z"]);
    expect(shared[0]!.userIds).toEqual(["berlin", "new-york"]);
    expect(slots[0]).toEqual({ startAt: at("2026-03-30T07:00:00Z"), endAt: at("2026-03-30T08:00:00Z"), userIds: ["berlin"] });
    expect(slots.at(-1)!.userIds).toEqual(["new-york"]);
  });

  it("leaves out a busy member and keeps the slot for the free one", () => {
    const busy = { start: at("2026-03-30T13:00:00Z"), end: at("2026-03-30T14:00:00Z") };
    const berlin = member({ userId: "berlin", feedBusy: [busy] });
    const newYork = member({ userId: "new-york", timeZone: "America/New_York" });
    const slot = computeSlots(input({ pool: [berlin, newYork] })).find((s) => s.startAt.toISOString() === "2026-03-30T13:00:00.000Z");
    expect(slot?.userIds).toEqual(["new-york"]);
  });

  it("merges members' different grids in time order (Kolkata runs on the half hour)", () => {
    const berlin = member({ userId: "berlin" });
    const kolkata = member({ userId: "kolkata", timeZone: "Asia/Kolkata" });
    const slots = computeSlots(input({ pool: [berlin, kolkata] }));
    const times = slots.map((slot) => slot.startAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Kolkata 09:00 IST = 03:30Z; Berlin's first is 07:00Z. Their grids never meet.
    expect(slots[0]!.startAt.toISOString()).toBe("2026-03-30T03:30:00.000Z");
    expect(slots.every((slot) => slot.userIds.length === 1)).toBe(true);
    expect(slots).toHaveLength(16);
  });

  it("computes 5 interviewers × 14 days × 40 feed events in a few milliseconds", () => {
    const from = at("2026-03-16T00:00:00Z");
    const zones = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Europe/London", "America/Los_Angeles"];
    const pool = zones.map((timeZone, i) =>
      member({
        userId: `u${i}`,
        timeZone,
        bufferMinutes: 10,
        maxInterviewsPerDay: 4,
        interviews: Array.from({ length: 10 }, (_, k) => ({ start: new Date(from.getTime() + (k * 31 + i) * 3_600_000), end: new Date(from.getTime() + (k * 31 + i + 1) * 3_600_000) })),
        feedBusy: Array.from({ length: 40 }, (_, k) => ({ start: new Date(from.getTime() + (k * 8 + i) * 3_600_000), end: new Date(from.getTime() + (k * 8 + i) * 3_600_000 + 45 * 60_000) })),
      }),
    );
    const request = input({ now: from, from, to: new Date(from.getTime() + 14 * 86_400_000), durationMinutes: 45, gridMinutes: 15, minNoticeHours: 24, pool });
    const count = computeSlots(request).length; // the first call also builds the zones' formatters
    // CPU time, not wall time: on a loaded machine (two test runs side by side) wall time measures the
    // neighbours. Typically under 1 ms a call here.
    const before = process.cpuUsage();
    for (let i = 0; i < 30; i++) computeSlots(request);
    const used = process.cpuUsage(before);
    const perCallMs = (used.user + used.system) / 1000 / 30;
    expect(count).toBeGreaterThan(100);
    expect(perCallMs).toBeLessThan(15);
  });
});
