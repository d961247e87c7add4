import { describe, expect, it } from "vitest";
import { parseEducation } from "../../src/resume/index.ts";

describe("parseEducation", () => {
  it("reads one entry per line", () => {
    expect(
      parseEducation([
        "MEng Computer Science, University of Bristol, 2016",
        "• B.Sc. Physics — Technical University of Berlin — 2008 – 2012",
        "Master of Business Administration at INSEAD (2018 - present)",
        "High School Diploma, Lincoln High School, 2004",
      ]),
    ).toEqual([
      { degree: "MEng Computer Science", institution: "University of Bristol", year: "2016" },
      { degree: "B.Sc. Physics", institution: "Technical University of Berlin", year: "2012" },
      { degree: "Master of Business Administration", institution: "INSEAD", year: null },
      { degree: "High School Diploma", institution: "Lincoln High School", year: "2004" },
    ]);
  });

  it("reads one field per line in either order", () => {
    expect(
      parseEducation([
        "University of Bristol",
        "MEng Computer Science",
        "Sept 2012 – June 2016",
        "Thesis: event sourcing at scale.",
        "2008 – 2012",
        "BA Economics",
        "King's College London",
      ]),
    ).toEqual([
      { degree: "MEng Computer Science", institution: "University of Bristol", year: "2016" },
      { degree: "BA Economics", institution: "King's College London", year: "2012" },
    ]);
  });

  it("reads an undecorated 'degree, institution, year' line and entries without a year", () => {
    expect(parseEducation(["Computer Science, Stanford, 2015", "PhD, ETH Zurich"])).toEqual([
      { degree: "Computer Science", institution: "Stanford", year: "2015" },
      { degree: "PhD", institution: "ETH Zurich", year: null },
    ]);
  });

  it("ignores prose and lone years, and caps the entries", () => {
    expect(parseEducation(["Graduated with honours and a prize for the best thesis of the year.", "2016"])).toEqual([]);
    expect(parseEducation(["BA History, Durham University, 2009", "Captain of the university rowing team"])).toEqual([
      { degree: "BA History", institution: "Durham University", year: "2009" },
    ]);
    expect(parseEducation(Array.from({ length: 100 }, (_, i) => `BSc Physics, University ${i}, 2010`))).toHaveLength(20);
  });
});
