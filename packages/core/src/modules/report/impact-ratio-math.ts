import { SMALL_CATEGORY_SHARE } from "./contract/impact-ratio.ts";

/**
 * The impact-ratio arithmetic on the handful of counts the report's SQL returns (one cell per
 * sex × race/ethnicity answer). Integer arithmetic throughout: a rate is selected ÷ n and a ratio
 * (s_i · n_ref) ÷ (n_i · s_ref), each rounded once, half up, to 3 places, so the page, the CSV and
 * the JSON show the same digits and no float artefact (0.1 + 0.2) decides a rounding.
 */
export interface CategoryCount {
  n: number;
  selected: number;
}

export interface RatedCategory<K> {
  key: K;
  n: number;
  rate: number;
  impact_ratio: number | null;
  excluded_small: boolean;
}

/** num ÷ den rounded half up to 3 places (num, den ≥ 0 integers, den > 0). */
export function round3(num: number, den: number): number {
  return Math.floor((num * 2000 + den) / (2 * den)) / 1000;
}

/** Under 2 % of the sample (n ÷ size < 0.02, decided on integers). */
export function isSmall(n: number, sampleSize: number): boolean {
  return n * Math.round(1 / SMALL_CATEGORY_SHARE) < sampleSize;
}

/**
 * Each category's rate and impact ratio against the highest rate among the categories that are not
 * small. No reference (every category small) or a reference rate of 0 (nobody selected): the ratio
 * is null, never a division by zero.
 */
export function rateCategories<K>(categories: readonly (CategoryCount & { key: K })[], sampleSize: number): RatedCategory<K>[] {
  const present = categories.filter((c) => c.n > 0);
  let reference: CategoryCount | null = null;
  for (const c of present) {
    if (isSmall(c.n, sampleSize)) continue;
    // c.selected / c.n > ref.selected / ref.n, compared exactly.
    if (reference === null || c.selected * reference.n > reference.selected * c.n) reference = c;
  }
  return present.map((c) => ({
    key: c.key,
    n: c.n,
    rate: round3(c.selected, c.n),
    impact_ratio: reference === null || reference.selected === 0 ? null : round3(c.selected * reference.n, c.n * reference.selected),
    excluded_small: isSmall(c.n, sampleSize),
  }));
}
