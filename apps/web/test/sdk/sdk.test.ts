import http from "node:http";
import { type AddressInfo } from "node:net";
import { createUser } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { Hireflow, HireflowError, verifyWebhook, WebhookVerificationError, type WebhookEvent } from "@hireflow/sdk";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, startReceiver } from "../../../../packages/worker/test/webhooks/receiver.ts";
import { useApiApp } from "../helpers/api-app.ts";
import { closedPort } from "../helpers/closed-port.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { fixture, useTempBlobDir, waitForResume } from "../helpers/resumes.ts";
import { apiClient } from "../helpers/client.ts";

/**
 * @hireflow/sdk against the real server (the route modules in `npm test`, the production build in
 * `npm run test:build`) on real PostgreSQL: every method, pagination over several pages, retried
 * POSTs that create exactly one candidate, error mapping, webhook verification of real deliveries, and
 * scheduling links with members' availability (a link booked through the candidate's public API).
 *
 * Its own database: the file runs the outbox publisher, which sweeps whole tables.
 */
useIsolatedDatabase();
useTempBlobDir();
const app = useApiApp();
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

async function company(): Promise<{ co: TestCompany; hf: Hireflow }> {
  const co = await createTestCompany();
  return { co, hf: new Hireflow({ apiKey: co.apiKey, baseUrl: app.url }) };
}

const unique = () => Math.random().toString(36).slice(2, 10);

describe("account and jobs", () => {
  it("me() names the key's company and scopes", async () => {
    const { co, hf } = await company();
    const me = await hf.me();
    expect(me.company.id).toBe(co.id);
    expect(me.api_key.scopes).toContain("candidates:write");
    expect(me.api_key.prefix.length).toBeGreaterThan(0);
  });

  it("jobs.create / get / update / list (every page)", async () => {
    const { co, hf } = await company();
    const created = await hf.jobs.create({ title: "Staff Engineer", locations: ["Berlin"], salary: { min: 90000, max: 120000, currency: "EUR" } });
    expect(created).toMatchObject({ title: "Staff Engineer", salary: { min: 90000, max: 120000, currency: "EUR" } });
    expect(await hf.jobs.get(created.id)).toEqual(created);
    const updated = await hf.jobs.update(created.id, { title: "Principal Engineer" });
    expect(updated.title).toBe("Principal Engineer");
    for (let i = 0; i < 3; i++) await hf.jobs.create({ title: `Job ${i}` });

    const listed = await hf.jobs.list({ limit: 2 }).toArray();
    const rows = await getPrisma().job.findMany({ where: { companyId: co.id }, select: { id: true } });
    expect(listed.map((job) => job.id).sort((a, b) => a - b)).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(listed).toHaveLength(5);
  });

  it("jobs.rescore queues a rescoring of a screening job", async () => {
    const { hf } = await company();
    const job = await hf.jobs.create({ title: "Go developer", screening: { mode: "score", criteria: [{ type: "skill", value: "Go" }] } });
    const request = await hf.jobs.rescore(job.id);
    expect(request).toMatchObject({ job_id: job.id });
  });
});

