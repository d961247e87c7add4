import { createHash } from "node:crypto";
import { type CriterionResult, type ScreeningCriterion } from "../contract/screening.ts";

/** A required criterion that is not met keeps the score at or below this, whatever else is met. */
export const REQUIRED_MISS_CAP = 40;

/**
 * round(100 × Σ weight of met ÷ Σ weight of judged). Unjudged criteria (met null) count neither
 * way: not knowing is not failing. No judged criterion at all → null (no score rather than 0).
 */
export function fitScoreOf(results: readonly CriterionResult[]): number | null {
  const judged = results.filter((r) => r.met !== null);
  const total = judged.reduce((sum, r) => sum + r.weight, 0);
  if (!judged.length || total <= 0) return null;
  const met = judged.reduce((sum, r) => sum + (r.met ? r.weight : 0), 0);
  const score = Math.round((100 * met) / total);
  return judged.some((r) => r.required && r.met === false) ? Math.min(score, REQUIRED_MISS_CAP) : score;
}

/** JSON with object keys sorted at every level, so equal values hash equally whatever their key order. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : sortKeys(v)));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Identifies the criteria a score was made against (order included: results follow it). */
export function criteriaHash(criteria: readonly ScreeningCriterion[]): string {
  return sha256(stableStringify(criteria));
}

/**
 * Identifies what was judged: the blind text (not the raw one, so a change of name or e-mail alone
 * does not call for a new score), the answers and the location.
 */
export function inputHash(blindText: string, answers: Record<string, unknown> | null, location: string | null): string {
  return sha256(stableStringify({ blindText, answers, location }));
}
