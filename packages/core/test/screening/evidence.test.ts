import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { type ScreeningCriterion } from "../../src/modules/screening/contract/screening.ts";
import { blindMapped, REMOVED, scoreCandidate, scoreLocally, type ScreeningInput } from "../../src/modules/screening/engine/index.ts";
import { MAX_QUOTE, quoteOriginal } from "../../src/modules/screening/engine/evidence.ts";
import { inputFor, MARCUS_DATA, MARCUS_DOC_TEXT, MARCUS_PDF_TEXT, MARCUS_TEXT, PRIYA_DATA, PRIYA_DOC_TEXT, PRIYA_TEXT } from "./fixtures.ts";

/**
 * Issue 28 item 5: the engine judges the blind text, but the evidence a recruiter reads quotes the
 * resume as written — its line, long enough to be read on its own, the match marked, never "[removed]".
 */

const skill = (value: string, extra: Partial<ScreeningCriterion> = {}): ScreeningCriterion => ({
  id: `skill-${value}`,
  type: "skill",
  value,
  question_id: null,
  accepted: null,
  required: false,
  weight: 1,
  ...extra,
});

const person = (name: string, email: string | null = null, phone: string | null = null): ScreeningInput["person"] => ({ name, email, phone, linkedin: null });

function judge(text: string, who: ScreeningInput["person"], ...skills: string[]) {
  const input = inputFor("marcus", { resume: { text, data: { skills: [] } }, person: who, criteria: skills.map((s) => skill(s)) });
  return scoreLocally(input);
}

describe("skill evidence quotes the original resume", () => {
  it("a line that starts with the person's name reads as written, not \"[removed], Dublin. …\" (the demo resume)", () => {
    const text = "Niamh O'Neill, Dublin. Visual and product designer: Figma, illustration, accessibility reviews (WCAG 2.2).";
    const outcome = judge(text, person("Niamh O'Neill", "niamh.oneill@example.com"), "Figma");
    // The engine read the blind text...
    expect(outcome.blindText).toBe(`${REMOVED}, Dublin. Visual and product designer: Figma, illustration, accessibility reviews (WCAG 2.2).`);
    // ...the recruiter reads the resume.
    expect(outcome.criteria[0]).toMatchObject({ met: true, evidence: text, match: "Figma" });
  });

  it("a line the PDF extraction wrapped is joined again: the experience entry, not \"Go and PostgreSQL.\" (marcus-oneill.pdf)", () => {
    const outcome = scoreLocally(inputFor("marcus", { resume: { text: MARCUS_PDF_TEXT, data: MARCUS_DATA }, criteria: [skill("PostgreSQL"), skill("Kafka"), skill("Go")] }));
    expect(outcome.criteria.map((c) => [c.evidence, c.match])).toEqual([
      ["Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL.", "PostgreSQL"],
      ["Software Engineer, Contoso Payments, Manchester (2016 – 2020). Built settlement services in Java and Kafka.", "Kafka"],
      ["Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL.", "Go"],
    ]);
  });

  it("a short line gets its heading and its list: the skills section of each fixture and format", () => {
    for (const text of [MARCUS_TEXT, MARCUS_PDF_TEXT, MARCUS_DOC_TEXT]) {
      const outcome = scoreLocally(inputFor("marcus", { resume: { text, data: MARCUS_DATA }, criteria: [skill("Terraform")] }));
      expect(outcome.criteria[0]).toMatchObject({ evidence: "SKILLS: Go, Java, PostgreSQL, Kafka, Kubernetes, Terraform", match: "Terraform" });
    }
    for (const text of [PRIYA_TEXT, PRIYA_DOC_TEXT]) {
      const outcome = scoreLocally(inputFor("priya", { resume: { text, data: PRIYA_DATA }, criteria: [skill("Figma"), skill("WCAG 2.2")] }));
      expect(outcome.criteria.map((c) => [c.evidence, c.match])).toEqual([
        ["Skills: Figma · User research · Design systems · WCAG 2.2", "Figma"],
        ["Skills: Figma · User research · Design systems · WCAG 2.2", "WCAG 2.2"],
      ]);
    }
  });

  it("a long line is cut around the match on word boundaries, with \"…\", at most MAX_QUOTE characters, contact details mapped back", () => {
    const filler = "I shipped features for the platform team with tests, reviews and documentation, ";
    const text = `Reach me at jane.doe@example.com or +1 415 555 2671 — ${filler.repeat(4)}and Jane Doe built Kafka pipelines for the payments team at Contoso in 2021, ${filler.repeat(4)}and more.`;
    const outcome = judge(text, person("Jane Doe", "jane.doe@example.com", "+14155552671"), "Kafka");
    expect(outcome.blindText).toContain(`and ${REMOVED} built Kafka`);
    const { evidence, match } = outcome.criteria[0]!;
    expect(match).toBe("Kafka");
    expect(evidence).toContain("Jane Doe built Kafka pipelines for the payments team at Contoso in 2021");
    expect(evidence).not.toContain(REMOVED);
    expect(evidence.length).toBeLessThanOrEqual(MAX_QUOTE);
    expect(evidence.length).toBeGreaterThan(150);
    expect(evidence).toMatch(/^…\S+ .* \S+…$/);
    // Whole words only: every word of the quote is a word of the resume.
    for (const word of evidence.replace(/…/g, "").split(/\s+/)) expect(text).toMatch(new RegExp(`(?:^|\\s)${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:\\s|$)`));
  });

  it("pronouns made neutral for the engine are quoted as written", () => {
    const text = "She led the data team. Her team moved every service onto Go and PostgreSQL in 2022, with zero downtime.";
    const outcome = judge(text, person("Ann Example"), "Go");
    expect(outcome.blindText).toContain("Their team moved");
    expect(outcome.criteria[0]).toMatchObject({ evidence: text, match: "Go" });
  });

  it("the whole evidence of the fixtures has no redaction mark and each match is in its evidence", () => {
    for (const who of ["marcus", "priya"] as const) {
      const outcome = scoreLocally(inputFor(who, { criteria: ["Go", "PostgreSQL", "Kafka", "Java", "Figma", "WCAG 2.2", "Terraform"].map((s) => skill(s)) }));
      for (const c of outcome.criteria) {
        expect(c.evidence).not.toContain(REMOVED);
        if (c.met) expect(c.evidence).toContain(c.match!);
      }
    }
  });
});

