import { describe, expect, it } from "vitest";
import { STAGE_KEY_PATTERN } from "@hireflow/core/pipeline/contract";
import { initialDraft, moveRow, NEW_KIT, pipelineInput, removedStages, rowKeys, stageKeyFromName, type PipelineDraft } from "@/lib/pipeline-draft";

describe("stageKeyFromName", () => {
  it("lowercases, folds accents and joins words with _", () => {
    expect(stageKeyFromName("Technical interview", new Set())).toBe("technical_interview");
    expect(stageKeyFromName("  Entrevista técnica (2.) ", new Set())).toBe("entrevista_tecnica_2");
    expect(stageKeyFromName("Müller’s Offer!", new Set())).toBe("muller_s_offer");
  });

  it('falls back to "stage" when no a-z or 0-9 is left', () => {
    expect(stageKeyFromName("面接", new Set())).toBe("stage");
    expect(stageKeyFromName("", new Set())).toBe("stage");
    expect(stageKeyFromName("---", new Set(["stage"]))).toBe("stage_2");
  });

  it("is unique against taken keys (current and retired alike)", () => {
    expect(stageKeyFromName("Onsite", new Set(["onsite"]))).toBe("onsite_2");
    expect(stageKeyFromName("Onsite", new Set(["onsite", "onsite_2", "onsite_3"]))).toBe("onsite_4");
  });

  it("stays within 40 characters, suffix included, and always matches the API's pattern", () => {
    const long = "A very long stage name that goes on and on and on";
    const first = stageKeyFromName(long, new Set());
    expect(first.length).toBeLessThanOrEqual(40);
    const second = stageKeyFromName(long, new Set([first]));
    expect(second.length).toBeLessThanOrEqual(40);
    expect(second.endsWith("_2")).toBe(true);
    expect(second).not.toBe(first);
    // A cut that ends on "_" does not leave "__2".
    expect(stageKeyFromName("abcdefghij abcdefghij abcdefghij abcd efgh", new Set(["abcdefghij_abcdefghij_abcdefghij_abcd_ef"]))).toBe(
      "abcdefghij_abcdefghij_abcdefghij_abcd_2",
    );
    for (const name of [long, "面接", "Ünïcödé — stage", "a".repeat(100), "_x_"]) {
      expect(stageKeyFromName(name, new Set())).toMatch(STAGE_KEY_PATTERN);
      expect(stageKeyFromName(name, new Set([stageKeyFromName(name, new Set())]))).toMatch(STAGE_KEY_PATTERN);
    }
  });
});

describe("the pipeline draft", () => {
  const saved = [
    { key: "prospect", name: "Prospect", type: "prospect" as const },
    { key: "applied", name: "Applied", type: "applied" as const },
    { key: "onsite", name: "Onsite", type: "inprogress" as const },
    { key: "hired", name: "Hired", type: "hired" as const },
    { key: "rejected", name: "Rejected", type: "rejected" as const },
  ];

  it("keeps a saved stage's key when it is renamed, and generates keys for new rows in order", () => {
    const draft = initialDraft(saved);
    draft.rows[2] = { ...draft.rows[2]!, name: "On-site interview" };
    draft.rows.splice(3, 0, { id: 10, key: null, name: "Offer", type: "inprogress" }, { id: 11, key: null, name: "Offer", type: "inprogress" });
    const keys = rowKeys(draft.rows, ["old_offer"]);
    expect(keys.get(3)).toBe("onsite");
    expect(keys.get(10)).toBe("offer");
    expect(keys.get(11)).toBe("offer_2");
  });

  it("never gives a new row a reserved (retired) key or the key of a stage removed in this edit", () => {
    const draft = initialDraft(saved);
    draft.rows = draft.rows.filter((row) => row.key !== "onsite");
    draft.rows.push({ id: 9, key: null, name: "Onsite", type: "inprogress" }, { id: 10, key: null, name: "Screen", type: "phonescreen" });
    const reserved = [...saved.map((s) => s.key), "screen"];
    const keys = rowKeys(draft.rows, reserved);
    expect(keys.get(9)).toBe("onsite_2");
    expect(keys.get(10)).toBe("screen_2");
  });

  it("builds stages and stage_moves (a target row's generated key), skipping removed stages without a target", () => {
    const draft: PipelineDraft = initialDraft(saved);
    draft.rows = draft.rows.filter((row) => row.key !== "onsite" && row.key !== "applied");
    draft.rows.splice(1, 0, { id: 20, key: null, name: " Screen ", type: "applied" });
    draft.moves = { onsite: 20 };
    expect(removedStages(saved, draft.rows).map((s) => s.key)).toEqual(["applied", "onsite"]);
    const input = pipelineInput(draft, { reserved: saved.map((s) => s.key), saved });
    expect(input.stages).toEqual([
      { key: "prospect", name: "Prospect", type: "prospect" },
      { key: "screen", name: "Screen", type: "applied" },
      { key: "hired", name: "Hired", type: "hired" },
      { key: "rejected", name: "Rejected", type: "rejected" },
    ]);
    expect(input.stage_moves).toEqual({ onsite: "screen" });
  });

  it("moves rows", () => {
    const rows = initialDraft(saved).rows;
    expect(moveRow(rows, 2, 1).map((r) => r.key)).toEqual(["prospect", "onsite", "applied", "hired", "rejected"]);
    expect(moveRow(rows, 0, 4).map((r) => r.key)).toEqual(["applied", "onsite", "hired", "rejected", "prospect"]);
    expect(moveRow(rows, 0, -1)).toEqual(rows);
  });
});

describe("a stage's interview plan in the draft", () => {
  const planned = [
    { key: "applied", name: "Applied", type: "applied" as const },
    {
      key: "tech",
      name: "Technical",
      type: "inprogress" as const,
      interviews: [{ id: 7, name: "System design", duration_minutes: 60, instructions: "Probe caching", attributes: ["Design", "Communication"], questions: ["Design a URL shortener"] }],
    },
  ];

  it("sends a planned stage's kits (ids kept, attributes split, questions kept) and leaves unplanned stages without interviews", () => {
    const { stages } = pipelineInput(initialDraft(planned));
    expect(stages[0]).toEqual({ key: "applied", name: "Applied", type: "applied" });
    expect(stages[1]!.interviews).toEqual([{ id: 7, name: "System design", duration_minutes: 60, instructions: "Probe caching", attributes: ["Design", "Communication"], questions: ["Design a URL shortener"] }]);
  });

  it("sends new kits without ids, and an emptied plan as [] so that saving deletes it", () => {
    const draft = initialDraft(planned);
    draft.rows[0]!.interviews = [{ ...NEW_KIT, name: " Phone screen ", duration: "30", attributes: "Motivation, , Salary " }];
    draft.rows[1]!.interviews = [];
    const { stages } = pipelineInput(draft);
    expect(stages[0]!.interviews).toEqual([{ name: "Phone screen", duration_minutes: 30, instructions: "", attributes: ["Motivation", "Salary"] }]);
    expect(stages[1]!.interviews).toEqual([]);
  });
});
