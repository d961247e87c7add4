import { describe, expect, it } from "vitest";
import { MAX_FEED_BYTES, parseBusyFeed } from "../../src/modules/scheduling/busy-feed.ts";
import { CalendarFeedError } from "../../src/modules/scheduling/feed-error.ts";

/**
 * Busy time from a published calendar (issue #42): recurring events with EXDATE and overrides, TZIDs
 * with and without VTIMEZONE (Google's feeds name IANA zones without one; Outlook's name Windows
 * zones with one), floating and all-day times in the member's zone, free and cancelled events, and
 * hostile feeds that must fail fast instead of hanging.
 */

const calendar = (...blocks: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//Feed//EN", ...blocks, "END:VCALENDAR", ""].join("\r\n");
const event = (uid: string, ...lines: string[]) => ["BEGIN:VEVENT", `UID:${uid}`, "DTSTAMP:20260301T000000Z", ...lines, "END:VEVENT"].join("\r\n");
/** CPU time of this process: a side-by-side run makes wall time measure the neighbours. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const iso = (busy: { start: Date; end: Date }[]) => busy.map((b) => `${b.start.toISOString().slice(0, 16)}–${b.end.toISOString().slice(11, 16)}`);

const BERLIN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
].join("\r\n");

// Two weeks around Berlin's spring change (2026-03-29).
const WINDOW = { from: new Date("2026-03-23T00:00:00Z"), to: new Date("2026-04-10T00:00:00Z") };

describe("a feed with everything at once", () => {
  const feed = calendar(
    BERLIN_VTIMEZONE,
    // Mondays and Wednesdays 10:00–10:30 Berlin until 6 April (UNTIL is that instance's start, in UTC).
    event(
      "standup",
      "SUMMARY:Standup",
      "DTSTART;TZID=Europe/Berlin:20260302T100000",
      "DTEND;TZID=Europe/Berlin:20260302T103000",
      "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260406T080000Z",
      "EXDATE;TZID=Europe/Berlin:20260325T100000",
    ),
    // Monday 30 March's instance moved to 15:00; Wednesday 1 April's cancelled.
    event("standup", "RECURRENCE-ID;TZID=Europe/Berlin:20260330T100000", "DTSTART;TZID=Europe/Berlin:20260330T150000", "DTEND;TZID=Europe/Berlin:20260330T153000"),
    event("standup", "RECURRENCE-ID;TZID=Europe/Berlin:20260401T100000", "STATUS:CANCELLED", "DTSTART;TZID=Europe/Berlin:20260401T100000", "DTEND;TZID=Europe/Berlin:20260401T103000"),
    event("focus", "SUMMARY:Focus (free)", "TRANSP:TRANSPARENT", "DTSTART:20260324T120000Z", "DTEND:20260324T130000Z"),
    event("called-off", "STATUS:CANCELLED", "DTSTART:20260326T140000Z", "DTEND:20260326T150000Z"),
    event("outlook-free", "X-MICROSOFT-CDO-BUSYSTATUS:FREE", "DTSTART:20260326T160000Z", "DTEND:20260326T170000Z"),
    event("holiday", "DTSTART;VALUE=DATE:20260327", "DTEND;VALUE=DATE:20260328"),
    event("one-day", "DTSTART;VALUE=DATE:20260402"),
    event("call", "DTSTART:20260324T150000Z", "DURATION:PT45M"),
    event("reminder", "DTSTART:20260324T170000Z"),
    event("floating", "DTSTART:20260331T090000", "DTEND:20260331T100000"),
    event("later", "DTSTART:20260501T090000Z", "DTEND:20260501T100000Z"),
  );

  it("is busy exactly at the right instants", () => {
    const { busy, skippedEvents } = parseBusyFeed(feed, WINDOW, "Europe/Berlin");
    expect(skippedEvents).toBe(0);
    expect(iso(busy)).toEqual([
      "2026-03-23T09:00–09:30", // Monday 10:00 CET
      "2026-03-24T15:00–15:45", // DURATION instead of DTEND
      // Wednesday 25th: EXDATE. The transparent, cancelled, Outlook-free and end-less events: nothing.
      "2026-03-26T23:00–23:00", // Friday 27th all day, CET midnight to midnight
      "2026-03-30T13:00–13:30", // the moved instance, 15:00 CEST
      "2026-03-31T07:00–08:00", // floating 09:00, read in Berlin (CEST)
      // Wednesday 1st: cancelled override.
      "2026-04-01T22:00–22:00", // Thursday 2nd all day without DTEND: one day, CEST
      "2026-04-06T08:00–08:30", // Monday 10:00 CEST; UNTIL includes it, and ends the series
    ]);
    expect(busy[2]!.end.toISOString()).toBe("2026-03-27T23:00:00.000Z");
  });

  it("reads all-day and floating times in the member's own zone", () => {
    const { busy } = parseBusyFeed(feed, WINDOW, "America/New_York");
    const text = iso(busy);
    expect(text).toContain("2026-03-27T04:00–04:00"); // midnight EDT to midnight EDT
    expect(text).toContain("2026-03-31T13:00–14:00"); // 09:00 EDT
    expect(text).toContain("2026-03-23T09:00–09:30"); // TZID times do not move with the member
  });

  it("clips to the window and drops what lies outside it", () => {
    const { busy } = parseBusyFeed(feed, { from: new Date("2026-03-23T09:15:00Z"), to: new Date("2026-03-24T15:30:00Z") }, "Europe/Berlin");
    expect(iso(busy)).toEqual(["2026-03-23T09:15–09:30", "2026-03-24T15:00–15:30"]);
  });
});

describe("zones", () => {
  it("reads a Google-style IANA TZID without VTIMEZONE through its daylight-saving change, UNTIL and EXDATE included", () => {
    const feed = calendar(
      event(
        "weekly",
        "DTSTART;TZID=America/New_York:20260302T090000",
        "DTEND;TZID=America/New_York:20260302T100000",
        "RRULE:FREQ=WEEKLY;UNTIL=20260323T130000Z",
        "EXDATE;TZID=America/New_York:20260316T090000",
      ),
      event("mozilla", "DTSTART;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260305T120000", "DTEND;TZID=/mozilla.org/20050126_1/Europe/Berlin:20260305T130000"),
      event("unknown", "DTSTART;TZID=Atlantis Standard Time:20260306T120000", "DTEND;TZID=Atlantis Standard Time:20260306T130000"),
    );
    const { busy } = parseBusyFeed(feed, { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-04-01T00:00:00Z") }, "Europe/Berlin");
    expect(iso(busy)).toEqual([
      "2026-03-02T14:00–15:00", // EST
      "2026-03-05T11:00–12:00", // the Mozilla-style prefix is read as Europe/Berlin
      "2026-03-06T11:00–12:00", // an unknown zone without VTIMEZONE: the member's zone
      "2026-03-09T13:00–14:00", // EDT from 8 March
      // 16 March: EXDATE. 23 March 13:00Z: UNTIL, inclusive.
      "2026-03-23T13:00–14:00",
    ]);
  });

  it("reads an Outlook-style Windows zone through the feed's VTIMEZONE", () => {
    const feed = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:W. Europe Standard Time",
        "BEGIN:STANDARD",
        "DTSTART:16010101T030000",
        "TZOFFSETFROM:+0200",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
        "END:STANDARD",
        "BEGIN:DAYLIGHT",
        "DTSTART:16010101T020000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
        "END:DAYLIGHT",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event("before", 'DTSTART;TZID="W. Europe Standard Time":20260327T100000', 'DTEND;TZID="W. Europe Standard Time":20260327T110000'),
      event("after", 'DTSTART;TZID="W. Europe Standard Time":20260330T100000', 'DTEND;TZID="W. Europe Standard Time":20260330T110000'),
    );
    expect(iso(parseBusyFeed(feed, WINDOW, "UTC").busy)).toEqual(["2026-03-27T09:00–10:00", "2026-03-30T08:00–09:00"]);
  });
});

describe("recurrences", () => {
  it("fast-forwards a rule that began in 2010 and keeps its phase (every other week, Tuesday and Thursday)", () => {
    const feed = calendar(event("old", "DTSTART;TZID=Europe/Berlin:20100105T090000", "DTEND;TZID=Europe/Berlin:20100105T093000", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH"));
    const started = cpuMs();
    const { busy } = parseBusyFeed(feed, WINDOW, "Europe/Berlin");
    const elapsed = cpuMs() - started;
    // Expected by brute force: weeks counted from Monday 2010-01-04; even weeks are on.
    const expected: string[] = [];
    for (let day = Date.UTC(2026, 2, 23); day < WINDOW.to.getTime(); day += 86_400_000) {
      const date = new Date(day);
      const week = Math.floor((day - Date.UTC(2010, 0, 4)) / (7 * 86_400_000));
      if (week % 2 === 0 && (date.getUTCDay() === 2 || date.getUTCDay() === 4)) {
        const utcHour = day >= Date.UTC(2026, 2, 29) ? "07" : "08";
        expected.push(`${date.toISOString().slice(0, 10)}T${utcHour}:00–${utcHour}:30`);
      }
    }
    expect(expected.length).toBeGreaterThan(2);
    expect(iso(busy)).toEqual(expected);
    expect(elapsed).toBeLessThan(1_000);
  });

  it("expands a daily rule since 2000 and one with COUNT", () => {
    const feed = calendar(
      event("daily", "DTSTART:20000103T060000Z", "DTEND:20000103T061500Z", "RRULE:FREQ=DAILY"),
      event("counted", "DTSTART:20260323T200000Z", "DTEND:20260323T210000Z", "RRULE:FREQ=DAILY;COUNT=2"),
    );
    const text = iso(parseBusyFeed(feed, WINDOW, "Europe/Berlin").busy);
    expect(text.filter((t) => t.includes("T06:00"))).toHaveLength(18);
    expect(text.filter((t) => t.includes("T20:00"))).toEqual(["2026-03-23T20:00–21:00", "2026-03-24T20:00–21:00"]);
  });
});

describe("hostile or broken feeds", () => {
  const expectFeedError = (run: () => unknown, kind: string) => {
    let caught: unknown;
    try {
      run();
    } catch (error) {
      caught = error;
    }
    expect(CalendarFeedError.isInstance(caught), String(caught)).toBe(true);
    expect((caught as CalendarFeedError).kind).toBe(kind);
    expect(caught).toBeInstanceOf(CalendarFeedError);
  };

  it("refuses what is not iCalendar, is malformed, or is too large", () => {
    expectFeedError(() => parseBusyFeed("<html>Sign in</html>", WINDOW, "UTC"), "not_icalendar");
    expectFeedError(() => parseBusyFeed("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:2026", WINDOW, "UTC"), "malformed");
    const huge = calendar(event("big", "DTSTART:20260324T150000Z", "DTEND:20260324T160000Z", `DESCRIPTION:${"x".repeat(MAX_FEED_BYTES)}`));
    expectFeedError(() => parseBusyFeed(huge, WINDOW, "UTC"), "too_large");
  });

  it("skips events it cannot read or must not expand, and keeps the rest", () => {
    const feed = calendar(
      event("secondly", "DTSTART:20000101T000000Z", "DTEND:20000101T000001Z", "RRULE:FREQ=SECONDLY"),
      // No day satisfies this rule: ical.js would look for one forever.
      event("never", "DTSTART:20260101T090000Z", "DTEND:20260101T100000Z", "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"),
      event("no-start", "DTEND:20260324T100000Z"),
      event("bad-date", "DTSTART:2026-03-24", "DTEND:20260324T100000Z"),
      event("fine", "DTSTART:20260324T090000Z", "DTEND:20260324T100000Z"),
    );
    const started = cpuMs();
    const result = parseBusyFeed(feed, WINDOW, "UTC");
    expect(cpuMs() - started).toBeLessThan(3_000);
    expect(iso(result.busy)).toEqual(["2026-03-24T09:00–10:00"]);
    expect(result.skippedEvents).toBe(4);
  });

  it("gives up on a feed whose recurrences would take too long, quickly", () => {
    const blocks = Array.from({ length: 15 }, (_, i) => event(`c${i}`, "DTSTART:19900101T000000Z", "DTEND:19900101T000100Z", "RRULE:FREQ=DAILY;COUNT=19000"));
    const started = cpuMs();
    expectFeedError(() => parseBusyFeed(calendar(...blocks), WINDOW, "UTC"), "too_complex");
    expect(cpuMs() - started).toBeLessThan(6_000);
  });

  it("ignores a VTIMEZONE whose rules would take forever, reading the time in the member's zone", () => {
    const feed = calendar(
      [
        "BEGIN:VTIMEZONE",
        "TZID:Evil Time",
        "BEGIN:STANDARD",
        "DTSTART:00010101T000000",
        "TZOFFSETFROM:+0100",
        "TZOFFSETTO:+0100",
        "RRULE:FREQ=SECONDLY",
        "END:STANDARD",
        "END:VTIMEZONE",
      ].join("\r\n"),
      event("evil", "DTSTART;TZID=Evil Time:20260324T100000", "DTEND;TZID=Evil Time:20260324T110000"),
    );
    expect(iso(parseBusyFeed(feed, WINDOW, "Europe/Berlin").busy)).toEqual(["2026-03-24T09:00–10:00"]);
  });
});
