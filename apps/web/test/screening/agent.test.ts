import { randomBytes } from "node:crypto";
import { type ScreeningSettingsInput, saveScreeningOutcome, screeningAuditCsv, systemContext, updateCandidate } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../../../../packages/worker/test/webhooks/receiver.ts";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, useTempBlobDir, waitForResume } from "../helpers/resumes.ts";

/**
 * The AI screening agent end to end, on the local engine: a careers application with a resume is
 * parsed, scored and — in mode auto, at the first scoring — moved by the agent, and a real webhook
 * receiver gets `candidate.stage_changed` with changed_by "ai_agent". Modes off/score/auto, the
 * knock-out rejection, the once-only rule and re-scores that move nobody.
 */
useIsolatedDatabase();
useTempBlobDir();
let app: Awaited<ReturnType<typeof startApp>>;
let publisher: ReturnType<typeof startOutboxPublisher>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
  app = await startApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
  await receiver.close();
  await app.close();
});

const QUESTIONS = [{ id: "eu_work", label: "May you work in the EU?", type: "yes_no" as const, required: true }];
const BACKEND: ScreeningSettingsInput = {
  mode: "auto",
  criteria: [
    { id: "go", type: "skill", value: "Go", required: true, weight: 3 },
    { id: "pg", type: "skill", value: "PostgreSQL" },
    { id: "kafka", type: "skill", value: "Kafka" },
    { id: "exp", type: "min_years", value: 5, weight: 2 },
    { id: "loc", type: "location" },
    { id: "eu", type: "answer", question_id: "eu_work", accepted: ["yes"], required: true },
    { id: "lead", type: "text", value: "Has led a team of engineers" },
  ],
  advance: { min_score: 80, to_stage: "phonescreen" },
  reject_on_required_miss: true,
};

async function company(screening: ScreeningSettingsInput = BACKEND) {
  const co = await createTestCompany({ title: "Backend Engineer", locations: ["London"], screening_questions: QUESTIONS, screening });
  const hook = receiver.route();
  const created = await apiClient(app.url, co).post("/webhook_endpoints", { url: hook.url, events: ["candidate.stage_changed", "candidate.scored"] });
  expect(created.status).toBe(201);
  return { co, api: apiClient(app.url, co), hook };
}

async function applyWith(co: TestCompany, file: string, email: string, answers: Record<string, string> = { eu_work: "yes" }) {
  const fields = Object.fromEntries(Object.entries(answers).map(([id, value]) => [`answers[${id}]`, value]));
  const res = await postMultipart(app.url, null, { name: "Applicant", email, ...fields, resume: { bytes: fixture(file), filename: file, type: PDF } }, {
    path: `/api/public/jobs/${co.jobId}/applications`,
    headers: { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email } });
}

