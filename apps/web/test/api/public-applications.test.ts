import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, withAppEnv } from "../helpers/app.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { inOneWindow } from "../helpers/rate-limit-window.ts";

// The careers page's form endpoint over real HTTP: no API key, one answer for every accepted request.
let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => (app = await startApp()));
afterAll(() => app.close());

const QUESTIONS = [
  { id: "years", label: "Years of experience", type: "text" as const, required: true },
  { id: "relocate", label: "Willing to relocate?", type: "yes_no" as const, required: false },
  { id: "level", label: "Level", type: "select" as const, required: true, options: ["junior", "senior"] },
];
const ANSWERS = { years: " 7 ", relocate: "yes", level: "senior" };

/** Each test applies from its own address, so the per-IP limit never couples tests (or runs, with Redis). */
function apply(jobId: number | string, body: unknown, headers: Record<string, string> = {}, baseUrl = app.url) {
  return fetch(`${baseUrl}/api/public/jobs/${jobId}/applications`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": headers["x-forwarded-for"] ?? randomIp(), ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.json() }));
}

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

async function company(): Promise<TestCompany> {
  return createTestCompany({ screening_questions: QUESTIONS });
}

const counts = async (co: TestCompany) => ({
  candidates: await getPrisma().candidate.count({ where: { companyId: co.id } }),
  applied: await getPrisma().event.count({ where: { companyId: co.id, type: "candidate.applied" } }),
});

describe("POST /api/public/jobs/{id}/applications", () => {
  it("creates a self-serve candidate and exactly one candidate.applied event, without an API key", async () => {
    const co = await company();
    const response = await apply(co.jobId, { name: " Mary Jackson ", email: "mary@example.com", phone: "+44 20 7946 0958", linkedin: "https://www.linkedin.com/in/mary", location: "Hampton", answers: ANSWERS });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { status: "received" } });

    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id } });
    expect(candidate).toMatchObject({
      jobId: co.jobId,
      name: "Mary Jackson",
      email: "mary@example.com",
      phone: "+442079460958",
      linkedin: "https://www.linkedin.com/in/mary",
      location: "Hampton",
      stage: "applied",
      applicationSource: "self_apply",
      leadType: "applied",
      answers: { years: "7", relocate: true, level: "senior" },
    });
    const all = await getPrisma().event.findMany({ where: { companyId: co.id } });
    // The application-received e-mail (on by default) is queued in the same transaction.
    expect(all.map((e) => e.type).sort()).toEqual(["candidate.applied", "email/message.queued"]);
    const events = all.filter((e) => e.type === "candidate.applied");
    expect(await getPrisma().emailMessage.findMany({ where: { candidateId: candidate.id }, select: { kind: true, toAddresses: true } })).toEqual([
      { kind: "application_received", toAddresses: ["mary@example.com"] },
    ]);
    expect(events[0]!.payload).toEqual({
      candidate: {
        id: candidate.id,
        name: "Mary Jackson",
        email: "mary@example.com",
        phone: "+442079460958",
        url: `http://localhost:3000/candidates/${candidate.id}`,
        stage: "applied",
        stage_type: "applied",
      },
      job: { id: co.jobId, title: "Software Engineer" },
      company: { id: co.id },
    });
  });

  it("answers a repeat application the same way, without a second candidate or event", async () => {
    const co = await company();
    const form = { name: "Repeat", email: "again@example.com", answers: ANSWERS };
    expect((await apply(co.jobId, form)).status).toBe(201);
    const repeat = await apply(co.jobId, { ...form, email: "AGAIN@example.com", name: "Repeat Again" });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual({ data: { status: "received" } });
    expect(await counts(co)).toEqual({ candidates: 1, applied: 1 });
    // Concurrent repeats: the database's duplicate rule decides, still one candidate.
    const burst = await Promise.all(Array.from({ length: 5 }, () => apply(co.jobId, { ...form, email: "burst@example.com" })));
    expect(burst.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(await counts(co)).toEqual({ candidates: 2, applied: 2 });
  });

  it("accepts and drops a request whose honeypot field is filled", async () => {
    const co = await company();
    const response = await apply(co.jobId, { name: "Bot", email: "bot@example.com", website: "https://spam.example", answers: ANSWERS });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ data: { status: "received" } });
    expect(await counts(co)).toEqual({ candidates: 0, applied: 0 });
  });

  it("is a 404 unless the job is active and public", async () => {
    const co = await company();
    const other = await createTestCompany({ is_active: false });
    const hidden = await createTestCompany({ is_public: false });
    const closed = await createTestCompany({ closes_at: new Date(Date.now() - 60_000).toISOString() });
    for (const jobId of [other.jobId, hidden.jobId, closed.jobId, 999999999, "abc", "0x10"]) {
      const response = await apply(jobId, { name: "Nobody", email: "n@example.com" });
      expect(response.status, String(jobId)).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    expect(await counts(other)).toEqual({ candidates: 0, applied: 0 });
    expect(await counts(hidden)).toEqual({ candidates: 0, applied: 0 });
    expect(await counts(co)).toEqual({ candidates: 0, applied: 0 });
  });

  it("validates the fields and the answers against the job's screening questions", async () => {
    const co = await company();
    const cases: [unknown, string[]][] = [
      [{ answers: ANSWERS }, ["name", "email"]],
      [{ name: "X", email: "not-an-email", answers: ANSWERS }, ["email"]],
      [{ name: "X", email: "x@example.com", phone: "12", answers: ANSWERS }, ["phone"]],
      [{ name: "X", email: "x@example.com", linkedin: "javascript:alert(1)", answers: ANSWERS }, ["linkedin"]],
      [{ name: "X", email: "x@example.com" }, ["answers.years", "answers.level"]],
      [{ name: "X", email: "x@example.com", answers: { ...ANSWERS, level: "principal" } }, ["answers.level"]],
      [{ name: "X", email: "x@example.com", answers: { ...ANSWERS, relocate: "maybe" } }, ["answers.relocate"]],
      [{ name: "X", email: "x@example.com", answers: { ...ANSWERS, favourite_color: "blue" } }, ["answers.favourite_color"]],
      [{ name: "X", email: "x@example.com", answers: ANSWERS, stage: "hired" }, ["stage"]],
    ];
    for (const [body, fields] of cases) {
      const response = await apply(co.jobId, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe("validation_error");
      expect(response.body.error.details.map((d: { field: string }) => d.field).sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    expect((await apply(co.jobId, "{not json")).status).toBe(400);
    const form = await fetch(`${app.url}/api/public/jobs/${co.jobId}/applications`, {
      method: "POST",
      headers: { "content-type": "text/plain", "x-forwarded-for": randomIp() },
      body: "name=X",
    });
    expect(form.status).toBe(400);
    expect(await counts(co)).toEqual({ candidates: 0, applied: 0 });
  });

  it("limits applications per IP with a 429 and Retry-After", async () => {
    const co = await company();
    await withAppEnv({ HIREFLOW_APPLY_LIMIT_PER_IP: "3" }, app.url, async (url) => {
      const ip = randomIp();
      const statuses: number[] = [];
      // The applications' window: 10 minutes (careers/applications.ts), aligned to the clock.
      await inOneWindow(10 * 60_000, 30_000);
      for (let i = 0; i < 3; i++) statuses.push((await apply(co.jobId, { name: `P${i}`, email: `p${i}@example.com`, answers: ANSWERS }, { "x-forwarded-for": ip }, url)).status);
      expect(statuses).toEqual([201, 201, 201]);
      // A forged first hop does not buy a fresh bucket: the proxy's entry (the last) counts.
      const limited = await apply(co.jobId, { name: "P4", email: "p4@example.com", answers: ANSWERS }, { "x-forwarded-for": `203.0.113.9, ${ip}` }, url);
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address is not affected.
      expect((await apply(co.jobId, { name: "P5", email: "p5@example.com", answers: ANSWERS }, {}, url)).status).toBe(201);
      expect(await counts(co)).toEqual({ candidates: 4, applied: 4 });
    });
  });
});
