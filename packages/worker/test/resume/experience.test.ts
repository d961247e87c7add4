import { describe, expect, it } from "vitest";
import { parseExperience } from "../../src/resume/index.ts";
import { cpuMs } from "./helpers.ts";

describe("parseExperience", () => {
  it("reads one-line entries with the description after the dates", () => {
    expect(
      parseExperience([
        "Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in",
        "Go and PostgreSQL.",
        "Software Engineer, Contoso Payments, Manchester (2016 - 2020). Built settlement services in Java and",
        "Kafka.",
      ]),
    ).toEqual([
      { title: "Lead Engineer", organization: "Northwind Logistics", location: "London", start: "2020", end: null },
      { title: "Software Engineer", organization: "Contoso Payments", location: "Manchester", start: "2016", end: "2020" },
    ]);
  });

  it("reads dash-separated entries with a 'City, ST' location", () => {
    expect(
      parseExperience([
        "Senior Product Designer — Fabrikam Health, New York, NY — 2021 to 2025",
        "Product Designer - Tailspin Bank, Jersey City, NJ - 2018 to 2021",
        "Engineer | Initech | Toronto, ON, Canada | Sept 2014 – Jan 2016",
        "Head of Data at Globex, Inc., Remote (2019-03 – 2021-11)",
      ]),
    ).toEqual([
      { title: "Senior Product Designer", organization: "Fabrikam Health", location: "New York, NY", start: "2021", end: "2025" },
      { title: "Product Designer", organization: "Tailspin Bank", location: "Jersey City, NJ", start: "2018", end: "2021" },
      { title: "Engineer", organization: "Initech", location: "Toronto, ON, Canada", start: "2014-09", end: "2016-01" },
      { title: "Head of Data", organization: "Globex, Inc.", location: "Remote", start: "2019-03", end: "2021-11" },
    ]);
  });

  it("reads the multi-line layout: title, organisation, dates, bullets", () => {
    expect(
      parseExperience([
        "Senior Software Engineer",
        "Acme Corp, Austin, TX",
        "January 2019 - Present",
        "• Built the billing platform in Go",
        "• Led a team of four",
        "NORTHWIND LOGISTICS",
        "Data Analyst",
        "03/2016 – 12/2018",
        "Reported on routes and costs.",
        "Barista",
        "Blue Bottle Coffee",
        "2014 – 2015",
      ]),
    ).toEqual([
      { title: "Senior Software Engineer", organization: "Acme Corp", location: "Austin, TX", start: "2019-01", end: null },
      { title: "Data Analyst", organization: "NORTHWIND LOGISTICS", location: null, start: "2016-03", end: "2018-12" },
      { title: "Barista", organization: "Blue Bottle Coffee", location: null, start: "2014", end: "2015" },
    ]);
  });

  it("reads the employer from the line below when the date line holds only the title", () => {
    expect(
      parseExperience(["Staff Engineer | Jan 2019 – Present", "Acme Corp, Berlin, Germany", "• Ran the platform team"]),
    ).toEqual([{ title: "Staff Engineer", organization: "Acme Corp", location: "Berlin, Germany", start: "2019-01", end: null }]);
    expect(parseExperience(["Acme Corp | Jan 2019 – Present | Remote", "Staff Engineer"])).toEqual([
      { title: "Staff Engineer", organization: "Acme Corp", location: "Remote", start: "2019-01", end: null },
    ]);
  });

  it("ignores dates inside descriptions and keeps single-year entries", () => {
    expect(
      parseExperience([
        "Developer, Initech, 2012 – 2014",
        "Migrated the ledger from 2006 - 2011 archives",
        "• Promoted to team lead, 2013",
        "Intern, Globex Labs, 2011",
      ]),
    ).toEqual([
      { title: "Developer", organization: "Initech", location: null, start: "2012", end: "2014" },
      { title: "Intern", organization: "Globex Labs", location: null, start: "2011", end: "2011" },
    ]);
  });

  it("returns nothing for a section without dated entries", () => {
    expect(parseExperience(["Built things for people.", "Freelance work"])).toEqual([]);
    expect(parseExperience([])).toEqual([]);
  });

  it("returns at most 50 entries and stays fast on hostile input", () => {
    const many = Array.from({ length: 200 }, (_, i) => `Engineer, Acme ${i}, London (2000 – 2001)`);
    expect(parseExperience(many)).toHaveLength(50);
    const started = process.cpuUsage(); // CPU time: wall time on a loaded machine measures the neighbours
    parseExperience([`${"2019 - ".repeat(5000)}`, `${"Jan 2019 ".repeat(5000)}`, `Engineer${", Acme".repeat(5000)} 2019 – 2020`, "—".repeat(50_000)]);
    parseExperience(Array.from({ length: 5000 }, () => `A${" A".repeat(200)} (2019 – 2020)`));
    expect(cpuMs(process.cpuUsage(started))).toBeLessThan(1000);
  });
});