/** Waits until the candidate's fit is no longer pending and every run the scoring started is over. */
async function scored(api: ApiClient, id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api.get(`/candidates/${id}`);
    expect(res.status).toBe(200);
    const fit = res.body.data.fit;
    if (fit.status !== "pending" && res.body.data.resume_status !== "pending" && res.body.data.resume_status !== "processing") {
      await publisher.flush();
      await getLocalRunner().idle();
      return (await api.get(`/candidates/${id}`)).body.data;
    }
    if (Date.now() > deadline) throw new Error(`candidate ${id} still ${fit.status} (resume ${res.body.data.resume_status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const byId = (criteria: { id: string; met: boolean | null }[]) => Object.fromEntries(criteria.map((c) => [c.id, c.met]));

describe("the agent in mode auto", () => {
  it("careers form with a resume → parsed → scored → advanced by the AI agent; the receiver gets changed_by ai_agent", async () => {
    const { co, api, hook } = await company();
    const candidate = await applyWith(co, "marcus-oneill.pdf", "marcus@example.org");
    const done = await scored(api, candidate.id);

    expect(done.resume_status).toBe("completed");
    expect(done.fit.status).toBe("completed");
    expect(done.fit.engine).toBe("local");
    expect(byId(done.fit.criteria)).toEqual({ go: true, pg: true, kafka: true, exp: true, loc: true, eu: true, lead: null });
    for (const c of done.fit.criteria) expect(c.evidence.length, c.id).toBeGreaterThan(0);
    expect(done.fit.criteria.find((c: { id: string }) => c.id === "go").evidence).toMatch(/\bGo\b/);
    expect(done.fit_score).toBe(100);
    expect(done.stage).toBe("phonescreen");

    const moves = hook.requests().filter((r) => r.json.event === "candidate.stage_changed");
    expect(moves).toHaveLength(1);
    expect(moves[0]!.json.stage_change).toEqual({ previous_stage: "applied", new_stage: "phonescreen", previous_stage_type: "applied", new_stage_type: "phonescreen", previous_stage_name: "Applied", new_stage_name: "Phone screen", reject_reason: null, changed_by: "ai_agent", changed_by_user_id: null });
    const scoredEvents = hook.requests().filter((r) => r.json.event === "candidate.scored");
    expect(scoredEvents).toHaveLength(1);
    expect(scoredEvents[0]!.json).toMatchObject({ candidate: { id: candidate.id, public_id: candidate.publicId }, fit_score: 100, engine: "local" });
    // No contact data in candidate.scored.
    expect(JSON.stringify(scoredEvents[0]!.json)).not.toMatch(/marcus|@example|\+44/i);

    const activity = await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: candidate.id, type: "stage_changed" } });
    expect(activity).toMatchObject({ addedBy: "ai_agent", performerId: null, data: { previous_stage: "applied", new_stage: "phonescreen", reason: "fit 100 ≥ 80" } });
  });

  it("rejects on a required criterion that is not met (knock-out), never on a low score alone", async () => {
    const { co, api, hook } = await company();
    const priya = await applyWith(co, "priya-raman.pdf", "priya@example.net");
    const done = await scored(api, priya.id);
    expect(byId(done.fit.criteria)).toMatchObject({ go: false, pg: false, kafka: false, exp: true, eu: true });
    expect(done.fit_score).toBeLessThanOrEqual(40);
    expect(done.stage).toBe("rejected");
    const activity = await getPrisma().candidateActivity.findFirstOrThrow({ where: { candidateId: priya.id, type: "stage_changed" } });
    expect((activity.data as { reason: string }).reason).toMatch(/^required: Go — /);
    expect(hook.requests().find((r) => r.json.event === "candidate.stage_changed")!.json.stage_change).toMatchObject({ new_stage: "rejected", changed_by: "ai_agent" });

    // Without the knock-out rule a low score moves nobody.
    const lenient = await company({ ...BACKEND, reject_on_required_miss: false });
    const again = await scored(lenient.api, (await applyWith(lenient.co, "priya-raman.pdf", "priya2@example.net")).id);
    expect(again.fit_score).toBeLessThanOrEqual(40);
    expect(again.stage).toBe("applied");
    expect(lenient.hook.requests().filter((r) => r.json.event === "candidate.stage_changed")).toEqual([]);
  });

  it("leaves alone a candidate whose stage a person or the API changed before the scoring finished", async () => {
    const { co } = await company();
    const prisma = getPrisma();
    const created = await apiClient(app.url, co).post("/candidates", { job_id: co.jobId, name: "Moved First", email: "moved@example.com" });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    await scored(apiClient(app.url, co), id);
    // The real race, decided under the row lock: an API move committed before the agent's save.
    const other = await apiClient(app.url, co).post("/candidates", { job_id: co.jobId, name: "Raced", email: "raced@example.com" });
    await scored(apiClient(app.url, co), other.body.data.id);
    await prisma.screeningRun.deleteMany({ where: { candidateId: other.body.data.id } });
    await updateCandidate(systemContext(prisma, co.id, { type: "api", apiKeyId: 0 }), { id: other.body.data.id, stage: "inprogress" });
    const outcome = { fitScore: 95, criteria: [], engine: "local" as const, model: null, criteriaHash: "x", inputHash: "y", blindText: "" };
    const subject = { candidateId: other.body.data.id, jobId: co.jobId, settings: { mode: "auto" as const, criteria: [], advance: { min_score: 80, to_stage: "phonescreen" as const }, reject_on_required_miss: false } };
    const saved = await saveScreeningOutcome(systemContext(prisma, co.id), subject, outcome, "initial");
    expect(saved).toEqual({ saved: true, action: null });
    expect((await prisma.candidate.findUniqueOrThrow({ where: { id: other.body.data.id } })).stage).toBe("inprogress");
  });

  it("never moves a hired candidate, and a re-score moves nobody", async () => {
    const { co, api, hook } = await company();
    const hired = await api.post("/candidates", { job_id: co.jobId, name: "Already Hired", email: "hired@example.com", stage: "hired" });
    const done = await scored(api, hired.body.data.id);
    expect(done.stage).toBe("hired");

    const marcus = await applyWith(co, "marcus-oneill.pdf", "marcus-rescore@example.org");
    expect((await scored(api, marcus.id)).stage).toBe("phonescreen");
    // Someone moves Marcus back (against the agent's move, so with a reason); a re-score of the whole job
    // must not move him again.
    expect((await api.patch(`/candidates/${marcus.id}`, { stage: "applied", override_reason: "Wants to finish the take-home first" })).status).toBe(200);
    await publisher.flush();
    await getLocalRunner().idle();
    const before = hook.requests().filter((r) => r.json.event === "candidate.stage_changed").length;
    expect(before).toBe(2);
    const rescore = await api.post(`/jobs/${co.jobId}/rescore`);
    expect(rescore.status, JSON.stringify(rescore.body)).toBe(202);
    expect(rescore.body.data).toMatchObject({ job_id: co.jobId, candidates: 2 });
    const after = await scored(api, marcus.id);
    await scored(api, hired.body.data.id);
    expect(after.stage).toBe("applied");
    expect(after.fit_score).toBe(100);
    expect(await getPrisma().screeningRun.count({ where: { candidateId: marcus.id } })).toBe(2);
    expect(hook.requests().filter((r) => r.json.event === "candidate.stage_changed")).toHaveLength(before);
    // Two scorings of each candidate are in the audit, one per line.
    const csv = await screeningAuditCsv(systemContext(getPrisma(), co.id), co.jobId);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("run_id,created_at,candidate_id,trigger,status,engine,model,criteria_hash,input_hash,fit_score,criteria_results,action,error");
    expect(lines).toHaveLength(1 + 4);
    expect(lines.filter((l) => l.includes(",rescore,"))).toHaveLength(2);
  });
});

describe("modes", () => {
  it("score: scores every candidate and never moves one", async () => {
    const { co, api, hook } = await company({ ...BACKEND, mode: "score" });
    const done = await scored(api, (await applyWith(co, "marcus-oneill.pdf", "marcus-score@example.org")).id);
    expect(done.fit_score).toBe(100);
    expect(done.stage).toBe("applied");
    expect(hook.requests().filter((r) => r.json.event === "candidate.stage_changed")).toEqual([]);
    expect(hook.requests().filter((r) => r.json.event === "candidate.scored")).toHaveLength(1);
  });

  it("off: no scoring at all, fit_score and fit.status stay null; re-score is refused", async () => {
    const { co, api, hook } = await company({ ...BACKEND, mode: "off" });
    const candidate = await applyWith(co, "marcus-oneill.pdf", "marcus-off@example.org");
    expect((await waitForResume(api, candidate.id)).resume_status).toBe("completed");
    await publisher.flush();
    await getLocalRunner().idle();
    const data = (await api.get(`/candidates/${candidate.id}`)).body.data;
    expect(data.fit).toEqual({ status: null, engine: null, scored_at: null, criteria: [], judged: 0, total: 0 });
    expect(data.fit_score).toBeNull();
    expect(await getPrisma().screeningRun.count({ where: { candidateId: candidate.id } })).toBe(0);
    expect(hook.requests()).toEqual([]);
    const refused = await api.post(`/jobs/${co.jobId}/rescore`);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("unprocessable_entity");
  });

  it("switching screening off leaves no candidate pending for ever", async () => {
    const { co, api } = await company({ ...BACKEND, mode: "score" });
    // One candidate whose scoring may or may not have run when screening goes off (the real race), and
    // one certainly still waiting (its pending state set as the create leaves it).
    const raced = await api.post("/candidates", { job_id: co.jobId, name: "Raced", email: "raced-off@example.com" });
    expect(raced.body.data.fit.status).toBe("pending");
    const waiting = await api.post("/candidates", { job_id: co.jobId, name: "Waiting", email: "waiting@example.com" });
    await publisher.flush();
    await getLocalRunner().idle();
    await getPrisma().candidate.update({ where: { id: waiting.body.data.id }, data: { fitStatus: "pending" } });
    expect((await api.patch(`/jobs/${co.jobId}`, { screening: { mode: "off" } })).status).toBe(200);
    await publisher.flush();
    await getLocalRunner().idle();
    expect((await api.get(`/candidates/${waiting.body.data.id}`)).body.data.fit.status).toBeNull();
    expect(["completed", null]).toContain((await api.get(`/candidates/${raced.body.data.id}`)).body.data.fit.status);
    expect(await getPrisma().candidate.count({ where: { jobId: co.jobId, fitStatus: "pending" } })).toBe(0);
  });
});