describe("candidates", () => {
  it("create, get, update the stage, add a note", async () => {
    const { co, hf } = await company();
    const email = `${unique()}@example.com`;
    const created = await hf.candidates.create({ job_id: co.jobId, name: "Ada Lovelace", email });
    expect(created).toMatchObject({ name: "Ada Lovelace", email, stage: "prospect" });
    expect((await hf.candidates.get(created.id)).email).toBe(email);

    const moved = await hf.candidates.update(created.id, { stage: "phonescreen" });
    expect(moved.stage).toBe("phonescreen");
    const note = await hf.candidates.addNote(created.id, "Strong systems background");
    expect(note).toMatchObject({ note: "Strong systems background" });
    const row = await getPrisma().candidate.findUniqueOrThrow({ where: { id: created.id }, include: { activities: true } });
    expect(row.stage).toBe("phonescreen");
    expect(row.activities.map((a) => a.note)).toContain("Strong systems background");
  });

  it("export() returns the person's document; delete() erases them (then 404)", async () => {
    const { co, hf } = await company();
    const created = await hf.candidates.create({ job_id: co.jobId, name: "Erase Me", email: `${unique()}@example.com` });
    await hf.candidates.addNote(created.id, "to be erased");
    const doc = await hf.candidates.export(created.id);
    expect(doc.candidate.email).toBe(created.email);
    expect(doc.activities.map((a) => a.note)).toContain("to be erased");
    await expect(hf.candidates.delete(created.id)).resolves.toBeUndefined();
    await expect(hf.candidates.get(created.id)).rejects.toMatchObject({ status: 404 });
    expect(await getPrisma().candidate.count({ where: { id: created.id } })).toBe(0);
  });

  it("list() walks every page in order; pages() exposes the pages; filters pass through", async () => {
    const { co, hf } = await company();
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push((await hf.candidates.create({ job_id: co.jobId, name: `Person ${i}` })).id);
    await hf.candidates.update(ids[0]!, { stage: "hired" });

    const all = await hf.candidates.list({ job_id: co.jobId, limit: 2 }).toArray();
    expect(all.map((c) => c.id)).toEqual([...ids].reverse());
    const pages = [];
    for await (const page of hf.candidates.list({ job_id: co.jobId, limit: 2 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 2, 2, 1]);

    const seen: number[] = [];
    for await (const candidate of hf.candidates.list({ stage: "hired" })) seen.push(candidate.id);
    expect(seen).toEqual([ids[0]]);
  });

  it("create with a resume Blob uploads it as multipart, and the resume is parsed", async () => {
    const { co, hf } = await company();
    const bytes = fixture("priya-raman.pdf");
    const created = await hf.candidates.create({ job_id: co.jobId, resume: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), resume_filename: "priya.pdf" });
    expect(created.resume_status).toBe("pending");
    await waitForResume(apiClient(app.url, co), created.id);
    const parsed = await hf.candidates.get(created.id);
    expect(parsed).toMatchObject({ resume_status: "completed", name: "Priya Raman" });
    // The signed URL names APP_BASE_URL; the file route is served by this file's app.
    const signed = new URL(parsed.resume_url!);
    const file = await fetch(app.url + signed.pathname + signed.search);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });
});

describe("errors", () => {
  it("maps the error envelope onto HireflowError (status, code, message, details, requestId)", async () => {
    const { co, hf } = await company();
    const missing = await hf.candidates.get(2_000_000_000).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(HireflowError);
    expect(missing).toMatchObject({ status: 404, code: "not_found" });
    expect((missing as HireflowError).requestId).toMatch(/\S/);

    const invalid = (await hf.candidates.create({ job_id: co.jobId, name: "X", email: "not-an-email" }).catch((error: unknown) => error)) as HireflowError;
    expect(invalid).toMatchObject({ status: 400, code: "validation_error" });
    expect(invalid.details.map((d) => d.field)).toContain("email");

    const badKey = await new Hireflow({ apiKey: "hf_live_nope", baseUrl: app.url }).me().catch((error: unknown) => error);
    expect(badKey).toMatchObject({ status: 401, code: "unauthorized" });

    const readOnly = await addApiKey(co, ["candidates:read"]);
    const limited = new Hireflow({ apiKey: readOnly.apiKey, baseUrl: app.url });
    const denied = (await limited.candidates.create({ job_id: co.jobId, name: "Nope" }).catch((error: unknown) => error)) as HireflowError;
    expect(denied).toMatchObject({ status: 403, code: "forbidden" });
    expect(denied.message).toContain("candidates:write");
    expect(await getPrisma().candidate.count({ where: { companyId: co.id, name: "Nope" } })).toBe(0);
  });

  it("a refused connection is a connection_error after the retries", async () => {
    const hf = new Hireflow({ apiKey: "hf_live_x", baseUrl: `http://127.0.0.1:${await closedPort()}`, maxRetries: 1 });
    await expect(hf.me()).rejects.toMatchObject({ status: 0, code: "connection_error" });
  });
});

/**
 * A real HTTP proxy in front of the app whose answers a test scripts per request: forward, forward
 * and then drop the connection (the answer is lost), answer itself, or stall.
 */
type ProxyPlan = "forward" | "drop-after-forward" | "stall" | { status: number; headers?: Record<string, string> };

