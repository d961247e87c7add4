import { randomBytes } from "node:crypto";
import { saveScreeningOutcome, systemContext, updateCompanyScreeningSettings, updateJob } from "@hireflow/core";
import { type ScreeningOutcome } from "@hireflow/core/screening/types";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * GET /candidates/{id}/screening_explanation (issue 25 §3 item 4, docs/SCREENING.md "Explanation
 * after a rejection"), also against the production build: the tool's part in plain words — each
 * criterion judged and how, with its evidence, the score against the threshold, who made the
 * rejection, how to ask for a review — and a clear answer when the tool was not used; 404 across
 * companies; in the data export. Candidates are created while the job's screening is off and scored
 * by the agent's own save, so no background scoring of the built server changes them under the test.
 */
useIsolatedDatabase();
let app: Awaited<ReturnType<typeof startApp>>;
let co: TestCompany;
let api: ApiClient;

const CRITERIA = [
  { id: "go", type: "skill" as const, value: "Go", required: true, weight: 2 },
  { id: "exp", type: "min_years" as const, value: 5, weight: 1 },
  { id: "lead", type: "text" as const, value: "Has led a team", weight: 1 },
];
const SETTINGS = { mode: "auto" as const, criteria: CRITERIA.map((c) => ({ ...c, required: c.required ?? false, question_id: null, accepted: null })), advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: true };

function outcome(goMet: boolean, fitScore: number): ScreeningOutcome {
  return {
    fitScore,
    criteria: [
      { ...SETTINGS.criteria[0]!, met: goMet, evidence: goMet ? "SKILLS: Go, PostgreSQL" : "Go is not mentioned in the resume", match: goMet ? "Go" : null },
      { ...SETTINGS.criteria[1]!, met: false, evidence: "About 3 years of work experience (2021–2024)" },
      { ...SETTINGS.criteria[2]!, met: null, evidence: "Could not be judged: nothing in the resume speaks to it" },
    ],
    engine: "local",
    model: null,
    criteriaHash: "h",
    inputHash: "i",
    blindText: "",
  };
}

beforeAll(async () => {
  app = await startApp();
  co = await createTestCompany({ title: "Backend Engineer" });
  api = apiClient(app.url, co);
  await updateCompanyScreeningSettings(systemContext(getPrisma(), co.id), { notice_contact: "review@acme.example" });
});
afterAll(() => app?.close());

async function candidate(company = co, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await apiClient(app.url, company).post("/candidates", { job_id: company.jobId, name: "Cand", email: `c-${randomBytes(4).toString("hex")}@example.com`, stage: "applied", ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const explain = (id: number | string, client = api) => client.get(`/candidates/${id}/screening_explanation`);

describe("GET /candidates/{id}/screening_explanation", () => {
  let judged: number;
  let agentRejected: number;
  let neverScored: number;
  beforeAll(async () => {
    [judged, agentRejected, neverScored] = [await candidate(), await candidate(), await candidate()];
    // Screening on after they applied: nobody is scored by that alone.
    await updateJob(systemContext(getPrisma(), co.id), { id: co.jobId, screening: { mode: "auto", criteria: CRITERIA, advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: true } });
    const svc = systemContext(getPrisma(), co.id);
    expect((await saveScreeningOutcome(svc, { candidateId: judged, jobId: co.jobId, settings: { ...SETTINGS, reject_on_required_miss: false } }, outcome(true, 60), "initial")).action).toBeNull();
    expect((await saveScreeningOutcome(svc, { candidateId: agentRejected, jobId: co.jobId, settings: SETTINGS }, outcome(false, 20), "initial")).action).toMatchObject({ action: "reject" });
  });

  it("a candidate the tool judged and a person (an integration here) rejected: each criterion and how, score vs threshold, who decided, how to ask for a review", async () => {
    expect((await api.patch(`/candidates/${judged}`, { stage: "rejected" })).status).toBe(200);
    const res = await explain(judged);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      candidate_id: judged,
      status: "judged",
      tool_used: true,
      engine: "local",
      score: 60,
      threshold: 80,
      agent_action: null,
      rejected: true,
      rejected_by: "integration",
      human_review: { contact: "review@acme.example" },
    });
    expect(data.criteria).toEqual([
      { id: "go", type: "skill", qualification: "Experience with Go (required)", required: true, result: "met", evidence: "SKILLS: Go, PostgreSQL" },
      { id: "exp", type: "min_years", qualification: "At least 5 years of work experience", required: false, result: "not_met", evidence: "About 3 years of work experience (2021–2024)" },
      { id: "lead", type: "text", qualification: "Has led a team", required: false, result: "unknown", evidence: "Could not be judged: nothing in the resume speaks to it" },
    ]);
    expect(Date.parse(data.assessed_at)).toBeGreaterThan(Date.now() - 600_000);
    expect(data.rejected_at).not.toBeNull();
    expect(data.summary).toMatch(/against 3 qualifications: 1 met, 1 not met, and 1 it could not judge/);
    expect(data.summary).toMatch(/score was 60 out of 100; applications scoring 80 or more are moved forward automatically/);
    expect(data.summary).toMatch(/not by the automated tool/);
    expect(data.human_review.how).toMatch(/contact review@acme\.example/);
    // The text to send holds it all.
    for (const part of ["Backend Engineer", "Experience with Go (required): met. SKILLS: Go, PostgreSQL", "At least 5 years of work experience: not met.", "could not be judged", "review@acme.example"]) {
      expect(data.text).toContain(part);
    }
  });

  it("the agent's own rejection says so: the tool declined, without a person", async () => {
    const data = (await explain(agentRejected)).body.data;
    expect(data).toMatchObject({ status: "judged", rejected: true, rejected_by: "ai_agent", agent_action: { action: "reject", to_stage: "rejected" }, score: 20 });
    expect(data.agent_action.reason).toMatch(/required: Go/);
    expect(data.summary).toMatch(/declined your application automatically/);
    expect(data.text).toMatch(/made by the automated tool, without a person/);
    expect(data.criteria[0]).toMatchObject({ result: "not_met", evidence: "Go is not mentioned in the resume" });
  });

  it("says clearly when the tool was not used: never scored, opted out, screening off, still pending", async () => {
    const notScored = (await explain(neverScored)).body.data;
    expect(notScored).toMatchObject({ status: "not_scored", tool_used: false, criteria: [], score: null, threshold: null, engine: null, agent_action: null, rejected: false, rejected_by: null });
    expect(notScored.summary).toMatch(/has not assessed your application/);

    // Screening is on now: a new applicant is pending until scored (the built server may score it meanwhile).
    const pending = (await explain(await candidate())).body.data;
    expect(["pending", "judged"]).toContain(pending.status);

    const optedOut = await candidate(co, { ai_opt_out: true, stage: "rejected" });
    const out = (await explain(optedOut)).body.data;
    expect(out).toMatchObject({ status: "opted_out", tool_used: false, criteria: [], rejected: true, rejected_by: "integration" });
    expect(out.summary).toMatch(/asked that a person, not the automated tool/);
    expect(out.text).toMatch(/took no part/);

    const off = await createTestCompany({ title: "No screening" });
    const offId = await candidate(off);
    const offData = (await explain(offId, apiClient(app.url, off))).body.data;
    expect(offData).toMatchObject({ status: "screening_off", tool_used: false, human_review: { contact: null } });
    expect(offData.summary).toMatch(/does not use the automated screening tool for No screening/);
    expect(offData.human_review.how).toMatch(/hiring team/);
  });

  it("404 for another company's candidate, 400 for a bad id, 403 for a key without candidates:read", async () => {
    const other = await createTestCompany({ title: "Elsewhere" });
    const res = await explain(judged, apiClient(app.url, other));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    for (const bad of ["abc", "0", "99999999999"]) expect((await explain(bad)).status, bad).toBe(400);
    const jobsOnly = await addApiKey(co, ["jobs:read"]);
    expect((await explain(judged, apiClient(app.url, { apiKey: jobsOnly.apiKey }))).status).toBe(403);
  });

  it("is in the data export, with ai_opt_out", async () => {
    const exported = await api.get(`/candidates/${judged}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.data.application.ai_opt_out).toBe(false);
    expect(exported.body.data.screening_explanation).toEqual((await explain(judged)).body.data);
    const optedOut = await candidate(co, { ai_opt_out: true });
    const doc = (await api.get(`/candidates/${optedOut}/export`)).body.data;
    expect(doc.application.ai_opt_out).toBe(true);
    expect(doc.screening_explanation).toMatchObject({ status: "opted_out" });
  });
});
