import { describe, expect, it } from "vitest";
import { experienceYears, findDateRange, parseDateRange } from "../../src/resume/index.ts";

describe("parseDateRange", () => {
  it.each([
    ["2016 – 2020", "2016", "2020"],
    ["2016-2020", "2016", "2020"],
    ["2016 - 2020", "2016", "2020"],
    ["2016—2020", "2016", "2020"],
    ["2021 to 2025", "2021", "2025"],
    ["2021 until 2022", "2021", "2022"],
    ["(2020 – present)", "2020", null],
    ["2019 - Present", "2019", null],
    ["2019 — current", "2019", null],
    ["2019 – now", "2019", null],
    ["2019 - today", "2019", null],
    ["Jun 2020 to date", "2020-06", null],
    ["Jan 2019 – Mar 2021", "2019-01", "2021-03"],
    ["January 2019 - March 2021", "2019-01", "2021-03"],
    ["Sept 2019 – Feb 2020", "2019-09", "2020-02"],
    ["Sep. 2018 — December 2019", "2018-09", "2019-12"],
    ["May 2019 – Present", "2019-05", null],
    ["03/2019 - 11/2021", "2019-03", "2021-11"],
    ["3/2019–4/2020", "2019-03", "2020-04"],
    ["2019-03 – 2021-11", "2019-03", "2021-11"],
    ["2019-03 - 2021-11", "2019-03", "2021-11"],
    ["Mar 2019 – 2021", "2019-03", "2021"],
    ["[Dec 2020 – Jan 2021].", "2020-12", "2021-01"],
  ])("%s", (text, start, end) => {
    expect(parseDateRange(text)).toEqual({ start, end });
  });

  it.each([
    "",
    "hello",
    "2019",
    "Jan 2019",
    "2020 - 2016", // ends before it starts
    "Mar 2021 – Jan 2021",
    "13/2019 - 11/2021", // no month 13
    "2019-13 - 2020-01",
    "1850 - 1860", // not a working life
    "Mayday 2019 - 2020", // a word that starts like a month
    "15/03/2019 - 2020", // day/month/year is not read as month/year
    "2016 – 2020 and more",
    "from 2016 – 2020",
    "2019 –",
    "+44 20 7946 0958",
    `${"2019 - ".repeat(20)}`,
  ])("rejects %j", (text) => {
    expect(parseDateRange(text)).toBeNull();
  });
});

describe("findDateRange", () => {
  it("finds the first range in a line and where it is", () => {
    const line = "Lead Engineer, Northwind Logistics, London (2020 – present). Designed routing in 2021.";
    const found = findDateRange(line);
    expect(found?.value).toEqual({ start: "2020", end: null });
    expect(line.slice(found?.index, found?.end)).toBe("2020 – present");
    expect(findDateRange("Senior Product Designer — Fabrikam Health, New York, NY — 2021 to 2025")?.value).toEqual({ start: "2021", end: "2025" });
  });

  it("skips years that are not a range and dates inside longer numbers", () => {
    expect(findDateRange("Class of 2016, then 2018 – 2019")?.value).toEqual({ start: "2018", end: "2019" });
    expect(findDateRange("Phone: 123-456-7890, ref 12019-2020")).toBeNull();
    expect(findDateRange("Version 2.2019 - 3.2020.1")).toBeNull();
  });
});

describe("experienceYears", () => {
  const now = new Date("2025-06-15T12:00:00Z");

  it("counts whole months, a year alone as January to December", () => {
    expect(experienceYears([{ start: "2016", end: "2020" }], now)).toBe(5);
    expect(experienceYears([{ start: "2019-01", end: "2021-03" }], now)).toBe(2.3); // 27 months
    expect(experienceYears([{ start: "2019-03", end: "2019-03" }], now)).toBe(0.1);
    expect(experienceYears([{ start: "2016", end: "2016" }], now)).toBe(1);
  });

  it("counts overlapping ranges once and adjacent ones as one", () => {
    const ranges = [
      { start: "2016", end: "2020" },
      { start: "2020", end: null },
      { start: "2018-05", end: "2019-02" },
    ];
    expect(experienceYears(ranges, now)).toBe(9.5); // January 2016 – June 2025: 114 months
    expect(experienceYears([{ start: "2019-01", end: "2019-06" }, { start: "2019-07", end: "2019-12" }], now)).toBe(1);
  });

  it("leaves gaps out", () => {
    expect(experienceYears([{ start: "2010", end: "2011" }, { start: "2015-01", end: "2015-06" }], now)).toBe(2.5);
  });

  it("counts 'present' through the month of now, and nothing after now", () => {
    expect(experienceYears([{ start: "2020", end: null }], now)).toBe(5.5);
    expect(experienceYears([{ start: "2020", end: null }], new Date("2020-01-01T00:00:00Z"))).toBe(0.1);
    expect(experienceYears([{ start: "2024-07", end: "2027" }], now)).toBe(1); // July 2024 – June 2025
    expect(experienceYears([{ start: "2026", end: "2027" }], now)).toBe(0);
  });

  it("is null without a dated range and skips malformed ones", () => {
    expect(experienceYears([], now)).toBeNull();
    expect(experienceYears([{ start: null, end: null }, { start: null, end: "2020" }], now)).toBeNull();
    expect(experienceYears([{ start: "2019-13", end: null }, { start: "soon", end: "2020" }], now)).toBeNull();
    expect(experienceYears([{ start: "2019", end: "later" }, { start: "2020", end: "2020" }], now)).toBe(1);
  });
});
