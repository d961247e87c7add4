import { describe, expect, it } from "vitest";
import { findSkill, skillAliases } from "../../src/modules/screening/engine/index.ts";

const inText = (skill: string, text: string) => findSkill(skill, { skills: [], text }).met;

describe("findSkill: Go", () => {
  it.each([
    "Go, Java, PostgreSQL",
    "Designed order routing in Go and PostgreSQL.",
    "routing in\nGo and PostgreSQL",
    "Languages: Go",
    "Written in Go.",
    "(Go)",
    "Go/Java",
    "GO, JAVA, KAFKA",
    "Go is my main language",
    "Built in Golang.",
    "golang services",
  ])("matches %j", (text) => {
    expect(inText("Go", text)).toBe(true);
  });

  it.each([
    "Google Cloud",
    "Alphabet (Google)",
    "go to market",
    "Go to market strategy",
    "Go-To-Market launches",
    "go-to-market",
    "Go-Live support",
    "go-live",
    "Go live in May",
    "ready to Go",
    "Let's go!",
    "we go live",
    "ago, cargo, Gopher",
    "on the go",
  ])("does not match %j", (text) => {
    expect(inText("Go", text)).toBe(false);
  });

  it("finds Go by its alias and in either direction", () => {
    expect(inText("golang", "Go, Java")).toBe(true);
    expect(inText("GoLang", "services in Go")).toBe(true);
  });

  it("reads the parsed skills list whatever its case, but not go-to-market", () => {
    expect(findSkill("Go", { skills: ["go"], text: "" })).toEqual({ met: true, evidence: "Listed skill: go", match: "go" });
    expect(findSkill("Go", { skills: ["Golang (5 years)"], text: "" }).met).toBe(true);
    expect(findSkill("Go", { skills: ["Go-to-market strategy"], text: "" }).met).toBe(false);
  });
});

describe("findSkill: names with symbols", () => {
  it.each([
    ["C++", "C/C++ and C#", true],
    ["C++", "Modern C++17", true],
    ["C++", "C and Python", false],
    ["C", "C/C++ and C#", true],
    ["C", "C++ and C#", false],
    ["C", "C-level stakeholders, Objective-C, R&D", false],
    ["C#", "C# and .NET", true],
    ["C#", "C and C++", false],
    [".NET", "ASP.NET Core", true],
    [".NET", "VB.NET", true],
    [".NET", "DotNet services", true],
    [".NET", "the Internet", false],
    ["Node.js", "Node.js, Express", true],
    ["Node.js", "NodeJS", true],
    ["Node.js", "a graph node", false],
    ["JavaScript", "JS and TypeScript", true],
    ["JavaScript", "Vue.js and Next.js", false],
    ["JavaScript", "JSON APIs", false],
    ["Java", "JavaScript", false],
    ["Java", "Java 17", true],
  ] as const)("%s in %j: %s", (skill, text, met) => {
    expect(inText(skill, text)).toBe(met);
  });
});

describe("findSkill: aliases and boundaries", () => {
  it.each([
    ["PostgreSQL", "Postgres 15"],
    ["Postgres", "PostgreSQL"],
    ["Kubernetes", "k8s clusters"],
    ["k8s", "Kubernetes"],
    ["JavaScript", "js"],
    ["User research", "User\nresearch"],
    ["Kafka", "Kafka-based pipelines"],
    ["Kafka", "Apache Kafka's consumers"],
  ])("%s matches %j", (skill, text) => {
    expect(inText(skill, text)).toBe(true);
  });

  it("does not match inside a word", () => {
    expect(inText("SQL", "PostgreSQL and MySQL")).toBe(false);
    expect(inText("React", "Reactive streams")).toBe(false);
    expect(inText("Rust", "Trusted partner")).toBe(false);
  });

  it("lists a group's names, shown name first", () => {
    expect(skillAliases("golang")).toEqual(["Go", "Golang"]);
    expect(skillAliases("Figma")).toEqual(["Figma"]);
  });
});

describe("findSkill: evidence", () => {
  it("quotes the line of the first match", () => {
    const text = "SUMMARY\nBackend engineer.\nLead Engineer (2020 – present). Designed order routing in Go and PostgreSQL.\nSKILLS\nGo, Java";
    expect(findSkill("Go", { skills: ["Go"], text })).toEqual({ met: true, evidence: "Lead Engineer (2020 – present). Designed order routing in Go and PostgreSQL.", match: "Go" });
  });

  it("cuts a long line around the match to at most 160 characters, on word boundaries", () => {
    const text = `${"lorem ipsum ".repeat(30)}built with Kafka and friends ${"dolor sit amet ".repeat(30)}`;
    const { met, evidence } = findSkill("Kafka", { skills: [], text });
    expect(met).toBe(true);
    expect(evidence.length).toBeLessThanOrEqual(160);
    expect(evidence).toContain("built with Kafka and friends");
    expect(evidence).toMatch(/^…\S+ .* \S+…$/);
    expect(evidence).toMatch(/^…(lorem|ipsum) /);
  });

  it("says what was looked for when nothing matches", () => {
    expect(findSkill("Go", { skills: ["Figma"], text: "Product designer" })).toEqual({ met: false, evidence: "No mention of Go (or Golang) in the resume" });
  });
});
