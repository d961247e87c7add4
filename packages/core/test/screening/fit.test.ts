import { describe, expect, it } from "vitest";
import { type CriterionResult } from "../../src/modules/screening/contract/screening.ts";
import { criteriaHash, fitScoreOf, inputHash } from "../../src/modules/screening/engine/index.ts";
import { BACKEND_CRITERIA } from "./fixtures.ts";

let n = 0;
const r = (met: boolean | null, weight = 1, required = false): CriterionResult => ({
  id: `c${++n}`,
  type: "skill",
  value: "x",
  question_id: null,
  accepted: null,
  required,
  weight,
  met,
  evidence: "",
});

describe("fitScoreOf", () => {
  it("is round(100 × met weight ÷ judged weight)", () => {
    expect(fitScoreOf([r(true, 2), r(false, 1)])).toBe(67);
    expect(fitScoreOf([r(true, 1), r(false, 2)])).toBe(33);
    expect(fitScoreOf([r(true, 1), r(false, 1)])).toBe(50);
    expect(fitScoreOf([r(true, 5)])).toBe(100);
    expect(fitScoreOf([r(false, 5)])).toBe(0);
  });

  it("leaves unjudged criteria out of both sums", () => {
    expect(fitScoreOf([r(true, 1), r(null, 5)])).toBe(100);
    expect(fitScoreOf([r(true, 1), r(false, 1), r(null, 5, true)])).toBe(50);
  });

  it("is null when nothing could be judged", () => {
    expect(fitScoreOf([])).toBeNull();
    expect(fitScoreOf([r(null, 3, true), r(null)])).toBeNull();
  });

  it("caps the score at 40 when a required criterion is not met", () => {
    expect(fitScoreOf([r(false, 1, true), r(true, 5)])).toBe(40); // 83 uncapped
    expect(fitScoreOf([r(false, 3, true), r(true, 1)])).toBe(25); // below the cap: unchanged
    expect(fitScoreOf([r(true, 1, true), r(true, 5)])).toBe(100);
  });
});

describe("hashes", () => {
  it("criteriaHash is SHA-256 hex, independent of key order, sensitive to content", () => {
    const h = criteriaHash(BACKEND_CRITERIA);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    const reordered = BACKEND_CRITERIA.map((c) => Object.fromEntries(Object.entries(c).reverse()) as typeof c);
    expect(criteriaHash(reordered)).toBe(h);
    expect(criteriaHash(BACKEND_CRITERIA.map((c, i) => (i === 0 ? { ...c, weight: 2 } : c)))).not.toBe(h);
  });

  it("inputHash covers the blind text, the answers (any key order) and the location", () => {
    const h = inputHash("text", { a: 1, b: "yes" }, "London");
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(inputHash("text", { b: "yes", a: 1 }, "London")).toBe(h);
    expect(inputHash("text!", { a: 1, b: "yes" }, "London")).not.toBe(h);
    expect(inputHash("text", { a: 1, b: "no" }, "London")).not.toBe(h);
    expect(inputHash("text", { a: 1, b: "yes" }, "Paris")).not.toBe(h);
    expect(inputHash("text", null, null)).not.toBe(inputHash("text", {}, null));
  });
});
