import { randomBytes } from "node:crypto";
import { impactRatioReport, saveScreeningOutcome, type ScreeningSettingsInput, screeningProgress, systemContext } from "@hireflow/core";
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
 * The alternative process (issue 25 §3): an applicant who asks that a person, not the automated
 * tool, reviews the application (`ai_opt_out`) is never scored or moved by the AI agent — not at
 * the application, not after the resume is parsed, not on a re-score of the job — while the same
 * resume without the box is scored and advanced. Counted apart in the re-score progress and the
 * impact-ratio report.
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

const AUTO: ScreeningSettingsInput = {
  mode: "auto",
  criteria: [
    { id: "go", type: "skill", value: "Go", required: true, weight: 3 },
    { id: "pg", type: "skill", value: "PostgreSQL" },
    { id: "exp", type: "min_years", value: 5, weight: 2 },
  ],
  advance: { min_score: 80, to_stage: "phonescreen" },
  reject_on_required_miss: true,
};

async function company() {
  const co = await createTestCompany({ title: "Backend Engineer", locations: ["London"], screening: AUTO });
  const hook = receiver.route();
  const created = await apiClient(app.url, co).post("/webhook_endpoints", { url: hook.url, events: ["candidate.stage_changed", "candidate.scored"] });
  expect(created.status).toBe(201);
  return { co, api: apiClient(app.url, co), hook };
}

