import { describe, expect, it } from "vitest";
import { sectionKind, splitSections } from "../../src/resume/index.ts";
import { toLines } from "../../src/resume/text.ts";

function outline(text: string): Array<[string, string | null, number]> {
  return splitSections(toLines(text)).map((section) => [section.kind, section.heading, section.lines.length]);
}

describe("sectionKind", () => {
  it.each([
    ["Summary", "summary"],
    ["PROFILE", "summary"],
    ["About me:", "summary"],
    ["Career Objective", "summary"],
    ["Experience", "experience"],
    ["WORK EXPERIENCE", "experience"],
    ["Professional experience:", "experience"],
    ["Employment", "experience"],
    ["Employment History", "experience"],
    ["CAREER HIGHLIGHTS AND EXPERIENCE", "experience"],
    ["Education", "education"],
    ["ACADEMIC QUALIFICATIONS", "education"],
    ["Languages", "languages"],
    ["Language Skills", "languages"],
    ["Skills", "skills"],
    ["Technical Skills", "skills"],
    ["Skill set", "skills"],
    ["Projects", "other"],
    ["VOLUNTEER EXPERIENCE", "other"],
  ])("%s → %s", (line, kind) => {
    expect(sectionKind(line)).toBe(kind);
  });

  it.each(["CURRICULUM VITAE", "Jane Doe", "Lead Engineer, Northwind Logistics, London (2020 – present).", "Experience with Go"])(
    "%s is not a heading",
    (line) => {
      expect(sectionKind(line)).toBeNull();
    },
  );
});

describe("splitSections", () => {
  it("splits at headings and keeps the block above the first one as the header", () => {
    const text = "CURRICULUM VITAE\nJane Doe\nPROFILE\nEngineer.\nEXPERIENCE\nDev, Acme, 2019 - 2020\nSKILLS\nGo\nEDUCATION\nBSc, Leeds, 2010";
    expect(outline(text)).toEqual([
      ["header", null, 2],
      ["summary", "PROFILE", 1],
      ["experience", "EXPERIENCE", 1],
      ["skills", "SKILLS", 1],
      ["education", "EDUCATION", 1],
    ]);
  });

  it("starts summary, education and skills sections at inline labels", () => {
    expect(outline("Jane Doe\nSummary: Engineer.\nEducation: BSc, Leeds, 2010\nSkills: Go, Rust\nTools: Docker")).toEqual([
      ["header", null, 1],
      ["summary", "Summary", 1],
      ["education", "Education", 1],
      ["skills", "Skills", 2],
    ]);
    expect(splitSections(["Summary: Engineer who ships."])[0]?.lines).toEqual(["Engineer who ships."]);
  });

  it("keeps sub-labels inside skills and details inside jobs", () => {
    expect(outline("Technical Skills\nLanguages: Go, Java\nTools: Docker\nExperience\nDev, Acme, 2019 - 2020\nTools: Kafka\nSkills: Go")).toEqual([
      ["skills", "Technical Skills", 2],
      ["experience", "Experience", 3],
    ]);
  });

  it("does not take an employer written in capitals for a heading inside experience", () => {
    expect(outline("EXPERIENCE\nNORTHWIND LOGISTICS\nLead Engineer\n2020 - 2021\nPROJECTS\nThing")).toEqual([
      ["experience", "EXPERIENCE", 3],
      ["other", "PROJECTS", 1],
    ]);
  });

  it("bounds the number of sections and lines", () => {
    expect(splitSections(Array.from({ length: 500 }, (_, i) => (i % 2 ? "Education" : "Experience")))).toHaveLength(60);
    const lines = splitSections(["Experience", ...Array.from({ length: 5000 }, () => "x".repeat(5000))]);
    expect(lines[0]?.lines.length).toBeLessThan(2000);
    expect(Math.max(...(lines[0]?.lines.map((line) => line.length) ?? []))).toBeLessThanOrEqual(1000);
  });
});
