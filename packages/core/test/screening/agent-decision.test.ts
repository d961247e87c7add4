import { describe, expect, it } from "vitest";
import { type CriterionResult, type ScreeningSettings } from "../../src/modules/screening/contract/screening.ts";
import { type JobStage } from "../../src/modules/pipeline/stages.ts";
import { agentDecision } from "../../src/modules/screening/agent.ts";

/** The AI agent's decision in a job's own pipeline (issue 23): targets by key or type, outcomes by type. */
const STAGES: JobStage[] = [
  { key: "sourced", name: "Sourced", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "hm_screen", name: "Hiring manager screen", type: "phonescreen" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "declined", name: "Declined", type: "rejected" },
  { key: "withdrawn", name: "Withdrawn", type: "rejected" },
];
const criteria: CriterionResult[] = [{ id: "go", type: "skill", value: "Go", question_id: null, accepted: null, required: true, weight: 1, met: true, evidence: "Go" }];
const missed: CriterionResult[] = [{ ...criteria[0]!, met: false, evidence: "no Go" }];
const settings = (advanceTo: string | null, reject = false): ScreeningSettings => ({
  mode: "auto",
  criteria: [],
  advance: advanceTo === null ? null : { min_score: 80, to_stage: advanceTo },
  reject_on_required_miss: reject,
});
const at = (key: string) => ({ key, type: STAGES.find((s) => s.key === key)!.type });

describe("agentDecision with a custom pipeline", () => {
  it("advances to a key, or to the first stage of a type", () => {
    expect(agentDecision(settings("hm_screen"), { fitScore: 90, criteria }, at("applied"), STAGES)).toMatchObject({ action: "advance", from: "applied", to: "hm_screen" });
    expect(agentDecision(settings("phonescreen"), { fitScore: 90, criteria }, at("applied"), STAGES)).toMatchObject({ action: "advance", to: "recruiter_screen" });
  });

  it("does nothing below the threshold, in the target already, or when the target left the pipeline", () => {
    expect(agentDecision(settings("hm_screen"), { fitScore: 79, criteria }, at("applied"), STAGES)).toBeNull();
    expect(agentDecision(settings("phonescreen"), { fitScore: 90, criteria }, at("recruiter_screen"), STAGES)).toBeNull();
    expect(agentDecision(settings("onsite"), { fitScore: 90, criteria }, at("applied"), STAGES)).toBeNull();
  });

  it("rejects into the first rejected-type stage, never from a hired or rejected one", () => {
    expect(agentDecision(settings(null, true), { fitScore: 10, criteria: missed }, at("sourced"), STAGES)).toMatchObject({ action: "reject", from: "sourced", to: "declined" });
    expect(agentDecision(settings(null, true), { fitScore: 10, criteria: missed }, at("withdrawn"), STAGES)).toBeNull();
    expect(agentDecision(settings("hm_screen", true), { fitScore: 95, criteria }, at("hired"), STAGES)).toBeNull();
  });
});