const forwarded = () => ({ "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` });

async function applyWithResume(co: TestCompany, file: string, email: string, extra: Record<string, string> = {}) {
  const res = await postMultipart(app.url, null, { name: "Applicant", email, ...extra, resume: { bytes: fixture(file), filename: file, type: PDF } }, {
    path: `/api/public/jobs/${co.jobId}/applications`,
    headers: forwarded(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email } });
}

/** Every job the application started has run: the resume parsed, and whatever that asked for done. */
async function settled(api: ApiClient, id: number) {
  await waitForResume(api, id);
  await publisher.flush();
  await getLocalRunner().idle();
  const res = await api.get(`/candidates/${id}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Waits for a scoring that is pending to finish. */
async function scored(api: ApiClient, id: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const data = (await api.get(`/candidates/${id}`)).body.data;
    if (data.fit.status !== "pending" && data.resume_status !== "pending" && data.resume_status !== "processing") {
      await publisher.flush();
      await getLocalRunner().idle();
      return (await api.get(`/candidates/${id}`)).body.data;
    }
    if (Date.now() > deadline) throw new Error(`candidate ${id} still ${data.fit.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const NOT_SCORED = { status: "opted_out", engine: null, scored_at: null, criteria: [], judged: 0, total: 0 };

describe("ai_opt_out", () => {
  it("a careers application with the box (multipart, resume) is never scored or moved; the same resume without it is advanced", async () => {
    const { co, api, hook } = await company();
    const person = await applyWithResume(co, "marcus-oneill.pdf", "marcus-person@example.org", { ai_opt_out: "on" });
    const tool = await applyWithResume(co, "marcus-oneill.pdf", "marcus-tool@example.org");

    const advanced = await scored(api, tool.id);
    expect(advanced.fit_score).toBe(100);
    expect(advanced.stage).toBe("phonescreen");

    const data = await settled(api, person.id);
    expect(data.resume_status).toBe("completed");
    expect(data.ai_opt_out).toBe(true);
    expect(data.fit).toEqual(NOT_SCORED);
    expect(data.fit_score).toBeNull();
    expect(data.stage).toBe("applied");
    expect(await getPrisma().screeningRun.count({ where: { candidateId: person.id } })).toBe(0);
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: person.id, type: "stage_changed" } })).toBe(0);
    const about = (r: { json: Record<string, unknown> }) => (r.json.candidate as { id?: number } | undefined)?.id === person.id;
    expect(hook.requests().filter(about)).toEqual([]);
    expect(advanced.ai_opt_out).toBe(false);
  });

  it("JSON applications and POST /candidates carry the flag; a re-score of the job skips them and the progress does not wait for them", async () => {
    const { co, api, hook } = await company();
    const json = await fetch(`${app.url}/api/public/jobs/${co.jobId}/applications`, {
      method: "POST",
      headers: { "content-type": "application/json", ...forwarded() },
      body: JSON.stringify({ name: "Json Person", email: "json-person@example.org", ai_opt_out: true }),
    });
    expect(json.status).toBe(201);
    const viaJson = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email: "json-person@example.org" } });
    const viaApi = await api.post("/candidates", { job_id: co.jobId, name: "Api Person", email: "api-person@example.org", stage: "applied", ai_opt_out: true });
    expect(viaApi.status, JSON.stringify(viaApi.body)).toBe(201);
    expect(viaApi.body.data).toMatchObject({ ai_opt_out: true, fit: NOT_SCORED });
    const scoredOne = await api.post("/candidates", { job_id: co.jobId, name: "Tool Person", email: "tool-person@example.org", stage: "applied" });
    expect(scoredOne.body.data.fit.status).toBe("pending");
    await scored(api, scoredOne.body.data.id);

    const rescore = await api.post(`/jobs/${co.jobId}/rescore`);
    expect(rescore.status).toBe(202);
    expect(rescore.body.data.candidates).toBe(1);
    await scored(api, scoredOne.body.data.id);
    for (const id of [viaJson.id, viaApi.body.data.id]) {
      const data = (await api.get(`/candidates/${id}`)).body.data;
      expect(data.fit, String(id)).toEqual(NOT_SCORED);
      expect(data.stage).toBe("applied");
      expect(await getPrisma().screeningRun.count({ where: { candidateId: id } })).toBe(0);
    }
    const candidateOf = (r: { json: Record<string, unknown> }) => (r.json.candidate as { id?: number } | undefined)?.id;
    expect(hook.requests().filter((r) => [viaJson.id, viaApi.body.data.id].includes(candidateOf(r) ?? 0))).toEqual([]);

    const progress = await screeningProgress(systemContext(getPrisma(), co.id), co.jobId);
    expect(progress).toMatchObject({ total: 1, scored: 1, pending: 0, opted_out: 2 });

    const report = await impactRatioReport(systemContext(getPrisma(), co.id), { job_id: co.jobId, mode: "selection" });
    expect(report).toMatchObject({ sample_size: 1, opted_out: 2 });
  });

  it("a scoring that was already under way when it is saved does not score or move an opted-out candidate", async () => {
    const { co } = await company();
    const prisma = getPrisma();
    const created = await apiClient(app.url, co).post("/candidates", { job_id: co.jobId, name: "Late", email: "late@example.org", stage: "applied", ai_opt_out: true });
    const id = created.body.data.id;
    const outcome = { fitScore: 95, criteria: [], engine: "local" as const, model: null, criteriaHash: "x", inputHash: "y", blindText: "" };
    const subject = { candidateId: id, jobId: co.jobId, settings: { mode: "auto" as const, criteria: [], advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: false } };
    expect(await saveScreeningOutcome(systemContext(prisma, co.id), subject, outcome, "initial")).toEqual({ saved: false, action: null });
    const row = await prisma.candidate.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ stage: "applied", fitStatus: "opted_out", fitScore: null });
    expect(await prisma.screeningRun.count({ where: { candidateId: id } })).toBe(0);
  });

  it("an invalid flag is a 400 naming the field", async () => {
    const { co, api } = await company();
    const bad = await api.post("/candidates", { job_id: co.jobId, name: "Bad", email: "bad@example.org", ai_opt_out: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toContain("ai_opt_out");
    const form = await fetch(`${app.url}/api/public/jobs/${co.jobId}/applications`, {
      method: "POST",
      headers: { "content-type": "application/json", ...forwarded() },
      body: JSON.stringify({ name: "Bad", email: "bad@example.org", ai_opt_out: "maybe" }),
    });
    expect(form.status).toBe(400);
    expect(((await form.json()) as { error: { details: { field: string }[] } }).error.details.map((d) => d.field)).toContain("ai_opt_out");
  });
});
