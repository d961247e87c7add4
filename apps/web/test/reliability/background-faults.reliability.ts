import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";
import { longPdf, PDF } from "../helpers/resumes.ts";
import { useServerProcesses } from "./support/server-processes.ts";
import { createReceiver } from "./support/receiver.ts";

/**
 * Faults around background work, with "the server" as a real process: the webhook receiver down
 * for a while, and the server killed (SIGKILL) in the middle of a delivery and of a resume parse.
 * Promised: everything is delivered / parsed once a receiver or a server is back, nothing is lost,
 * and a receiver sees one request per recorded attempt.
 */
const processes = useServerProcesses({
  baseEnv: {
    WEBHOOK_SWEEP_INTERVAL_MS: "300",
    WEBHOOK_SWEEP_MARGIN_MS: "100",
    RESUME_SWEEP_INTERVAL_MS: "300",
    // Longer than a parse of the test resume takes, so a live run is not re-queued under it.
    RESUME_STALE_AFTER_MS: "5000",
    RESUME_PARSE_MAX_PAGES: "200",
  },
});
const server = (env: Record<string, string> = {}) => processes.start(env);

async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Creates `n` candidates and moves each once: `n` candidate.stage_changed events. */
async function stageChanges(url: string, company: TestCompany, n: number): Promise<void> {
  const api = apiClient(url, company);
  for (let i = 0; i < n; i++) {
    const created = await api.post("/candidates", { job_id: company.jobId, name: `Hooked ${i}` });
    expect(created.status).toBe(201);
    expect((await api.patch(`/candidates/${created.body.data.id}`, { stage: "phonescreen" })).status).toBe(200);
  }
}

describe("webhook receiver down, then up", () => {
  it("retries every delivery and delivers all of them once it is back, one request per successful attempt", async () => {
    const receiver = createReceiver();
    await receiver.up();
    const hookUrl = receiver.url();
    await receiver.down();
    const app = await server({ WEBHOOK_RETRY_SCHEDULE_MS: "200,400,800,1600,3200,6400", WEBHOOK_TIMEOUT_MS: "2000" });
    const company = await createTestCompany();
    const endpoint = await apiClient(app.url, company).post("/webhook_endpoints", { url: hookUrl });
    expect(endpoint.status).toBe(201);
    const EVENTS = 20;
    await stageChanges(app.url, company, EVENTS);
    const prisma = getPrisma();
    // Down: attempts fail (connection refused) and are rescheduled.
    await eventually(async () => (await prisma.webhookDelivery.count({ where: { endpointId: endpoint.body.data.id, attemptCount: { gte: 2 } } })) === EVENTS, 20_000, "every delivery failed twice");
    const downAt = Date.now();
    await receiver.up();
    const deliveries = await eventually(
      async () => {
        const rows = await prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.body.data.id } });
        return rows.length === EVENTS && rows.every((r) => r.status === "succeeded") && rows;
      },
      30_000,
      "all deliveries succeeded",
    );
    await receiver.down();
    const events = await prisma.event.findMany({ where: { companyId: company.id, type: "candidate.stage_changed" }, select: { id: true } });
    const ids = events.map((e) => e.id).sort();
    const failedAttempts = deliveries.reduce((sum, d) => sum + d.attemptCount - 1, 0);
    console.info(
      `[reliability] receiver-outage ${JSON.stringify({ events: EVENTS, deliveries: deliveries.length, failedAttemptsWhileDown: failedAttempts, received: receiver.received.length, drainMs: Math.max(...receiver.received.map((r) => r.at)) - downAt, lost: ids.filter((id) => !receiver.received.some((r) => r.id === id)).length })}`,
    );
    expect(ids).toHaveLength(EVENTS);
    expect([...new Set(receiver.received.map((r) => r.id))].sort()).toEqual(ids);
    // While it was down no request reached it; after, exactly the one successful attempt each.
    expect(receiver.received).toHaveLength(EVENTS);
    expect(failedAttempts).toBeGreaterThanOrEqual(EVENTS * 1);
  });
});

describe("server killed during work", () => {
  it("a delivery in flight when the server dies is re-sent by the next server, once, with the same webhook-id", async () => {
    // The first request hangs (the server dies while waiting for it); later ones are answered at once.
    const receiver = createReceiver((_r, n) => (n === 1 ? { status: 200, delayMs: 20_000 } : { status: 200 }));
    await receiver.up();
    // The lease is the attempt's timeout plus a grace (30 s by default: waited out here for nothing).
    const env = { WEBHOOK_TIMEOUT_MS: "3000", WEBHOOK_LEASE_GRACE_MS: "2000", WEBHOOK_RETRY_SCHEDULE_MS: "200,400,800" };
    const first = await server(env);
    const company = await createTestCompany();
    const endpoint = await apiClient(first.url, company).post("/webhook_endpoints", { url: receiver.url() });
    await stageChanges(first.url, company, 1);
    await eventually(async () => receiver.received.length === 1, 20_000, "attempt 1 reached the receiver");
    await first.kill();
    const killedAt = Date.now();
    const second = await server(env);
    // The in-flight attempt holds a lease (timeout + grace); when it runs out, the sweeper re-sends.
    const delivery = await eventually(
      async () => {
        const row = await getPrisma().webhookDelivery.findFirst({ where: { endpointId: endpoint.body.data.id } });
        return row?.status === "succeeded" && row;
      },
      90_000,
      "the delivery succeeded after the restart",
    );
    console.info(`[reliability] killed-during-delivery ${JSON.stringify({ requests: receiver.received.length, attemptCount: delivery.attemptCount, recoveredAfterMs: Date.now() - killedAt, secondServer: second.url !== first.url })}`);
    await receiver.down();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.id).toBe(receiver.received[0]!.id);
    // One request per attempt: the dead server's attempt 1, the recovered attempt 2.
    expect(delivery.attemptCount).toBe(receiver.received.length);
  });

  it("a resume being parsed when the server dies is parsed by the next server; the candidate is whole", async () => {
    const first = await server();
    const company = await createTestCompany();
    // Long enough that parsing takes a moment to interrupt.
    const pdf = await longPdf(150);
    const created = await postMultipart(first.url, company.apiKey, { job_id: String(company.jobId), resume: { bytes: pdf, filename: "cv.pdf", type: PDF } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const prisma = getPrisma();
    const status = () => prisma.candidate.findUniqueOrThrow({ where: { id }, select: { resumeStatus: true } }).then((r) => r.resumeStatus);
    await eventually(async () => (await status()) === "processing", 20_000, "parsing started");
    await first.kill();
    const killedAt = Date.now();
    expect(await status()).toBe("processing");
    const second = await server();
    await eventually(async () => (await status()) === "completed", 60_000, "parsing completed after the restart").catch(async (error) => {
      console.info("[reliability] diagnostics", await prisma.candidate.findUniqueOrThrow({ where: { id } }), second.output.join("").slice(-4000));
      throw error;
    });
    const detail = await apiClient(second.url, company).get(`/candidates/${id}`);
    console.info(`[reliability] killed-during-parse ${JSON.stringify({ recoveredAfterMs: Date.now() - killedAt, status: detail.body.data.resume_status })}`);
    expect(detail.body.data).toMatchObject({ resume_status: "completed", name: "Dana Whitfield", email: "dana.whitfield@example.com" });
    expect(detail.body.data.resume_data).not.toBeNull();
    expect(await prisma.candidate.count({ where: { companyId: company.id } })).toBe(1);
  });
});
