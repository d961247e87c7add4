import { createCandidate, createCompany, createJob, createWebhookEndpoint, eraseCandidate, recordEvent, systemContext } from "@hireflow/core";
import { backgroundPoolOf, getPrisma } from "@hireflow/db";
import { z } from "zod";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { isPending, markPending } from "@hireflow/db/testing/outbox";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publishPendingEvents } from "../../src/outbox/publisher.ts";
import { defineJob, getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { sweepOverdueDeliveries, webhookJobs } from "../../src/webhooks/index.ts";
import { type Receiver, startReceiver } from "../webhooks/receiver.ts";

useIsolatedDatabase();
afterEach(() => shutdownLocalRunner());

let receiver: Receiver;
beforeAll(async () => (receiver = await startReceiver()));
afterAll(() => receiver.close());

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

describe("outbox publisher", () => {
  it("hands each committed job event to the driver once, with its row id as the event id, and takes it off the queue", async () => {
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
    expect(await prisma.pendingEvent.count({ where: { eventId: { in: ids } } })).toBe(0);
    // The events themselves are as they were written.
    expect(await prisma.event.count({ where: { id: { in: ids } } })).toBe(2);
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
    expect(await isPending(id)).toBe(true);
    runner.send = original;
    recorder();
    await publishPendingEvents(prisma);
    expect(await isPending(id)).toBe(false);
  });
});

describe("the outbox's queue (pending_events)", () => {
  const rowVersion = async (id: string) =>
    (await getPrisma().$queryRaw<{ version: string }[]>`SELECT xmin::text AS version FROM events WHERE id = ${id}::uuid`)[0]?.version;

  it("queues every event however it is written, and publishing takes it off the queue without touching the event row", async () => {
    recorder();
    const prisma = getPrisma();
    const svc = await company("Queue Co");
    const viaService = (await svc.db.$transaction((tx) => recordEvent(tx, DRIVER_EVENT, { delivery_id: 4, attempt_count: 0 }))).id;
    const viaSql = (
      await prisma.$queryRaw<{ id: string }[]>`INSERT INTO events (company_id, type, payload) VALUES (${svc.companyId}, 'candidate.stage_changed', '{}') RETURNING id::text`
    )[0]!.id;
    await prisma.event.createMany({ data: [{ companyId: svc.companyId, type: DRIVER_EVENT, payload: { delivery_id: 5, attempt_count: 0 } }] });
    const viaBatch = (await prisma.event.findFirstOrThrow({ where: { companyId: svc.companyId, payload: { path: ["delivery_id"], equals: 5 } } })).id;
    const ids = [viaService, viaSql, viaBatch];
    expect(await Promise.all(ids.map(isPending))).toEqual([true, true, true]);
    const written = await prisma.event.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    const versions = await Promise.all(ids.map(rowVersion));

    await publishPendingEvents(prisma);
    await getLocalRunner().idle();
    expect(await Promise.all(ids.map(isPending))).toEqual([false, false, false]);
    // Insert-only: the same row versions, the same contents.
    expect(await Promise.all(ids.map(rowVersion))).toEqual(versions);
    expect(await prisma.event.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).toEqual(written);
  });

  it("drops the queued row of an event deleted before it was published: no delivery, nothing to the driver", async () => {
    const seen = recorder();
    const prisma = getPrisma();
    const svc = await company("Queue Deleted Co");
    const hook = receiver.route();
    await createWebhookEndpoint(svc, { url: hook.url });
    const ids = await svc.db.$transaction(async (tx) => [
      (await recordEvent(tx, "candidate.stage_changed", { candidate: { id: 7 } })).id,
      (await recordEvent(tx, DRIVER_EVENT, { delivery_id: 6, attempt_count: 0 })).id,
    ]);
    // As a company's deletion does (events go by cascade; the queue has no foreign key to them).
    await prisma.$executeRaw`DELETE FROM events WHERE id = ANY(${ids}::uuid[])`;
    expect(await Promise.all(ids.map(isPending))).toEqual([true, true]);

    await publishPendingEvents(prisma);
    await getLocalRunner().idle();
    expect(await Promise.all(ids.map(isPending))).toEqual([false, false]);
    expect(await prisma.webhookDelivery.count({ where: { companyId: svc.companyId } })).toBe(0);
    expect(seen.filter((s) => ids.includes(s.id))).toEqual([]);
    expect(hook.requests()).toHaveLength(0);
  });

  it("an erasure takes the candidate's unpublished events off the queue with them, and queues candidate.deleted", async () => {
    const prisma = getPrisma();
    const svc = await company("Queue Erasure Co");
    const job = await createJob(svc, { title: "Erased Role" });
    const candidate = await createCandidate(svc, { job_id: job.id, name: "Erin Erased", email: `erin-${Date.now()}@example.com` }, { source: "public_api" });
    const applied = await svc.db.$transaction((tx) => recordEvent(tx, "candidate.applied", { candidate: { id: candidate.id } }));
    expect(await isPending(applied.id)).toBe(true);

    await eraseCandidate(svc, candidate.id);
    expect(await prisma.event.count({ where: { id: applied.id } })).toBe(0);
    expect(await prisma.pendingEvent.count({ where: { eventId: applied.id } })).toBe(0);
    const deleted = await prisma.event.findFirstOrThrow({ where: { companyId: svc.companyId, type: "candidate.deleted" }, select: { id: true } });
    expect(await isPending(deleted.id)).toBe(true);
  });
});

describe("the fan-out of webhook events, in the publishing transaction", () => {

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
    await markPending(id);
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
    expect(await isPending(id)).toBe(false);
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

    expect(await isPending(id)).toBe(false);
    expect(await prisma.webhookDelivery.findMany({ where: { eventId: id }, select: { endpointId: true, status: true } })).toEqual([{ endpointId: keptEndpoint.id, status: "succeeded" }]);
    expect([kept, doomed].map((hook) => hook.requests().length)).toEqual([1, 0]);
  });
});
