import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startReceiver } from "../../../../packages/worker/test/webhooks/receiver.ts";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { countBlobs, postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, useTempBlobDir, waitForResume } from "../helpers/resumes.ts";

/**
 * Candidate erasure (DELETE /api/v1/candidates/{id}) and export (GET …/export) over real HTTP on real
 * PostgreSQL and a real blob folder. "Gone" is checked on the database itself: every row of every
 * table is searched for the person's data afterwards, not only the API's answers.
 *
 * Its own database: the file runs the outbox publisher (it sweeps whole tables) and scans every table.
 */
useIsolatedDatabase();
const blobs = useTempBlobDir();
const QUESTIONS = [
  { id: "years", label: "Years of experience", type: "text" as const, required: true },
  { id: "relocate", label: "Willing to relocate?", type: "yes_no" as const, required: false },
];
const app = useApiApp({ screening_questions: QUESTIONS, screening: { mode: "score", criteria: [{ type: "skill", value: "Python" }] } });
let publisher: ReturnType<typeof startOutboxPublisher>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
  receiver = await startReceiver();
});
afterAll(async () => {
  await publisher?.stop();
  await shutdownLocalRunner();
  await receiver?.close();
});

const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;

interface Person {
  id: number;
  publicId: string;
  name: string;
  email: string;
  note: string;
  answer: string;
  resumeUrl: string;
}

/** A careers application with answers and a resume, parsed and scored, with a note and a stage change. */
async function applicant(co: TestCompany, api: ApiClient): Promise<Person> {
  const marker = randomBytes(4).toString("hex");
  const name = `Zelda Quux${marker}`;
  const email = `zelda.${marker}@example.com`;
  const answer = `${marker}-years-of-answers`;
  const res = await postMultipart(app.url, null, { name, email, phone: "+1 212 555 0143", "answers[years]": answer, "answers[relocate]": "yes", resume: { bytes: fixture("priya-raman.pdf"), filename: "priya.pdf", type: PDF } }, { path: `/api/public/jobs/${co.jobId}/applications`, headers: { "x-forwarded-for": randomIp() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const row = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email } });
  await waitForResume(api, row.id);
  await eventually(async () => {
    await publisher.flush();
    return (await getPrisma().candidate.findUnique({ where: { id: row.id } }))?.fitStatus === "completed";
  }, 30_000);
  const note = `private note ${marker}`;
  expect((await api.post(`/candidates/${row.id}/notes`, { note })).status).toBe(201);
  expect((await api.patch(`/candidates/${row.id}`, { stage: "phonescreen" })).status).toBe(200);
  const detail = await api.get(`/candidates/${row.id}`);
  return { id: row.id, publicId: row.publicId, name, email, note, answer, resumeUrl: detail.body.data.resume_url };
}