describe("blindMapped: the way back from the blind text", () => {
  it("maps every word the blinding kept to the same word of the original", () => {
    for (const [text, who] of [
      [MARCUS_TEXT, inputFor("marcus").person],
      [MARCUS_PDF_TEXT, inputFor("marcus").person],
      [PRIYA_TEXT, inputFor("priya").person],
      ["Dr. Ann Smith (she/her), 12 Main Street, Springfield, IL 62701. Her work: Rust, Go; his too. ann@example.com", person("Ann Smith", "ann@example.com")],
    ] as const) {
      const blind = blindMapped(text, who);
      for (const m of blind.text.matchAll(/[\p{L}\p{N}+#.]{2,}/gu)) {
        if (/removed|they|their|them|Mx/i.test(m[0])) continue;
        const span = blind.span(m.index, m.index + m[0].length);
        expect(blind.original.slice(span.start, span.end)).toBe(m[0]);
      }
      // A removed part maps to what was removed.
      const at = blind.text.indexOf(REMOVED);
      if (at !== -1) expect(blind.original.slice(blind.span(at, at + REMOVED.length).start, blind.span(at, at + REMOVED.length).end)).not.toContain(REMOVED);
    }
  });

  it("quoteOriginal never quotes more than MAX_QUOTE characters", () => {
    const text = "x".repeat(1000) + " Go " + "y".repeat(1000);
    const q = quoteOriginal(text, 1001, 1003);
    expect(q.match).toBe("Go");
    expect(q.evidence.length).toBeLessThanOrEqual(MAX_QUOTE);
    expect(q.evidence).toContain("Go");
  });
});

describe("model evidence quotes the original resume", () => {
  function modelSaying(results: Array<{ id: string; met: boolean | null; evidence: string }>) {
    return new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: "text", text: JSON.stringify({ results }) }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } },
        warnings: [],
      }),
    });
  }

  it("a quote the model copied with \"[removed]\" is shown from the original; an explanation loses the marks", async () => {
    const text = "Niamh O'Neill, Dublin. Visual and product designer: Figma, illustration, accessibility reviews (WCAG 2.2).\nLed a team of three designers at Fabrikam.";
    const input = inputFor("marcus", {
      resume: { text, data: { skills: [] } },
      person: person("Niamh O'Neill"),
      criteria: [skill("Figma"), { ...skill("lead"), id: "lead", type: "text", value: "Has led a team" }, { ...skill("x"), id: "sketch", value: "Sketch" }],
    });
    const model = modelSaying([
      { id: "skill-Figma", met: true, evidence: `"${REMOVED}, Dublin. Visual and product designer: Figma"` },
      { id: "lead", met: true, evidence: "led a team of three designers" },
      { id: "sketch", met: false, evidence: `${REMOVED} never mentions Sketch` },
    ]);
    const outcome = await scoreCandidate(input, { model, modelId: "mock/model" });
    expect(outcome.criteria.map((c) => [c.evidence, c.match ?? null])).toEqual([
      ["Niamh O'Neill, Dublin. Visual and product designer: Figma, illustration, accessibility reviews (WCAG 2.2).", "Niamh O'Neill, Dublin. Visual and product designer: Figma"],
      ["Led a team of three designers at Fabrikam.", "Led a team of three designers"],
      ["… never mentions Sketch", null],
    ]);
  });
});
