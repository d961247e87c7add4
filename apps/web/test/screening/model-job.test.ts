import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completion, json } from "../../../../packages/core/test/screening/chat-protocol.ts";
import { startApp } from "../helpers/app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, useTempBlobDir } from "../helpers/resumes.ts";

/**
 * The candidate-screen job with a language model behind an OpenAI-compatible server (a local one
 * here): a 500 is retried as a step and the next attempt scores; the per-company daily cap sends
 * further scorings to the local engine; a model that keeps answering nonsense ends `failed` and
 * moves nobody. What the model was sent never holds the candidate's contact details.
 */
useIsolatedDatabase();
useTempBlobDir();

let server: Server;
const sent: { body: any }[] = [];
let answer: (n: number) => { status: number; body: unknown } = () => ({ status: 500, body: {} });
let app: Awaited<ReturnType<typeof startApp>>;
let publisher: ReturnType<typeof startOutboxPublisher>;
const saved: Record<string, string | undefined> = {};
const ENV = { AI_SCREENING_MODEL: "qwen2.5-7b-instruct", AI_SCREENING_API_KEY: "test-key", AI_SCREENING_DAILY_CAP: "1", LOCAL_RUNNER_RETRY_BASE_MS: "20" };

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    sent.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
    const reply = answer(sent.length);
    json(res, reply.status, reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const env = { ...ENV, AI_SCREENING_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
  for (const [name, value] of Object.entries(env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
  app = await startApp();
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
  await app.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const GOOD = completion(
  JSON.stringify({
    results: [
      { id: "go", met: true, evidence: "Designed event-driven order routing in Go and PostgreSQL." },
      { id: "lead", met: true, evidence: "Lead Engineer, Northwind Logistics" },
    ],
  }),
);

async function company(): Promise<TestCompany> {
  return createTestCompany({
    title: "Backend Engineer",
    locations: ["London"],
    screening: {
      mode: "auto",
      criteria: [
        { id: "go", type: "skill", value: "Go", required: true },
        { id: "lead", type: "text", value: "Has led a team of engineers" },
        { id: "exp", type: "min_years", value: 5 },
      ],
      advance: { min_score: 80, to_stage: "phonescreen" },
    },
  });
}

async function apply(co: TestCompany) {
  const email = `marcus-${randomBytes(3).toString("hex")}@example.org`;
  const res = await postMultipart(app.url, null, { name: "Marcus O'Neill", email, phone: "+44 20 7946 0958", resume: { bytes: fixture("marcus-oneill.pdf"), filename: "cv.pdf", type: PDF } }, {
    path: `/api/public/jobs/${co.jobId}/applications`,
    headers: { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email } });
}

async function settled(co: TestCompany, id: number) {
  const api = apiClient(app.url, co);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const data = (await api.get(`/candidates/${id}`)).body.data;
    if (data.resume_status === "completed" && data.fit.status !== "pending") {
      await publisher.flush();
      await getLocalRunner().idle();
      return (await api.get(`/candidates/${id}`)).body.data;
    }
    if (Date.now() > deadline) throw new Error(`candidate ${id}: resume ${data.resume_status}, fit ${data.fit.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("candidate-screen with a language model", () => {
  it("retries a 500 as a step, scores with the model on the next attempt, and sends no contact details", async () => {
    const co = await company();
    sent.length = 0;
    answer = (n) => (n === 1 ? { status: 500, body: { error: { message: "overloaded" } } } : { status: 200, body: GOOD });
    const marcus = await apply(co);
    const done = await settled(co, marcus.id);
    expect(sent).toHaveLength(2);
    expect(done.fit).toMatchObject({ status: "completed", engine: "model:qwen2.5-7b-instruct" });
    expect(Object.fromEntries(done.fit.criteria.map((c: { id: string; met: boolean | null }) => [c.id, c.met]))).toEqual({ go: true, lead: true, exp: true });
    // The model's quote of the blind text is shown as the resume's line, the quote as the match (issue 28 item 5).
    expect(done.fit.criteria.find((c: { id: string }) => c.id === "lead")).toMatchObject({
      evidence: "Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL.",
      match: "Lead Engineer, Northwind Logistics",
    });
    expect(done.fit_score).toBe(100);
    expect(done.stage).toBe("phonescreen");
    const prompt = JSON.stringify(sent[1]!.body.messages);
    for (const personal of ["Marcus", "O'Neill", "O\\u2019Neill", "marcus.oneill@example.org", marcus.email!, "7946", "linkedin.com/in/marcus-oneill"]) {
      expect(prompt, personal).not.toContain(personal);
    }
    expect(prompt).toContain("Go and PostgreSQL");
    const run = await getPrisma().screeningRun.findFirstOrThrow({ where: { candidateId: marcus.id } });
    expect(run).toMatchObject({ engine: "model", model: "qwen2.5-7b-instruct", status: "completed", fitScore: 100, error: null });
    expect(run.inputHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("past the company's daily cap, scores with the local engine and says so in the audit", async () => {
    const co = await company();
    answer = () => ({ status: 200, body: GOOD });
    const first = await settled(co, (await apply(co)).id);
    expect(first.fit.engine).toBe("model:qwen2.5-7b-instruct");
    sent.length = 0;
    const second = await apply(co);
    const done = await settled(co, second.id);
    expect(sent).toHaveLength(0);
    expect(done.fit.engine).toBe("local");
    // The local engine cannot judge a free-text criterion.
    expect(done.fit.criteria.find((c: { id: string }) => c.id === "lead").met).toBeNull();
    const run = await getPrisma().screeningRun.findFirstOrThrow({ where: { candidateId: second.id } });
    expect(run.error).toMatch(/Daily model cap \(1\) reached/);
  });

  it("a model that keeps answering nonsense: fit failed after the retries, nobody moved", async () => {
    const co = await company();
    sent.length = 0;
    answer = () => ({ status: 200, body: completion("this is not JSON") });
    const candidate = await apply(co);
    const done = await settled(co, candidate.id);
    expect(sent.length).toBe(4); // the first attempt and 3 retries
    expect(done.fit.status).toBe("failed");
    expect(done.fit_score).toBeNull();
    expect(done.stage).toBe("applied");
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: candidate.id, type: "stage_changed" } })).toBe(0);
    const run = await getPrisma().screeningRun.findFirstOrThrow({ where: { candidateId: candidate.id } });
    expect(run.status).toBe("failed");
  });
});
