import { recordEvent, sendWebhookTest } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startBackgroundWork, stopBackgroundWork } from "../../src/background.ts";
import { allJobs, allSchedules } from "../../src/registry.ts";
import { getJobDriver, getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { DELIVERIES_REQUESTED, deliveryRequest, deliverySweepSchedule, startDeliverySweeper, sweepOverdueDeliveries, webhookJobs } from "../../src/webhooks/index.ts";
import { setupCompany } from "./fixtures.ts";
import { eventually, type Receiver, startReceiver } from "./receiver.ts";
import { markPublished } from "@hireflow/db/testing/outbox";

// Crashes: deliveries are rows, so whatever a dead process left behind is found and sent again —
// once. No publisher runs here unless a test starts one (that is the crash).
useIsolatedDatabase();

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await stopBackgroundWork();
  await shutdownLocalRunner();
  registerJobs(webhookJobs);
});
afterAll(() => receiver.close());

/** An event and its delivery row as a process that died mid-way left them (published, pending). */
async function abandonedDelivery(url: string, state: { attemptCount: number; nextAttemptAt: Date }) {
  const co = await setupCompany();
  const endpoint = await co.endpoint(url);
  const event = await co.svc.db.$transaction((tx) => recordEvent(tx, "webhook.test", { webhook_endpoint: { id: endpoint.id }, company: { id: co.companyId } }));
  await markPublished([event.id]);
  const delivery = await getPrisma().webhookDelivery.create({
    data: { companyId: co.companyId, eventId: event.id, endpointId: endpoint.id, status: "pending", ...state },
  });
  return { co, endpoint, eventId: event.id, delivery };
}

