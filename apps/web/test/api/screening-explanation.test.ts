import { randomBytes } from "node:crypto";
import { saveScreeningOutcome, systemContext, updateCompanyScreeningSettings, updateJob } from "@hireflow/core";
import { type ScreeningOutcome } from "@hireflow/core/screening/engine";
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
    expect(data.summary).toMatch(/score was 60 out of 100; applications scoring 80 or more were moved forward automatically\./);
    expect(data).toMatchObject({ threshold_basis: "decision", criteria_hash: "h" });
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

describe("the decision as it was made: the threshold recorded with the scoring", () => {
  let company: TestCompany;
  let recordedBefore: number;
  beforeAll(async () => {
    // Screening off while they apply: only the agent's own saves below score anyone. Both apply now,
    // before the first test turns screening on: a candidate created after it would be scored by the
    // server's background work too, racing the test's own scoring (CI saw that run win).
    company = await createTestCompany({ title: "Site Reliability Engineer" });
    recordedBefore = await candidate(company);
  });

  it("explains with the threshold in force at the decision after the job's threshold changed, and its criteria version and engine", async () => {
    const id = await candidate(company);
    const svc = systemContext(getPrisma(), company.id);
    const saved = await saveScreeningOutcome(svc, { candidateId: id, jobId: company.jobId, settings: SETTINGS }, { ...outcome(true, 85), engine: "model", model: "gpt-test", criteriaHash: "crit-v1" }, "initial");
    expect(saved.action).toMatchObject({ action: "advance", to: "phonescreen" });
    // The job's threshold goes up afterwards (and its criteria change): 85 would no longer be moved forward.
    await updateJob(svc, { id: company.jobId, screening: { mode: "auto", criteria: CRITERIA.slice(0, 1), advance: { min_score: 95, to_stage: "phonescreen" }, reject_on_required_miss: false } });
    const client = apiClient(app.url, company);
    expect((await client.patch(`/candidates/${id}`, { stage: "rejected", override_reason: "Not a fit after the interview" })).status).toBe(200);

    const data = (await explain(id, client)).body.data;
    expect(data).toMatchObject({ status: "judged", score: 85, threshold: 80, threshold_basis: "decision", engine: "model:gpt-test", criteria_hash: "crit-v1", agent_action: { action: "advance" } });
    expect(data.criteria.map((c: { id: string }) => c.id)).toEqual(["go", "exp", "lead"]);
    expect(data.summary).toMatch(/applications scoring 80 or more were moved forward automatically\./);
    // 95 as a number of its own: the text also holds the company's name, "Test <8 random hex digits>", where "95" turns up 1 run in 40.
    expect(data.text).not.toMatch(/\b95\b|setting today/);
  });

  it("a scoring recorded before the threshold was kept with it: today's threshold, labelled so", async () => {
    const id = recordedBefore;
    const svc = systemContext(getPrisma(), company.id);
    await saveScreeningOutcome(svc, { candidateId: id, jobId: company.jobId, settings: { ...SETTINGS, advance: null } }, outcome(true, 60), "rescore");
    // As every run written before migration 20261129030000 reads.
    expect(await getPrisma().$executeRaw`UPDATE screening_runs SET settings = NULL WHERE candidate_id = ${id}`).toBe(1);

    const data = (await explain(id, apiClient(app.url, company))).body.data;
    expect(data).toMatchObject({ status: "judged", score: 60, threshold: 95, threshold_basis: "current" });
    expect(data.summary).toMatch(/applications scoring 95 or more were moved forward automatically \(under the job's setting today; the setting at the time of the assessment was not recorded\)/);
  });

  it("not judged: no threshold and no basis", async () => {
    const data = (await explain(await candidate(company, { ai_opt_out: true }), apiClient(app.url, company))).body.data;
    expect(data).toMatchObject({ status: "opted_out", threshold: null, threshold_basis: null, criteria_hash: null, engine: null, assessed_at: null });
  });
});

describe("POST /candidates/{id}/screening_explanation/send", () => {
  let company: TestCompany;
  let client: ApiClient;
  beforeAll(async () => {
    company = await createTestCompany({ title: "Data Engineer" });
    client = apiClient(app.url, company);
  });

  /** A candidate of `company` the tool assessed (the agent's own save; screening stays off, so nothing else scores them). */
  async function judged(extra: Record<string, unknown> = {}): Promise<number> {
    const id = await candidate(company, { stage: "rejected", ...extra });
    const saved = await saveScreeningOutcome(systemContext(getPrisma(), company.id), { candidateId: id, jobId: company.jobId, settings: SETTINGS }, outcome(true, 60), "initial");
    expect(saved.saved).toBe(true);
    return id;
  }
  const send = (id: number | string, api = client, headers?: Record<string, string>) => api.post(`/candidates/${id}/screening_explanation/send`, undefined, headers);
  const messagesOf = (candidateId: number) => getPrisma().emailMessage.findMany({ where: { candidateId }, orderBy: { id: "asc" } });
  const sentAudits = (candidateId: number) => getPrisma().auditLogEntry.count({ where: { action: "candidate.screening_explanation_sent", targetId: String(candidateId) } });

  it("queues the explanation to the candidate (202): plain text and HTML, in the e-mail log, the timeline and the audit log", async () => {
    const id = await judged();
    const res = await send(id);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const explanation = (await explain(id, client)).body.data;
    const { email } = await getPrisma().candidate.findUniqueOrThrow({ where: { id }, select: { email: true } });
    expect(res.body.data).toMatchObject({ candidate_id: id, status: "queued", to: email, explanation });
    expect(res.body.data.subject).toMatch(/^How your application for Data Engineer at Test [0-9a-f]{8} was assessed$/);

    const [message, ...more] = await messagesOf(id);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ id: res.body.data.email_message_id, kind: "screening_explanation", toAddresses: [email], subject: res.body.data.subject });
    expect(message!.textBody).toContain(explanation.text);
    expect(message!.textBody).toMatch(/^Hi Cand,/);
    expect(message!.htmlBody).toContain("Experience with Go (required): met. SKILLS: Go, PostgreSQL");
    const timeline = await getPrisma().candidateActivity.findMany({ where: { candidateId: id, type: "email" }, orderBy: { id: "asc" } });
    expect(timeline[0]!.data).toMatchObject({ email_message_id: message!.id, kind: "screening_explanation", event: "queued", subject: message!.subject });
    expect(timeline[0]!.addedBy).toBe("api");
    expect(await sentAudits(id)).toBe(1);
  });

  it("honours Idempotency-Key: the retry replays the answer and sends nothing twice; a new key sends again", async () => {
    const id = await judged();
    const headers = { "idempotency-key": `explain-${randomBytes(4).toString("hex")}` };
    const first = await send(id, client, headers);
    const retry = await send(id, client, headers);
    expect([first.status, retry.status]).toEqual([202, 202]);
    expect(retry.body).toEqual(first.body);
    expect(await messagesOf(id)).toHaveLength(1);
    expect(await sentAudits(id)).toBe(1);
    expect((await send(id, client, { "idempotency-key": `${headers["idempotency-key"]}-2` })).status).toBe(202);
    expect(await messagesOf(id)).toHaveLength(2);
  });

  it("refuses (409 with the envelope) a candidate without an e-mail address, one who opted out, one never assessed; sends nothing", async () => {
    const noEmail = await judged({ email: undefined });
    const optedOut = await candidate(company, { ai_opt_out: true, stage: "rejected" });
    const notScored = await candidate(company, { stage: "rejected" });
    const cases: [number, RegExp][] = [
      [noEmail, /no e-mail address/],
      [optedOut, /asked that a person, not the automated tool/],
      [notScored, /never assessed this application/],
    ];
    for (const [id, message] of cases) {
      const res = await send(id);
      expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([409, "conflict"]);
      expect(res.body.error.message).toMatch(message);
      expect(res.headers.get("request-id")).toMatch(/^req_/);
      expect(await messagesOf(id)).toEqual([]);
      expect(await sentAudits(id)).toBe(0);
    }
  });

  it("an erased candidate is gone (404); another company's candidate is a 404 that writes nothing; a key without candidates:write gets 403", async () => {
    const erased = await judged();
    expect((await client.call("DELETE", `/candidates/${erased}`)).status).toBe(204);
    const gone = await send(erased);
    expect([gone.status, gone.body.error?.code]).toEqual([404, "not_found"]);

    const theirs = await judged();
    const other = await createTestCompany({ title: "Elsewhere" });
    const foreign = await send(theirs, apiClient(app.url, other));
    expect([foreign.status, foreign.body.error?.code]).toEqual([404, "not_found"]);
    const readOnly = await addApiKey(company, ["candidates:read"]);
    const refused = await send(theirs, apiClient(app.url, { apiKey: readOnly.apiKey }));
    expect([refused.status, refused.body.error?.code]).toEqual([403, "forbidden"]);
    expect(refused.body.error.message).toContain("candidates:write");
    expect(await messagesOf(theirs)).toEqual([]);
    expect(await sentAudits(theirs)).toBe(0);
    for (const bad of ["abc", "0"]) expect((await send(bad)).status, bad).toBe(400);
  });
});
