import { describe, expect, it } from "vitest";
import type { QuickSearchResultDto } from "../src/modules/candidate/contract/candidate-search.ts";
import { quickSearchSections } from "../src/modules/candidate/contract/quick-search-order.ts";

type Match = QuickSearchResultDto["candidates"][number]["match"];

const candidate = (id: number, match: Match) => ({ id, name: `Candidate ${id}`, email: null, stage: "applied", stage_name: "Applied", job_title: null, match });
const job = (id: number, title: string) => ({ id, title, is_active: true });

/** Each section as its kind and ids, in order. */
const shape = (result: QuickSearchResultDto) => quickSearchSections(result).map((s) => [s.kind, s.items.map((item) => item.id)]);

describe("quickSearchSections: the quick switcher's order", () => {
  it("puts a job whose title matches above candidates found only in a resume or by a similar spelling", () => {
    // "design": a backend engineer whose resume mentions system design, and the job Product Designer.
    expect(shape({ candidates: [candidate(1, "resume"), candidate(2, "similar_name")], jobs: [job(10, "Product Designer")] })).toEqual([
      ["jobs", [10]],
      ["candidates", [1, 2]],
    ]);
  });

  it("keeps candidates found by name, e-mail or phone above the jobs, each part in the server's order", () => {
    const result = { candidates: [candidate(1, "name"), candidate(2, "email"), candidate(3, "phone"), candidate(4, "resume"), candidate(5, "similar_name")], jobs: [job(10, "A"), job(11, "B")] };
    expect(shape(result)).toEqual([
      ["candidates", [1, 2, 3]],
      ["jobs", [10, 11]],
      ["candidates", [4, 5]],
    ]);
  });

  it("leaves out empty parts", () => {
    expect(shape({ candidates: [candidate(1, "name")], jobs: [] })).toEqual([["candidates", [1]]]);
    expect(shape({ candidates: [], jobs: [job(10, "A")] })).toEqual([["jobs", [10]]]);
    expect(shape({ candidates: [], jobs: [] })).toEqual([]);
    // Without a cue (not a relevance search) a candidate is not demoted below the jobs.
    expect(shape({ candidates: [candidate(1, null)], jobs: [job(10, "A")] })).toEqual([
      ["candidates", [1]],
      ["jobs", [10]],
    ]);
  });
});
