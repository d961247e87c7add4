import { describe, expect, it } from "vitest";
import { isSmall, rateCategories, round3 } from "../src/modules/report/impact-ratio-math.ts";

describe("impact-ratio arithmetic", () => {
  it("reproduces NYC's published example: scoring rates 54.3 % and 44.7 % → impact ratio 0.82", () => {
    const rows = rateCategories(
      [
        { key: "a", n: 1000, selected: 543 },
        { key: "b", n: 1000, selected: 447 },
      ],
      2000,
    );
    expect(rows).toEqual([
      { key: "a", n: 1000, rate: 0.543, impact_ratio: 1, excluded_small: false },
      { key: "b", n: 1000, rate: 0.447, impact_ratio: 0.823, excluded_small: false },
    ]);
    expect(rows[1]!.impact_ratio!.toFixed(2)).toBe("0.82");
  });

  it("computes the ratio from the exact rates, not the rounded ones", () => {
    // 2/3 against 1/3 is 0.5 exactly; from the rounded rates (0.333 / 0.667) it would be 0.499.
    const rows = rateCategories(
      [
        { key: "a", n: 3, selected: 2 },
        { key: "b", n: 3, selected: 1 },
      ],
      6,
    );
    expect(rows.map((r) => [r.rate, r.impact_ratio])).toEqual([
      [0.667, 1],
      [0.333, 0.5],
    ]);
  });

  it("rounds half up on exact integers", () => {
    expect(round3(1, 8)).toBe(0.125);
    expect(round3(1, 16)).toBe(0.063); // 0.0625 → 0.063
    expect(round3(5, 2000)).toBe(0.003); // 0.0025 → 0.003 (a float product would give 0.002)
    expect(round3(0, 7)).toBe(0);
    expect(round3(7, 7)).toBe(1);
  });

  it("gives tied categories the same rate and both the ratio 1", () => {
    const rows = rateCategories(
      [
        { key: "a", n: 40, selected: 10 },
        { key: "b", n: 80, selected: 20 },
        { key: "c", n: 50, selected: 5 },
      ],
      170,
    );
    expect(rows.map((r) => [r.key, r.rate, r.impact_ratio])).toEqual([
      ["a", 0.25, 1],
      ["b", 0.25, 1],
      ["c", 0.1, 0.4],
    ]);
  });

  it("shows a category under 2 % of the sample but never takes it as the reference", () => {
    // 1 of 100 is 1 %: excluded; its rate (100 %) would otherwise be the highest.
    const rows = rateCategories(
      [
        { key: "tiny", n: 1, selected: 1 },
        { key: "a", n: 60, selected: 30 },
        { key: "b", n: 39, selected: 13 },
      ],
      100,
    );
    expect(rows).toEqual([
      { key: "tiny", n: 1, rate: 1, impact_ratio: 2, excluded_small: true },
      { key: "a", n: 60, rate: 0.5, impact_ratio: 1, excluded_small: false },
      { key: "b", n: 39, rate: 0.333, impact_ratio: 0.667, excluded_small: false },
    ]);
    expect(isSmall(2, 100)).toBe(false); // exactly 2 % is not under 2 %
    expect(isSmall(1, 51)).toBe(true);
  });

  it("answers null ratios, not NaN or Infinity, when every rate is 0 or every category is small", () => {
    const zero = rateCategories(
      [
        { key: "a", n: 10, selected: 0 },
        { key: "b", n: 5, selected: 0 },
      ],
      15,
    );
    expect(zero.map((r) => [r.rate, r.impact_ratio])).toEqual([
      [0, null],
      [0, null],
    ]);
    const allSmall = rateCategories([{ key: "a", n: 1, selected: 1 }], 100);
    expect(allSmall).toEqual([{ key: "a", n: 1, rate: 1, impact_ratio: null, excluded_small: true }]);
    expect(JSON.stringify(zero)).not.toMatch(/NaN|Infinity/);
  });

  it("leaves out categories nobody in the sample belongs to", () => {
    expect(rateCategories([{ key: "a", n: 0, selected: 0 }, { key: "b", n: 4, selected: 1 }], 4).map((r) => r.key)).toEqual(["b"]);
  });
});
