import { getCareersJob, getCompanyScreeningSettings, saveScreeningOutcome, type ScreeningSettingsInput, systemContext, updateCompanyScreeningSettings, updateJob } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";

/**
 * The notice and human oversight of the AI agent (issue 25 §3), on a real database: the job's
 * screening_notice_at, the careers page's notice, the company-wide pause switch (audited) and the
 * hold-back after the notice. The agent's save is driven directly (saveScreeningOutcome, as the
 * candidate-screen job calls it) so each rule is decided on a known score.
 */
useIsolatedDatabase();
let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => {
  app = await startApp();
  return () => app.close();
});

const AUTO: ScreeningSettingsInput = {
  mode: "auto",
  criteria: [{ id: "go", type: "skill", value: "Go", required: true }, { id: "exp", type: "min_years", value: 5 }],
  advance: { min_score: 80, to_stage: "phonescreen" },
  reject_on_required_miss: false,
};
const OUTCOME = { fitScore: 95, criteria: [], engine: "local" as const, model: null, criteriaHash: "x", inputHash: "y", blindText: "" };
const SETTINGS = { mode: "auto" as const, criteria: [], advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: false };

async function candidateIn(co: Awaited<ReturnType<typeof createTestCompany>>, email: string) {
  const res = await apiClient(app.url, co).post("/candidates", { job_id: co.jobId, name: "Cand", email, stage: "applied" });
  expect(res.status).toBe(201);
  // Its own scoring is left to the test: the background job is not running here.
  return res.body.data.id as number;
}

describe("screening_notice_at", () => {
  it("is set when the job is first public and open with screening on, and kept after", async () => {
    const off = await createTestCompany({ title: "Off" });
    const api = apiClient(app.url, off);
    expect((await api.get(`/jobs/${off.jobId}`)).body.data.screening_notice_at).toBeNull();

    const on = await createTestCompany({ title: "On", screening: AUTO });
    const created = (await apiClient(app.url, on).get(`/jobs/${on.jobId}`)).body.data.screening_notice_at;
    expect(Date.parse(created)).toBeGreaterThan(Date.now() - 60_000);

    // A private job with screening: no notice until it goes public.
    const hidden = await createTestCompany({ title: "Hidden", is_public: false, screening: AUTO });
    const hiddenApi = apiClient(app.url, hidden);
    expect((await hiddenApi.get(`/jobs/${hidden.jobId}`)).body.data.screening_notice_at).toBeNull();
    const published = await hiddenApi.patch(`/jobs/${hidden.jobId}`, { is_public: true });
    expect(published.status).toBe(200);
    const first = published.body.data.screening_notice_at;
    expect(first).not.toBeNull();
    // Kept: going private and public again, or a screening change, does not move it.
    await hiddenApi.patch(`/jobs/${hidden.jobId}`, { is_public: false });
    const again = await hiddenApi.patch(`/jobs/${hidden.jobId}`, { is_public: true, screening: { mode: "score" } });
    expect(again.body.data.screening_notice_at).toBe(first);

    // Screening switched on later for a public job.
    const turnedOn = await api.patch(`/jobs/${off.jobId}`, { screening: AUTO });
    expect(turnedOn.body.data.screening_notice_at).not.toBeNull();
    // Read-only: the API refuses to write it.
    const write = await api.patch(`/jobs/${off.jobId}`, { screening_notice_at: "2026-01-01T00:00:00.000Z" });
    expect(write.status).toBe(400);
  });

  it("the careers job page carries the notice while screening is on, with the company's contact and retention", async () => {
    const co = await createTestCompany({ title: "Noticed", screening: AUTO });
    const svc = systemContext(getPrisma(), co.id);
    await updateCompanyScreeningSettings(svc, { notice_contact: "accommodations@example.com" });
    await getPrisma().company.update({ where: { id: co.id }, data: { retentionMonths: 24 } });
    const page = await getCareersJob(getPrisma(), co.slug, co.jobId);
    expect(page.screening_notice).toMatchObject({
      qualifications: ["Experience with Go (required)", "At least 5 years of work experience"],
      contact: "accommodations@example.com",
    });
    expect(page.screening_notice!.retention).toMatch(/24 months/);
    expect(page.screening_notice!.posted_at).toBe((await apiClient(app.url, co).get(`/jobs/${co.jobId}`)).body.data.screening_notice_at);

    await updateJob(svc, { id: co.jobId, screening: { mode: "off" } });
    expect((await getCareersJob(getPrisma(), co.slug, co.jobId)).screening_notice).toBeNull();
  });
});