async function startProxy(target: string, plan: (n: number) => ProxyPlan) {
  const seen: { at: number; method: string; url: string; idempotencyKey: string | undefined }[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    seen.push({ at: Date.now(), method: req.method!, url: req.url!, idempotencyKey: req.headers["idempotency-key"] as string | undefined });
    const step = plan(seen.length);
    if (step === "stall") return;
    if (typeof step === "object") {
      res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
      res.end(JSON.stringify({ error: { code: step.status === 429 ? "rate_limited" : "service_unavailable", message: "scripted" } }));
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => name !== "host" && name !== "connection")) as Record<string, string>;
    const answer = await fetch(target + req.url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    const body = Buffer.from(await answer.arrayBuffer());
    if (step === "drop-after-forward") {
      req.socket.destroy();
      return;
    }
    // fetch decoded the body (Next compresses it): pass it on as the plain bytes it now is.
    const answerHeaders = Object.fromEntries([...answer.headers].filter(([name]) => name !== "content-encoding" && name !== "content-length" && name !== "transfer-encoding"));
    res.writeHead(answer.status, answerHeaders);
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe("safe retries", () => {
  it("a POST whose answer was lost is retried with the same Idempotency-Key and creates exactly one candidate", async () => {
    const { co } = await company();
    const proxy = await startProxy(app.url, (n) => (n === 1 ? "drop-after-forward" : "forward"));
    try {
      const hf = new Hireflow({ apiKey: co.apiKey, baseUrl: proxy.url });
      const email = `${unique()}@example.com`;
      const created = await hf.candidates.create({ job_id: co.jobId, name: "Grace Hopper", email });
      expect(proxy.seen).toHaveLength(2);
      expect(proxy.seen[0]!.idempotencyKey).toMatch(/\S/);
      expect(proxy.seen[1]!.idempotencyKey).toBe(proxy.seen[0]!.idempotencyKey);
      const rows = await getPrisma().candidate.findMany({ where: { companyId: co.id, email } });
      expect(rows.map((row) => row.id)).toEqual([created.id]);
    } finally {
      await proxy.close();
    }
  });

  it("a multipart POST retried after a lost answer sends the same bytes and creates one candidate", async () => {
    const { co } = await company();
    const proxy = await startProxy(app.url, (n) => (n === 1 ? "drop-after-forward" : "forward"));
    try {
      const hf = new Hireflow({ apiKey: co.apiKey, baseUrl: proxy.url });
      const email = `${unique()}@example.com`;
      const created = await hf.candidates.create({ job_id: co.jobId, email, resume: new Blob([fixture("marcus-oneill.docx") as Uint8Array<ArrayBuffer>]), resume_filename: "marcus.docx" });
      expect(proxy.seen).toHaveLength(2);
      expect((await getPrisma().candidate.findMany({ where: { companyId: co.id, email } })).map((row) => row.id)).toEqual([created.id]);
    } finally {
      await proxy.close();
    }
  });

  it("503 is retried; 429 waits for Retry-After; a caller's Idempotency-Key is used as is", async () => {
    const { co } = await company();
    const proxy = await startProxy(app.url, (n) => (n === 1 ? { status: 503 } : n === 2 ? { status: 429, headers: { "retry-after": "1" } } : "forward"));
    try {
      const hf = new Hireflow({ apiKey: co.apiKey, baseUrl: proxy.url });
      const created = await hf.candidates.create({ job_id: co.jobId, name: "Retry Me" }, { idempotencyKey: "import-row-17" });
      expect(proxy.seen.map((s) => s.idempotencyKey)).toEqual(["import-row-17", "import-row-17", "import-row-17"]);
      expect(proxy.seen[2]!.at - proxy.seen[1]!.at).toBeGreaterThanOrEqual(950);
      expect(await getPrisma().candidate.count({ where: { companyId: co.id, name: "Retry Me" } })).toBe(1);
      // The same key again replays the first answer instead of creating a second candidate.
      const again = await new Hireflow({ apiKey: co.apiKey, baseUrl: app.url }).candidates.create({ job_id: co.jobId, name: "Retry Me" }, { idempotencyKey: "import-row-17" });
      expect(again.id).toBe(created.id);
      expect(await getPrisma().candidate.count({ where: { companyId: co.id, name: "Retry Me" } })).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it("gives up after maxRetries, never retries a 4xx, and times out a stalled request", async () => {
    const { co } = await company();
    const failing = await startProxy(app.url, () => ({ status: 503 }));
    try {
      const hf = new Hireflow({ apiKey: co.apiKey, baseUrl: failing.url, maxRetries: 1 });
      await expect(hf.jobs.get(co.jobId)).rejects.toMatchObject({ status: 503 });
      expect(failing.seen).toHaveLength(2);
    } finally {
      await failing.close();
    }
    const forwarding = await startProxy(app.url, () => "forward");
    try {
      const hf = new Hireflow({ apiKey: co.apiKey, baseUrl: forwarding.url });
      await expect(hf.jobs.get(2_000_000_000)).rejects.toMatchObject({ status: 404 });
      expect(forwarding.seen).toHaveLength(1);
    } finally {
      await forwarding.close();
    }
    const stalled = await startProxy(app.url, () => "stall");
    try {
      const hf = new Hireflow({ apiKey: co.apiKey, baseUrl: stalled.url, timeout: 300, maxRetries: 1 });
      await expect(hf.me()).rejects.toMatchObject({ status: 0, code: "timeout" });
      expect(stalled.seen).toHaveLength(2);
    } finally {
      await stalled.close();
    }
  });
});

describe("scheduling links and availability", () => {
  const EVERY_DAY = (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).map((day) => ({ day, start: "00:00", end: "24:00" }));
  const window = () => {
    const from = new Date(Date.now() + 2 * 86_400_000);
    return { from: from.toISOString(), to: new Date(from.getTime() + 7 * 86_400_000).toISOString() };
  };
  const member = async (co: TestCompany) =>
    (await createUser(getPrisma(), { companyId: co.id, email: `member-${unique()}@example.com`, password: "correct horse battery staple", name: "Mia Member", role: "recruiter" })).id;
  const publicCall = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await fetch(`${app.url}/api/public/scheduling/${path}`, { method, headers: body === undefined ? {} : { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };

  it("users.getAvailability / setAvailability: the default, a PUT read back, a 400 naming the field", async () => {
    const { co, hf } = await company();
    const id = await member(co);
    const initial = await hf.users.getAvailability(id);
    expect(initial).toMatchObject({ user_id: id, is_default: true, buffer_minutes: 0, max_interviews_per_day: null, busy_calendar_url: null, busy_calendar: { connected: false } });
    expect(initial.working_hours).toEqual(["mon", "tue", "wed", "thu", "fri"].map((day) => ({ day, start: "09:00", end: "17:00" })));

    const set = await hf.users.setAvailability(id, { time_zone: "Europe/Berlin", working_hours: EVERY_DAY, buffer_minutes: 10, max_interviews_per_day: 5 });
    expect(set).toMatchObject({ user_id: id, time_zone: "Europe/Berlin", buffer_minutes: 10, max_interviews_per_day: 5, is_default: false });
    expect(set.working_hours).toEqual(EVERY_DAY);
    expect(await hf.users.getAvailability(id)).toEqual(set);

    const refused = await hf.users.setAvailability(id, { time_zone: "Mars/Olympus", working_hours: EVERY_DAY }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HireflowError);
    expect(refused).toMatchObject({ status: 400, code: "validation_error" });
    expect((refused as HireflowError).details.map((d) => d.field)).toContain("time_zone");
    await expect(hf.users.getAvailability(crypto.randomUUID())).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  it("schedulingLinks.create / get / list (every page) / revoke; the candidate books through the link's url", async () => {
    const { co, hf } = await company();
    const id = await member(co);
    await hf.users.setAvailability(id, { time_zone: "UTC", working_hours: EVERY_DAY });
    const candidate = await hf.candidates.create({ job_id: co.jobId, name: "Ada Lovelace", email: `${unique()}@example.com` });

    const link = await hf.schedulingLinks.create({ candidate_id: candidate.id, title: "Technical interview", duration_minutes: 45, interviewer_ids: [id], ...window(), min_notice_hours: 0 });
    expect(link).toMatchObject({ candidate_id: candidate.id, status: "open", title: "Technical interview", duration_minutes: 45, slot_interval_minutes: 30, interviewer_ids: [id], notify_candidate: true, interview_id: null, reschedules_left: 3 });
    expect(link.url).toMatch(/\/schedule\/[A-Za-z0-9_-]{43}$/);
    expect(await hf.schedulingLinks.get(link.id)).toEqual(link);
    // notify_candidate (the default): the link went out by e-mail.
    expect(await getPrisma().emailMessage.count({ where: { companyId: co.id, candidateId: candidate.id, kind: "scheduling_link" } })).toBe(1);

    const more = [];
    for (let i = 0; i < 2; i++) more.push(await hf.schedulingLinks.create({ candidate_id: candidate.id, title: `Call ${i}`, duration_minutes: 30, interviewer_ids: [id], notify_candidate: false }));
    const listed = await hf.schedulingLinks.list({ candidate_id: candidate.id, limit: 2 }).toArray();
    expect(listed.map((l) => l.id)).toEqual([more[1]!.id, more[0]!.id, link.id]);
    const pages = [];
    for await (const page of hf.schedulingLinks.list({ candidate_id: candidate.id, limit: 2 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([2, 1]);

    // The candidate's side, with the link's token: a slot booked becomes an interview scheduled by the candidate.
    const token = link.url.split("/schedule/")[1]!;
    const slots = await publicCall("GET", `${token}/slots?time_zone=Europe/Berlin`);
    expect(slots.status).toBe(200);
    expect(slots.body.data.slots.length).toBeGreaterThan(0);
    expect((await publicCall("POST", `${token}/book`, { start_at: slots.body.data.slots[0].start_at })).status).toBe(201);
    const booked = await hf.schedulingLinks.get(link.id);
    expect(booked).toMatchObject({ status: "booked", interview_id: expect.any(Number) });
    const interview = await hf.interviews.get(booked.interview_id!);
    expect(interview).toMatchObject({ candidate_id: candidate.id, scheduled_by: "candidate", start_at: slots.body.data.slots[0].start_at, interviewers: [{ id }] });

    const revoked = await hf.schedulingLinks.revoke(more[0]!.id);
    expect(revoked).toMatchObject({ id: more[0]!.id, status: "revoked" });
    expect(await hf.schedulingLinks.revoke(more[0]!.id)).toMatchObject({ status: "revoked" });
    expect((await publicCall("GET", more[0]!.url.split("/schedule/")[1]!)).status).toBe(410);
    await expect(hf.schedulingLinks.get(2_000_000_000)).rejects.toMatchObject({ status: 404, code: "not_found" });
  });

  it("maps the refusals: a candidate without e-mail to notify (400), a key without interviews:write (403), another company's link (404)", async () => {
    const { co, hf } = await company();
    const id = await member(co);
    const silent = await hf.candidates.create({ job_id: co.jobId, name: "No Mail" });
    const refused = await hf.schedulingLinks.create({ candidate_id: silent.id, title: "Call", duration_minutes: 30, interviewer_ids: [id] }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, code: "validation_error" });
    expect((refused as HireflowError).details.map((d) => d.field)).toContain("notify_candidate");

    const reader = new Hireflow({ apiKey: (await addApiKey(co, ["interviews:read", "users:read"])).apiKey, baseUrl: app.url });
    await expect(reader.schedulingLinks.create({ candidate_id: silent.id, title: "Call", duration_minutes: 30, interviewer_ids: [id], notify_candidate: false })).rejects.toMatchObject({ status: 403, code: "forbidden" });
    await expect(reader.users.setAvailability(id, { time_zone: "UTC", working_hours: EVERY_DAY })).rejects.toMatchObject({ status: 403, code: "forbidden" });
    expect((await reader.users.getAvailability(id)).is_default).toBe(true);
    expect(await getPrisma().schedulingLink.count({ where: { companyId: co.id } })).toBe(0);

    const mine = await hf.schedulingLinks.create({ candidate_id: silent.id, title: "Call", duration_minutes: 30, interviewer_ids: [id], notify_candidate: false });
    const { hf: theirs } = await company();
    await expect(theirs.schedulingLinks.get(mine.id)).rejects.toMatchObject({ status: 404 });
    await expect(theirs.schedulingLinks.revoke(mine.id)).rejects.toMatchObject({ status: 404 });
    expect(await theirs.schedulingLinks.list().toArray()).toEqual([]);
    expect((await hf.schedulingLinks.get(mine.id)).status).toBe("open");
  });
});

describe("webhook endpoints, events and verifyWebhook with real deliveries", () => {
  it("every webhookEndpoints method; a delivery verifies with the endpoint's secret, and with either secret after a rotation", async () => {
    const { co, hf } = await company();
    const hook = receiver.route();
    const endpoint = await hf.webhookEndpoints.create({ url: hook.url, events: ["candidate.applied", "candidate.stage_changed"] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(await hf.webhookEndpoints.get(endpoint.id)).toMatchObject({ id: endpoint.id, url: hook.url });
    expect((await hf.webhookEndpoints.update(endpoint.id, { description: "ATS sync" })).description).toBe("ATS sync");
    expect((await hf.webhookEndpoints.list().toArray()).map((e) => e.id)).toEqual([endpoint.id]);

    const candidate = await hf.candidates.create({ job_id: co.jobId, name: "Katherine Johnson" });
    await hf.candidates.update(candidate.id, { stage: "phonescreen" });
    await publisher.flush();
    const [delivered] = await eventually(() => hook.requests().length >= 1 && hook.requests(), 30_000);
    const event: WebhookEvent = verifyWebhook(delivered!.body, delivered!.headers as Record<string, string>, endpoint.secret);
    expect(event.event).toBe("candidate.stage_changed");
    if (event.event === "candidate.stage_changed") expect(event.candidate.id).toBe(candidate.id);

    // The event is in the Events API under the delivery's webhook-id, with the delivered body as payload.
    const listed = await hf.events.list({ type: "candidate.stage_changed" }).toArray();
    expect(listed.map((e) => e.id)).toEqual([delivered!.headers["webhook-id"]]);
    const fetched = await hf.events.get(listed[0]!.id);
    expect(fetched.payload).toStrictEqual(JSON.parse(delivered!.body));

    expect(() => verifyWebhook(delivered!.body.replace("phonescreen", "hired"), delivered!.headers as Record<string, string>, endpoint.secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(delivered!.body, delivered!.headers as Record<string, string>, `whsec_${Buffer.from("another secret").toString("base64")}`)).toThrow(WebhookVerificationError);

    const rotated = await hf.webhookEndpoints.rotateSecret(endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    const sent = await hf.webhookEndpoints.test(endpoint.id);
    expect(sent).toBeTruthy();
    await publisher.flush();
    const test = await eventually(() => hook.requests().find((r) => r.json.event === "webhook.test"), 30_000);
    expect(String(test.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(verifyWebhook(test.body, test.headers as Record<string, string>, rotated.secret).event).toBe("webhook.test");
    expect(verifyWebhook(test.body, new Headers(test.headers as Record<string, string>), endpoint.secret).event).toBe("webhook.test");

    const deliveries = await hf.webhookEndpoints.listDeliveries(endpoint.id, { limit: 1 }).toArray();
    expect(deliveries).toHaveLength(2);
    const before = hook.requests().length;
    const again = await hf.webhookEndpoints.redeliver(deliveries[0]!.id);
    expect(again).toMatchObject({ id: deliveries[0]!.id, status: "pending" });
    await publisher.flush();
    const resent = await eventually(() => hook.requests().length > before && hook.requests().at(-1), 30_000);
    expect(resent.headers["webhook-id"]).toBe(deliveries[0]!.event_id);

    expect(await hf.webhookEndpoints.delete(endpoint.id)).toMatchObject({ id: endpoint.id, deleted: true });
    await expect(hf.webhookEndpoints.get(endpoint.id)).rejects.toMatchObject({ status: 404 });
  });

  it("verifyWebhook refuses a stale timestamp and missing headers", () => {
    const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;
    const body = JSON.stringify({ event: "webhook.test" });
    const old = new Date(Date.now() - 10 * 60 * 1000);
    const headers = { "webhook-id": "evt_1", "webhook-timestamp": String(Math.floor(old.getTime() / 1000)), "webhook-signature": new Webhook(secret).sign("evt_1", old, body) };
    expect(() => verifyWebhook(body, headers, secret)).toThrow(/too old/);
    const now = new Date();
    const fresh = { ...headers, "webhook-timestamp": String(Math.floor(now.getTime() / 1000)), "webhook-signature": new Webhook(secret).sign("evt_1", now, body) };
    expect(verifyWebhook(new TextEncoder().encode(body), fresh, secret)).toEqual({ event: "webhook.test" });
    expect(() => verifyWebhook(body, { "webhook-id": "evt_1" }, secret)).toThrow(WebhookVerificationError);
  });
});