/** Every row of every table, as text, that contains `needle`. */
async function rowsContaining(needle: string): Promise<string[]> {
  const prisma = getPrisma();
  const tables = await prisma.$queryRaw<{ table_name: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  const found: string[] = [];
  for (const { table_name } of tables) {
    const rows = await prisma.$queryRawUnsafe<{ row: string }[]>(`SELECT row_to_json(t)::text AS row FROM "${table_name}" t WHERE strpos(row_to_json(t)::text, $1) > 0`, needle);
    found.push(...rows.map((r) => `${table_name}: ${r.row.slice(0, 200)}`));
  }
  return found;
}

const fileUrlOnThisApp = (signed: string) => {
  const url = new URL(signed);
  return app.url + url.pathname + url.search;
};

describe("DELETE /api/v1/candidates/{id}", () => {
  it("erases every trace of the person in one go; the link dies, the e-mail may apply again, and candidate.deleted carries ids only", async () => {
    const co = app.acme;
    const api = app.api;
    const hook = receiver.route();
    const endpoint = await api.post("/webhook_endpoints", { url: hook.url });
    // A second endpoint that keeps failing: its deliveries about the person stay queued for retries.
    const failing = receiver.route(() => ({ status: 500 }));
    expect((await api.post("/webhook_endpoints", { url: failing.url })).status).toBe(201);
    const person = await applicant(co, api);
    await publisher.flush();
    await eventually(() => hook.requests().filter((r) => JSON.stringify(r.json).includes(person.email)).length >= 2, 30_000);
    const queued = await getPrisma().webhookDelivery.count({ where: { companyId: co.id, status: "pending", event: { type: { in: ["candidate.applied", "candidate.stage_changed"] } } } });
    expect(queued).toBeGreaterThan(0);
    expect((await fetch(fileUrlOnThisApp(person.resumeUrl))).status).toBe(200);
    const blobsBefore = await countBlobs(blobs.dir());
    for (const needle of [person.email, person.name, person.note, person.answer]) expect(await rowsContaining(needle), needle).not.toEqual([]);

    const erased = await fetch(`${app.url}/api/v1/candidates/${person.id}`, { method: "DELETE", headers: co.headers });
    expect(erased.status).toBe(204);
    expect(await erased.text()).toBe("");

    // The database holds nothing of the person: no row of any table mentions them.
    for (const needle of [person.email, person.name, person.note, person.answer, "+12125550143", "Priya Raman"]) {
      expect(await rowsContaining(needle), `rows still holding ${needle}`).toEqual([]);
    }
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: person.id } })).toBe(0);
    expect(await getPrisma().screeningRun.count({ where: { candidateId: person.id } })).toBe(0);
    expect(await countBlobs(blobs.dir())).toBe(blobsBefore - 1);
    expect((await fetch(fileUrlOnThisApp(person.resumeUrl))).status).toBe(404);

    // 404 everywhere, absent from lists and from the Events API.
    expect((await api.get(`/candidates/${person.id}`)).status).toBe(404);
    expect((await api.get(`/candidates/${person.id}/export`)).status).toBe(404);
    expect((await api.patch(`/candidates/${person.id}`, { stage: "hired" })).status).toBe(404);
    expect((await api.post(`/candidates/${person.id}/notes`, { note: "x" })).status).toBe(404);
    expect((await fetch(`${app.url}/api/v1/candidates/${person.id}`, { method: "DELETE", headers: co.headers })).status).toBe(404);
    expect((await api.get(`/candidates?job_id=${co.jobId}&limit=100`)).body.data.map((c: { id: number }) => c.id)).not.toContain(person.id);
    const events = (await api.get(`/events?candidate_id=${person.id}`)).body.data as { type: string; payload: Record<string, unknown> }[];
    expect(events.map((e) => e.type)).toEqual(["candidate.deleted"]);
    expect(events[0]!.payload).toEqual({
      event: "candidate.deleted",
      occurred_at: expect.any(String),
      candidate: { id: person.id, public_id: person.publicId },
      job: { id: co.jobId },
      company: { id: co.id },
      deleted_at: expect.any(String),
    });

    // Queued deliveries about the person are gone (never sent with their data); candidate.deleted goes out.
    expect(await getPrisma().webhookDelivery.count({ where: { companyId: co.id, event: { type: { in: ["candidate.applied", "candidate.stage_changed", "candidate.scored"] } } } })).toBe(0);
    await publisher.flush();
    const deleted = await eventually(() => hook.requests().find((r) => r.json.event === "candidate.deleted"), 30_000);
    expect(deleted.body).not.toContain(person.email);
    expect(deleted.body).not.toContain(person.name);
    const sentAfter = hook.requests().filter((r) => r.at > deleted.at && r.body.includes(person.email));
    expect(sentAfter).toEqual([]);
    expect(endpoint.status).toBe(201);

    // The same e-mail may apply to the job again.
    const again = await postMultipart(app.url, null, { name: person.name, email: person.email, "answers[years]": "3" }, { path: `/api/public/jobs/${co.jobId}/applications`, headers: { "x-forwarded-for": randomIp() } });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await getPrisma().candidate.count({ where: { companyId: co.id, email: person.email } })).toBe(1);
  });

  it("another company's key gets 404 and changes nothing; scopes are enforced", async () => {
    const other = await createTestCompany();
    const person = await applicant(app.acme, app.api);
    const foreign = apiClient(app.url, other);
    expect((await fetch(`${app.url}/api/v1/candidates/${person.id}`, { method: "DELETE", headers: other.headers })).status).toBe(404);
    expect((await foreign.get(`/candidates/${person.id}/export`)).status).toBe(404);

    const readOnly = await addApiKey(app.acme, ["candidates:read"]);
    const denied = await fetch(`${app.url}/api/v1/candidates/${person.id}`, { method: "DELETE", headers: readOnly.headers });
    expect(denied.status).toBe(403);
    expect((await denied.json()).error.message).toContain("candidates:write");
    expect((await apiClient(app.url, { apiKey: readOnly.apiKey }).get(`/candidates/${person.id}/export`)).status).toBe(200);
    const jobsOnly = await addApiKey(app.acme, ["jobs:read"]);
    expect((await apiClient(app.url, { apiKey: jobsOnly.apiKey }).get(`/candidates/${person.id}/export`)).status).toBe(403);

    expect(await getPrisma().candidate.count({ where: { id: person.id } })).toBe(1);
    expect((await app.api.get(`/candidates/${person.id}`)).body.data.email).toBe(person.email);
  });
});

describe("GET /api/v1/candidates/{id}/export", () => {
  it("is one JSON document with the profile, answers, resume text, activities, notes and screening runs", async () => {
    const person = await applicant(app.acme, app.api);
    const res = await app.api.get(`/candidates/${person.id}/export`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const doc = res.body.data;
    expect(doc.candidate).toMatchObject({ id: person.id, public_id: person.publicId, name: person.name, email: person.email, phone: "+12125550143", stage: "phonescreen", resume_status: "completed" });
    expect(doc.candidate.fit.criteria[0]).toMatchObject({ type: "skill", value: "Python" });
    // The applicant came through the careers page: its source as the API says it and as the app labels it.
    expect(doc.application).toMatchObject({ source: "self_apply", source_label: "Careers page" });
    expect(doc.application.answers).toEqual([
      { question_id: "years", question: "Years of experience", answer: person.answer },
      { question_id: "relocate", question: "Willing to relocate?", answer: true },
    ]);
    expect(doc.resume).toMatchObject({ filename: "priya.pdf", content_type: PDF });
    expect(doc.resume.extracted_text).toContain("Priya");
    expect(doc.activities.map((a: { type: string }) => a.type)).toEqual(expect.arrayContaining(["created", "note_added", "stage_changed"]));
    expect(doc.activities.find((a: { type: string }) => a.type === "note_added").note).toBe(person.note);
    expect(doc.screening_runs.length).toBeGreaterThanOrEqual(1);
    expect(doc.screening_runs[0].criteria[0]).toHaveProperty("evidence");
    expect((await fetch(fileUrlOnThisApp(doc.candidate.resume_url))).status).toBe(200);
  });
});