describe("the pause switch", () => {
  it("stops every agent move while scoring goes on; audited as ai_agent.paused / resumed", async () => {
    const co = await createTestCompany({ title: "Paused", screening: AUTO });
    const svc = systemContext(getPrisma(), co.id);
    expect(await updateCompanyScreeningSettings(svc, { ai_agent_paused: true })).toMatchObject({ ai_agent_paused: true });

    const id = await candidateIn(co, "paused@example.com");
    const saved = await saveScreeningOutcome(svc, { candidateId: id, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial");
    expect(saved).toEqual({ saved: true, action: null });
    const row = await getPrisma().candidate.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ stage: "applied", fitScore: 95, fitStatus: "completed" });
    const run = await getPrisma().screeningRun.findFirstOrThrow({ where: { candidateId: id } });
    expect(run.action).toBeNull();
    expect(run.error).toMatch(/paused/);

    await updateCompanyScreeningSettings(svc, { ai_agent_paused: false });
    const other = await candidateIn(co, "resumed@example.com");
    const moved = await saveScreeningOutcome(svc, { candidateId: other, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial");
    expect(moved.action).toMatchObject({ action: "advance", to: "phonescreen" });

    const audit = await getPrisma().auditLogEntry.findMany({ where: { companyId: co.id, action: { startsWith: "ai_agent." } }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.data])).toEqual([
      ["ai_agent.paused", { ai_agent_paused: { from: false, to: true } }],
      ["ai_agent.resumed", { ai_agent_paused: { from: true, to: false } }],
    ]);
  });
});

describe("the hold-back after the notice", () => {
  it("scores but moves nobody until N business days after the notice; then moves again", async () => {
    const co = await createTestCompany({ title: "Held", screening: AUTO });
    const svc = systemContext(getPrisma(), co.id);
    await updateCompanyScreeningSettings(svc, { hold_back_business_days: 10 });
    expect(await getCompanyScreeningSettings(svc)).toMatchObject({ hold_back_business_days: 10 });

    const held = await candidateIn(co, "held@example.com");
    const first = await saveScreeningOutcome(svc, { candidateId: held, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial");
    expect(first).toEqual({ saved: true, action: null });
    expect((await getPrisma().candidate.findUniqueOrThrow({ where: { id: held } })).stage).toBe("applied");
    expect((await getPrisma().screeningRun.findFirstOrThrow({ where: { candidateId: held } })).error).toMatch(/held back until .* \(10 business days after the notice\)/);

    // The notice went up 15 calendar days ago (at least 10 business days): the agent moves again.
    await getPrisma().job.update({ where: { id: co.jobId }, data: { screeningNoticeAt: new Date(Date.now() - 15 * 86_400_000) } });
    const later = await candidateIn(co, "later@example.com");
    const moved = await saveScreeningOutcome(svc, { candidateId: later, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial");
    expect(moved.action).toMatchObject({ action: "advance" });
  });

  it("a job whose notice never went up (private) is held back while the hold-back is on", async () => {
    const co = await createTestCompany({ title: "Private", is_public: false, screening: AUTO });
    const svc = systemContext(getPrisma(), co.id);
    await updateCompanyScreeningSettings(svc, { hold_back_business_days: 1 });
    const id = await candidateIn(co, "private@example.com");
    expect((await saveScreeningOutcome(svc, { candidateId: id, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial")).action).toBeNull();
    await updateCompanyScreeningSettings(svc, { hold_back_business_days: 0 });
    const other = await candidateIn(co, "private2@example.com");
    expect((await saveScreeningOutcome(svc, { candidateId: other, jobId: co.jobId, settings: SETTINGS }, OUTCOME, "initial")).action).toMatchObject({ action: "advance" });
  });
});