describe("crash recovery", () => {
  it("delivers an event whose process died before publishing it, once background work restarts", async () => {
    registerJobs(webhookJobs);
    const hook = receiver.route();
    const co = await setupCompany();
    const endpoint = await co.endpoint(hook.url);
    // Committed, but the process died before the publisher ran (no notifyEventsCommitted).
    const event = await co.svc.db.$transaction((tx) => recordEvent(tx, "webhook.test", { webhook_endpoint: { id: endpoint.id }, company: { id: co.companyId } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hook.requests()).toHaveLength(0);

    expect(allJobs).toEqual(expect.arrayContaining(webhookJobs));
    startBackgroundWork();
    const [request] = await eventually(() => hook.requests().length === 1 && hook.requests());
    expect(request!.headers["webhook-id"]).toBe(event.id);
    await getLocalRunner().idle();
    expect(hook.requests()).toHaveLength(1);
    expect(await getPrisma().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({ status: "succeeded", attemptCount: 1 });
  });

  it("re-sends a delivery a crash left pending, exactly once however many sweepers run", async () => {
    registerJobs(webhookJobs);
    const hook = receiver.route(() => ({ status: 200, delayMs: 50 }));
    // Attempt 1 was claimed and then the process died: no record, the lease long expired.
    const { delivery, eventId } = await abandonedDelivery(hook.url, { attemptCount: 1, nextAttemptAt: new Date(Date.now() - 10 * 60_000) });
    const counts = await Promise.all([sweepOverdueDeliveries(getPrisma(), { marginMs: 1_000 }), sweepOverdueDeliveries(getPrisma(), { marginMs: 1_000 })]);
    expect(counts.sort()).toEqual([0, 1]);
    await getLocalRunner().idle();
    expect(hook.requests()).toHaveLength(1);
    expect(hook.requests()[0]!.headers["webhook-id"]).toBe(eventId);
    const row = await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 2 });
    expect((row.attempts as { attempt: number }[]).map((a) => a.attempt)).toEqual([2]);
    expect(await sweepOverdueDeliveries(getPrisma(), { marginMs: 1_000 })).toBe(0);
  });

  it("continues the retry schedule of a recovered delivery instead of restarting it", async () => {
    registerJobs(webhookJobs);
    process.env.WEBHOOK_RETRY_SCHEDULE_MS = "50,100,200";
    try {
      const hook = receiver.route(() => ({ status: 500 }));
      // Three attempts are behind it: the recovered run makes the fourth, which is the last.
      const { delivery } = await abandonedDelivery(hook.url, { attemptCount: 3, nextAttemptAt: new Date(Date.now() - 10 * 60_000) });
      expect(await sweepOverdueDeliveries(getPrisma(), { marginMs: 1_000 })).toBe(1);
      await getLocalRunner().idle();
      expect(hook.requests()).toHaveLength(1);
      expect(await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed", attemptCount: 4 });
    } finally {
      delete process.env.WEBHOOK_RETRY_SCHEDULE_MS;
    }
  });

  it("leaves deliveries alone that are not overdue by the margin (a live run owns them)", async () => {
    registerJobs(webhookJobs);
    const hook = receiver.route();
    const { delivery } = await abandonedDelivery(hook.url, { attemptCount: 1, nextAttemptAt: new Date(Date.now() - 5_000) });
    expect(await sweepOverdueDeliveries(getPrisma(), { marginMs: 60_000 })).toBe(0);
    await getLocalRunner().idle();
    expect(hook.requests()).toHaveLength(0);
    expect((await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attemptCount).toBe(1);
  });

  it("is a registered schedule of the background work", async () => {
    registerJobs(webhookJobs);
    const hook = receiver.route();
    const { delivery } = await abandonedDelivery(hook.url, { attemptCount: 0, nextAttemptAt: new Date(Date.now() - 10 * 60_000) });
    expect(allSchedules).toContain(deliverySweepSchedule);
    const sweeper = startDeliverySweeper({ intervalMs: 60_000 });
    try {
      await sweeper.flush();
      await eventually(() => hook.requests().length === 1);
      await getLocalRunner().idle();
    } finally {
      await sweeper.stop();
    }
    expect((await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).status).toBe("succeeded");
  });

  it("sends one request per attempt when two runs race for the same delivery", async () => {
    registerJobs(webhookJobs);
    const hook = receiver.route(() => ({ status: 200, delayMs: 100 }));
    const { delivery } = await abandonedDelivery(hook.url, { attemptCount: 0, nextAttemptAt: new Date() });
    // The original request and a sweeper's, with different event ids: both runs start.
    await getJobDriver().send([deliveryRequest(delivery.id, 0), deliveryRequest(delivery.id, 0, { lease: new Date() })]);
    await getLocalRunner().idle();
    expect(hook.requests()).toHaveLength(1);
    const runs = getLocalRunner().listRuns().filter((r) => r.jobId === "webhook-deliver" && (r.event.data as { delivery_id: number }).delivery_id === delivery.id);
    expect(runs.map((r) => (r.result as { outcome: string }).outcome).sort()).toEqual(["skipped", "succeeded"]);
    expect((await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).attemptCount).toBe(1);
  });

  it("sends a batch's first attempts once however often the batch is requested", async () => {
    registerJobs(webhookJobs);
    const hook = receiver.route();
    const co = await setupCompany();
    const endpoint = await co.endpoint(hook.url);
    const { event_id } = await sendWebhookTest(co.svc, endpoint.id);
    await markPublished([event_id]);
    const delivery = await getPrisma().webhookDelivery.create({ data: { companyId: co.companyId, eventId: event_id, endpointId: endpoint.id, nextAttemptAt: new Date() } });
    // Repeats of the request under new ids (e.g. a driver that delivered it twice), some at the same time.
    await getJobDriver().send([1, 2, 3].map((n) => ({ name: DELIVERIES_REQUESTED, id: `replay-${delivery.id}-${n}`, data: { delivery_ids: [delivery.id] } })));
    await getLocalRunner().idle();
    expect(hook.requests()).toHaveLength(1);
    expect(await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, select: { status: true, attemptCount: true } })).toEqual({ status: "succeeded", attemptCount: 1 });
  });
});
