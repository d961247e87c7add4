import { recordEvent } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverBatchJob, deliverWebhookJob } from "../../src/webhooks/index.ts";
import { setupCompany } from "./fixtures.ts";
import { type Receiver, startReceiver } from "./receiver.ts";
import { markPublished } from "@hireflow/db/testing/outbox";

// The delivery function on Inngest's own engine. @inngest/test models neither time nor retries, so
// attempts and sleeps are mocked by step id to drive the loop; one attempt also runs for real.
const REQUEST = { name: "webhook/delivery.requested", data: { delivery_id: 7, attempt_count: 0 } };
const retry = (attempt: number, delay: number) => ({ outcome: "retry", attempt, status_code: 500, delay_ms: delay });

describe("the webhook delivery function", () => {
  it("runs one step per attempt and sleeps between them as each attempt says", async () => {
    const t = new InngestTestEngine({ function: deliverWebhookJob.inngestFunction });
    const { result, error, ctx } = await t.execute({
      events: [REQUEST],
      steps: [
        { id: "attempt-1", handler: () => retry(1, 5_000) },
        { id: "backoff-1", handler: () => undefined },
        { id: "attempt-2", handler: () => retry(2, 300_000) },
        { id: "backoff-2", handler: () => undefined },
        { id: "attempt-3", handler: () => ({ outcome: "succeeded", attempt: 3, status_code: 200 }) },
      ],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ delivery_id: 7, outcome: "succeeded", attempts: 3 });
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(1, "backoff-1", 5_000);
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(2, "backoff-2", 300_000);
    expect(ctx.step.run).toHaveBeenCalledTimes(3);
  });

  it("stops without sleeping when an attempt fails for good or finds nothing to do", async () => {
    for (const outcome of [{ outcome: "failed", attempt: 1, status_code: 410 }, { outcome: "skipped" }]) {
      const t = new InngestTestEngine({ function: deliverWebhookJob.inngestFunction });
      const { result, ctx } = await t.execute({ events: [REQUEST], steps: [{ id: "attempt-1", handler: () => outcome }] });
      expect(result).toEqual({ delivery_id: 7, outcome: outcome.outcome, attempts: 1 });
      expect(ctx.step.sleep).not.toHaveBeenCalled();
    }
  });

  it("rejects a request without a delivery id", async () => {
    const t = new InngestTestEngine({ function: deliverWebhookJob.inngestFunction });
    const { error } = await t.execute({ events: [{ name: REQUEST.name, data: { attempt_count: 0 } }] });
    expect(error).toMatchObject({ name: "NonRetriableError" });
  });

  it("waits first when it continues a batched first attempt (delay_ms), then goes on with the schedule", async () => {
    const t = new InngestTestEngine({ function: deliverWebhookJob.inngestFunction });
    const { result, ctx } = await t.execute({
      events: [{ name: REQUEST.name, data: { delivery_id: 7, attempt_count: 1, schedule_from: 1, delay_ms: 5_000 } }],
      steps: [
        { id: "backoff-0", handler: () => undefined },
        { id: "attempt-1", handler: () => ({ outcome: "succeeded", attempt: 2, status_code: 200 }) },
      ],
    });
    expect(result).toEqual({ delivery_id: 7, outcome: "succeeded", attempts: 1 });
    expect(ctx.step.sleep).toHaveBeenCalledWith("backoff-0", 5_000);
  });
});

describe("the batched first attempts' function", () => {
  const BATCH = { name: "webhook/deliveries.requested", data: { delivery_ids: [11, 12, 13] } };

  it("runs the batch as one step and asks for a run of its own for each delivery to retry", async () => {
    const t = new InngestTestEngine({ function: deliverBatchJob.inngestFunction });
    const { result, error, ctx } = await t.execute({
      events: [BATCH],
      steps: [
        {
          id: "first-attempts",
          handler: () => [
            { delivery_id: 11, outcome: "succeeded", attempt: 1, status_code: 200 },
            { delivery_id: 12, outcome: "retry", attempt: 1, status_code: 503, delay_ms: 5_000 },
            { delivery_id: 13, outcome: "failed", attempt: 1, status_code: 410 },
          ],
        },
        { id: "retries", handler: () => ({ ids: ["webhook-delivery-12-1"] }) },
      ],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ attempts: 3, retries: 1 });
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("retries", [
      { name: "webhook/delivery.requested", id: "webhook-delivery-12-1", data: { delivery_id: 12, attempt_count: 1, schedule_from: 1, delay_ms: 5_000 } },
    ]);
  });

  it("rejects a request without delivery ids", async () => {
    const t = new InngestTestEngine({ function: deliverBatchJob.inngestFunction });
    const { error } = await t.execute({ events: [{ name: BATCH.name, data: { delivery_ids: [] } }] });
    expect(error).toMatchObject({ name: "NonRetriableError" });
  });
});

describe("one real attempt on Inngest's engine", () => {
  let receiver: Receiver;
  beforeAll(async () => (receiver = await startReceiver()));
  afterAll(() => receiver.close());

  it("claims, sends and records the attempt (also for a redelivery request wrapped by the outbox)", async () => {
    const co = await setupCompany();
    const hook = receiver.route();
    const endpoint = await co.endpoint(hook.url);
    const event = await co.svc.db.$transaction((tx) => recordEvent(tx, "webhook.test", { webhook_endpoint: { id: endpoint.id }, company: { id: co.companyId } }));
    // Marked published so that no publisher of another test file picks it up.
    await markPublished([event.id]);
    const delivery = await getPrisma().webhookDelivery.create({ data: { companyId: co.companyId, eventId: event.id, endpointId: endpoint.id, nextAttemptAt: new Date() } });

    const t = new InngestTestEngine({ function: deliverWebhookJob.inngestFunction });
    const first = await t.executeStep("attempt-1", { events: [{ name: REQUEST.name, data: { delivery_id: delivery.id, attempt_count: 0 } }] });
    expect(first.result).toEqual({ outcome: "succeeded", attempt: 1, status_code: 200 });
    expect(hook.requests()).toHaveLength(1);

    // Replayed with the same attempt count (a duplicate run): nothing is sent again.
    const replay = await t.executeStep("attempt-1", { events: [{ name: REQUEST.name, data: { delivery_id: delivery.id, attempt_count: 0 } }] });
    expect(replay.result).toEqual({ outcome: "skipped" });

    await getPrisma().webhookDelivery.update({ where: { id: delivery.id }, data: { status: "pending" } });
    const outboxWrapped = { event_id: event.id, company_id: co.companyId, occurred_at: new Date().toISOString(), payload: { delivery_id: delivery.id, attempt_count: 1 } };
    const redelivered = await t.executeStep("attempt-1", { events: [{ name: REQUEST.name, data: outboxWrapped }] });
    expect(redelivered.result).toEqual({ outcome: "succeeded", attempt: 2, status_code: 200 });
    expect(hook.requests().map((r) => r.headers["webhook-id"])).toEqual([event.id, event.id]);
  });
});
