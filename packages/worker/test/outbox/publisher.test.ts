import { createCompany, createWebhookEndpoint, recordEvent, systemContext } from "@hireflow/core";
import { backgroundPoolOf, getPrisma } from "@hireflow/db";
import { z } from "zod";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publishPendingEvents } from "../../src/outbox/publisher.ts";
import { defineJob, getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { sweepOverdueDeliveries, webhookJobs } from "../../src/webhooks/index.ts";
import { type Receiver, startReceiver } from "../webhooks/receiver.ts";

useIsolatedDatabase();
afterEach(() => shutdownLocalRunner());

// A row that is not a webhook event goes to the job driver: a redelivery request is one.
const DRIVER_EVENT = "webhook/delivery.requested";

function recorder() {
  const seen: { id: string; data: unknown }[] = [];
  const job = defineJob({
    id: "test-recorder",
    event: DRIVER_EVENT,
    retries: 0,
    schema: z.object({ event_id: z.string(), company_id: z.number(), occurred_at: z.string(), payload: z.record(z.string(), z.unknown()) }),
    handler: async ({ event }) => {
      seen.push({ id: event.id, data: event.data });
    },
  });
  registerJobs([job]);
  return seen;
}

async function company(name: string) {
  const prisma = getPrisma();
  return systemContext(prisma, (await createCompany(prisma, { name })).id);
}

const unpublished = (id: string) => getPrisma().event.update({ where: { id }, data: { publishedAt: null } });

describe("outbox publisher", () => {
  it("hands each committed job event to the driver once, with its row id as the event id, and marks it published", async () => {
    const seen = recorder();
    const prisma = getPrisma();
    const svc = await company("Outbox Co");
    const ids = await svc.db.$transaction(async (tx) => [
      (await recordEvent(tx, DRIVER_EVENT, { delivery_id: 1, attempt_count: 0 })).id,
      (await recordEvent(tx, DRIVER_EVENT, { delivery_id: 2, attempt_count: 0 })).id,
    ]);
    // Two publishers racing (two server processes): SKIP LOCKED gives each row to one of them.
    const counts = await Promise.all([publishPendingEvents(prisma), publishPendingEvents(prisma)]);
    await getLocalRunner().idle();
    const mine = seen.filter((s) => ids.includes(s.id));
    expect(mine.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(mine[0]!.data).toMatchObject({ company_id: svc.companyId, payload: { delivery_id: expect.any(Number) } });
    const rows = await prisma.event.findMany({ where: { id: { in: ids } } });
    expect(rows.every((r) => r.publishedAt instanceof Date)).toBe(true);
    // Nothing left: a second sweep publishes nothing of ours again.
    await publishPendingEvents(prisma);
    await getLocalRunner().idle();
    expect(seen.filter((s) => ids.includes(s.id))).toHaveLength(2);
  });

  it("leaves rows unpublished when the driver fails, so the sweeper can retry", async () => {
    const prisma = getPrisma();
    const svc = await company("Outbox Fail Co");
    const { id } = await svc.db.$transaction((tx) => recordEvent(tx, DRIVER_EVENT, { delivery_id: 3, attempt_count: 0 }));
    const runner = getLocalRunner();
    const original = runner.send.bind(runner);
    runner.send = async () => {
      throw new Error("driver down");
    };
    await expect(publishPendingEvents(prisma)).rejects.toThrow("driver down");
    expect((await prisma.event.findUniqueOrThrow({ where: { id } })).publishedAt).toBeNull();
    runner.send = original;
    recorder();
    await publishPendingEvents(prisma);
    expect((await prisma.event.findUniqueOrThrow({ where: { id } })).publishedAt).not.toBeNull();
  });
});

describe("the fan-out of webhook events, in the publishing transaction", () => {
  let receiver: Receiver;
  beforeAll(async () => (receiver = await startReceiver()));
  afterAll(() => receiver.close());

  it("writes one delivery per subscribed, enabled endpoint, and a replay of the batch none twice", async () => {
    registerJobs(webhookJobs);
    const prisma = getPrisma();
    const svc = await company("Fan-out Co");
    const [all, moves, applies, disabled] = [receiver.route(), receiver.route(), receiver.route(), receiver.route()];
    await createWebhookEndpoint(svc, { url: all.url });
    await createWebhookEndpoint(svc, { url: moves.url, events: ["candidate.stage_changed"] });
    await createWebhookEndpoint(svc, { url: applies.url, events: ["candidate.applied"] });
    const off = await createWebhookEndpoint(svc, { url: disabled.url });
    await prisma.webhookEndpoint.update({ where: { id: off.id }, data: { enabled: false } });
    const other = await company("Fan-out Other Co");
    const elsewhere = receiver.route();
    await createWebhookEndpoint(other, { url: elsewhere.url });

    const { id } = await svc.db.$transaction((tx) => recordEvent(tx, "candidate.stage_changed", { candidate: { id: 1 } }));
    await publishPendingEvents(prisma);
    // A replay of the same rows (as after a crash between the publisher's commit and anything after it).
    await unpublished(id);
    await publishPendingEvents(prisma);
    await getLocalRunner().idle();

    expect(await prisma.webhookDelivery.count({ where: { eventId: id } })).toBe(2);
    expect([all, moves, applies, disabled, elsewhere].map((hook) => hook.requests().length)).toEqual([1, 1, 0, 0, 0]);
    expect(all.requests()[0]!.headers["webhook-id"]).toBe(id);
  });

  it("delivers through the delivery sweep when the first attempts cannot be requested after the commit", async () => {
    registerJobs(webhookJobs);
    const prisma = getPrisma();
    const svc = await company("Fan-out Driver Down Co");
    const hook = receiver.route();
    await createWebhookEndpoint(svc, { url: hook.url });
    const { id } = await svc.db.$transaction((tx) => recordEvent(tx, "candidate.stage_changed", { candidate: { id: 2 } }));
    const runner = getLocalRunner();
    const original = runner.send.bind(runner);
    runner.send = async () => {
      throw new Error("driver down");
    };
    // The event and its deliveries are committed together: published, the delivery pending and due.
    await publishPendingEvents(prisma);
    runner.send = original;
    expect((await prisma.event.findUniqueOrThrow({ where: { id } })).publishedAt).not.toBeNull();
    expect(await prisma.webhookDelivery.findMany({ where: { eventId: id }, select: { status: true, attemptCount: true } })).toEqual([{ status: "pending", attemptCount: 0 }]);
    expect(hook.requests()).toHaveLength(0);

    await sweepOverdueDeliveries(prisma, { marginMs: 0 });
    await runner.idle();
    expect(hook.requests()).toHaveLength(1);
    expect(await prisma.webhookDelivery.findMany({ where: { eventId: id }, select: { status: true, attemptCount: true } })).toEqual([{ status: "succeeded", attemptCount: 1 }]);
  });

  it("publishes the batch when an endpoint is deleted while the fan-out runs: the deleted one gets no delivery, the others theirs", async () => {
    registerJobs(webhookJobs);
    const prisma = getPrisma();
    const svc = await company("Fan-out Delete Race Co");
    const [kept, doomed] = [receiver.route(), receiver.route()];
    const keptEndpoint = await createWebhookEndpoint(svc, { url: kept.url });
    const doomedEndpoint = await createWebhookEndpoint(svc, { url: doomed.url });
    const { id } = await svc.db.$transaction((tx) => recordEvent(tx, "candidate.stage_changed", { candidate: { id: 3 } }));

    // The delete is in flight (row locked, not committed) when the fan-out reads the endpoints.
    const deleter = await backgroundPoolOf(prisma).connect();
    try {
      await deleter.query("BEGIN");
      const { rows } = await deleter.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      await deleter.query("DELETE FROM webhook_endpoints WHERE id = $1", [doomedEndpoint.id]);
      const publishing = publishPendingEvents(prisma);
      // Wait until the fan-out is blocked on the deleter's lock, then let the delete commit.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const blocked = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE ${rows[0]!.pid}::int = ANY(pg_blocking_pids(pid))`;
        if (blocked[0]!.n > 0) break;
        if (Date.now() > deadline) throw new Error("the fan-out never waited on the deleted endpoint's lock");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await deleter.query("COMMIT");
      // Before the fix the fan-out's INSERT … SELECT failed here: webhook_deliveries_endpoint_id_fkey.
      await publishing;
    } finally {
      deleter.release();
    }
    await getLocalRunner().idle();

    expect((await prisma.event.findUniqueOrThrow({ where: { id } })).publishedAt).not.toBeNull();
    expect(await prisma.webhookDelivery.findMany({ where: { eventId: id }, select: { endpointId: true, status: true } })).toEqual([{ endpointId: keptEndpoint.id, status: "succeeded" }]);
    expect([kept, doomed].map((hook) => hook.requests().length)).toEqual([1, 0]);
  });
});
