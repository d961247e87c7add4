import { describe, expect, it } from "vitest";
import { highlightParts } from "@/lib/highlight";
import { criteriaJudged, rescoreOutcome } from "@/lib/screening";

/** Issue 28 items 3 and 5 in words: a score's coverage, a re-score's outcome, the evidence's match. */
describe("criteriaJudged", () => {
  it("says how many of the scored criteria were judged", () => {
    expect(criteriaJudged(5, 6)).toBe("5 of 6 criteria judged");
    expect(criteriaJudged(6, 6)).toBe("6 of 6 criteria judged");
    expect(criteriaJudged(0, 4)).toBe("0 of 4 criteria judged");
    expect(criteriaJudged(1, 1)).toBe("1 of 1 criterion judged");
  });

  it("says nothing when no criterion was scored", () => {
    expect(criteriaJudged(0, 0)).toBeNull();
  });
});

describe("rescoreOutcome", () => {
  const none = { no_criteria: 0, no_resume: 0, resume_failed: 0, resume_parsing: 0, nothing_to_judge: 0 };

  it("everyone got a score: scored n of n", () => {
    expect(rescoreOutcome({ scored: 3, total: 3, with_score: 3, unjudged: none, failed: 0 })).toBe("scored 3 of 3");
  });

  it("one without a resume: not 'scored 3 of 3' but who could not be judged and why", () => {
    expect(rescoreOutcome({ scored: 3, total: 3, with_score: 2, unjudged: { ...none, no_resume: 1 }, failed: 0 })).toBe("2 scored, 1 could not be judged (no resume)");
  });

  it("several reasons are counted each; failed scorings are said too", () => {
    const unjudged = { ...none, no_resume: 2, resume_failed: 1, resume_parsing: 1, nothing_to_judge: 1 };
    expect(rescoreOutcome({ scored: 6, total: 7, with_score: 1, unjudged, failed: 1 })).toBe(
      "1 scored, 5 could not be judged (2 no resume, 1 resume could not be parsed, 1 resume still being parsed, 1 nothing in the resume or answers to judge), scoring failed for 1",
    );
    expect(rescoreOutcome({ scored: 2, total: 3, with_score: 2, unjudged: none, failed: 1 })).toBe("2 scored, scoring failed for 1");
    expect(rescoreOutcome({ scored: 2, total: 2, with_score: 0, unjudged: { ...none, no_criteria: 2 }, failed: 0 })).toBe("0 scored, 2 could not be judged (the job has no criteria)");
  });
});

describe("highlightParts", () => {
  const marked = (text: string, match: string | null | undefined) => highlightParts(text, match).map((p) => (p.mark ? `[${p.text}]` : p.text)).join("");

  it("marks every occurrence, whatever its case, and keeps the text as written", () => {
    expect(marked("Go and PostgreSQL; postgresql replication, POSTGRESQL 16.", "PostgreSQL")).toBe("Go and [PostgreSQL]; [postgresql] replication, [POSTGRESQL] 16.");
    expect(highlightParts("SKILLS: Go, Java", "Go")).toEqual([
      { text: "SKILLS: ", mark: false },
      { text: "Go", mark: true },
      { text: ", Java", mark: false },
    ]);
  });

  it("as a whole word: not inside another word", () => {
    expect(marked("Go services; Google and MongoDB, ago", "Go")).toBe("[Go] services; Google and MongoDB, ago");
    expect(marked("ASP.NET and .NET Core", ".NET")).toBe("ASP[.NET] and [.NET] Core");
  });

  it("takes the match literally (no pattern) and across other whitespace", () => {
    expect(marked("C++ and C, then C++17", "C++")).toBe("[C++] and C, then [C++]17");
    expect(marked("Node.js or Nodexjs", "Node.js")).toBe("[Node.js] or Nodexjs");
    expect(marked("led a team  of six", "team of")).toBe("led a [team  of] six");
  });

  it("no match given, or none found: the text as one plain part", () => {
    for (const match of [null, undefined, "", "  ", "Kafka"]) {
      expect(highlightParts("Go and PostgreSQL.", match)).toEqual([{ text: "Go and PostgreSQL.", mark: false }]);
    }
  });

  it("a match that is the whole text, or at its ends", () => {
    expect(highlightParts("Go", "go")).toEqual([{ text: "Go", mark: true }]);
    expect(marked("Go, then Go", "Go")).toBe("[Go], then [Go]");
  });
});
