import { redeliverWebhook, sendWebhookTest } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { describe, expect, it } from "vitest";
import { verifyWebhookSignature } from "../../src/webhooks/index.ts";
import { setupCompany, useDeliveryPipeline } from "./fixtures.ts";
import { type Receiver } from "./receiver.ts";
import { createPublishedEvent } from "@hireflow/db/testing/outbox";

// Failures, retries and what they do to endpoints, on a fast schedule: retries after 50, 100 and
// 200 ms (four attempts), a 2 s timeout (300 ms was too short for a full run beside other work: an
// attempt answered 500 then timed out instead).
useIsolatedDatabase();
process.env.WEBHOOK_RETRY_SCHEDULE_MS = "50,100,200";
process.env.WEBHOOK_TIMEOUT_MS = "2000";

const { receiver, settle } = useDeliveryPipeline();

/** An endpoint answering with `plan`, and a test event sent to it; resolves when delivery is over. */
async function deliverTo(plan: Parameters<Receiver["route"]>[0]) {
  const co = await setupCompany();
  const hook = receiver.route(plan);
  const endpoint = await co.endpoint(hook.url);
  const { event_id } = await sendWebhookTest(co.svc, endpoint.id);
  await settle();
  const delivery = await getPrisma().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id, eventId: event_id } });
  return { co, hook, endpoint, eventId: event_id, delivery };
}

type Attempt = { attempt: number; at: string; status_code: number | null; error: string | null; response_ms: number };

describe("retries", () => {
  it("retries a 500 and succeeds on the second attempt, with the same webhook-id", async () => {
    const { hook, endpoint, eventId, delivery } = await deliverTo((n) => (n === 1 ? { status: 500, body: "try later" } : { status: 204, body: "" }));
    const requests = hook.requests();
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.headers["webhook-id"])).toEqual([eventId, eventId]);
    expect(requests[0]!.body).toBe(requests[1]!.body);
    for (const r of requests) expect(verifyWebhookSignature({ secret: endpoint.secret, headers: r.headers, body: r.body })).toBe(true);
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 2, lastStatusCode: 204, lastError: null, nextAttemptAt: null, responseExcerpt: "" });
    expect((delivery.attempts as Attempt[]).map((a) => [a.attempt, a.status_code, a.error])).toEqual([
      [1, 500, null],
      [2, 204, null],
    ]);
  });

  it("counts a receiver that answers after the timeout as a failed attempt", async () => {
    const { hook, delivery } = await deliverTo((n) => (n === 1 ? { status: 200, delayMs: 4_000 } : { status: 200 }));
    expect(hook.requests()).toHaveLength(2);
    const [first, second] = delivery.attempts as Attempt[];
    expect(first).toMatchObject({ attempt: 1, status_code: null, error: "Timed out after 2000 ms" });
    expect(first!.response_ms).toBeGreaterThanOrEqual(1_990);
    expect(first!.response_ms).toBeLessThan(4_000);
    expect(second).toMatchObject({ attempt: 2, status_code: 200, error: null });
    expect(delivery.status).toBe("succeeded");
  });

  it("fails the delivery after the last attempt of the schedule, keeping every attempt and 1 KB of the response", async () => {
    const { hook, delivery, endpoint } = await deliverTo(() => ({ status: 500, body: "x".repeat(5_000) }));
    expect(hook.requests()).toHaveLength(4);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 4, lastStatusCode: 500, nextAttemptAt: null });
    expect(delivery.responseExcerpt).toBe("x".repeat(1024));
    const attempts = delivery.attempts as Attempt[];
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    // The schedule's waits lie between the attempts.
    const gaps = attempts.slice(1).map((a, i) => Date.parse(a.at) - Date.parse(attempts[i]!.at));
    expect(gaps[0]).toBeGreaterThanOrEqual(50);
    expect(gaps[1]).toBeGreaterThanOrEqual(100);
    expect(gaps[2]).toBeGreaterThanOrEqual(200);
    // One failed delivery does not disable an endpoint.
    expect((await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(true);
  });

  it("waits as long as Retry-After asks", async () => {
    const { hook, delivery } = await deliverTo((n) => (n === 1 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 }));
    const [first, second] = hook.requests();
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
    expect(delivery.status).toBe("succeeded");
  });

  it("does not follow redirects", async () => {
    const target = receiver.route();
    const { hook, delivery } = await deliverTo(() => ({ status: 302, headers: { location: target.url } }));
    expect(hook.requests()).toHaveLength(4);
    expect(target.requests()).toHaveLength(0);
    expect(delivery).toMatchObject({ status: "failed", lastStatusCode: 302 });
  });

  it("starts a new run of attempts on redelivery", async () => {
    const { co, hook, delivery, eventId } = await deliverTo((n) => (n <= 4 ? { status: 500 } : { status: 200 }));
    expect(delivery.status).toBe("failed");
    await redeliverWebhook(co.svc, delivery.id);
    await settle();
    const after = await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    expect(after).toMatchObject({ status: "succeeded", attemptCount: 5, lastStatusCode: 200 });
    expect((after.attempts as Attempt[]).map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(hook.requests().map((r) => r.headers["webhook-id"])).toEqual(Array(5).fill(eventId));
  });
});

describe("disabling endpoints", () => {
  it("disables an endpoint at once on 410 Gone, and it receives nothing afterwards", async () => {
    const { co, hook, endpoint, delivery } = await deliverTo(() => ({ status: 410 }));
    expect(hook.requests()).toHaveLength(1);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 1, lastStatusCode: 410 });
    const disabled = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "The endpoint answered 410 Gone" });
    expect(disabled.disabledAt).toBeInstanceOf(Date);

    await getPrisma().webhookEndpoint.update({ where: { id: endpoint.id }, data: { events: [] } });
    const { createCandidate, updateCandidate } = await import("@hireflow/core");
    const candidate = await createCandidate(co.api, { job_id: co.jobId, name: "After Gone" }, { source: "public_api" });
    await updateCandidate(co.api, { id: candidate.id, stage: "hired" });
    await settle();
    expect(hook.requests()).toHaveLength(1);
    expect(await getPrisma().webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(1);
  });

  it("disables an endpoint whose every delivery has failed for 5 days", async () => {
    const co = await setupCompany();
    const hook = receiver.route(() => ({ status: 500 }));
    const endpoint = await co.endpoint(hook.url);
    await seedOldDelivery(co.companyId, endpoint.id, "failed", 6);
    await sendWebhookTest(co.svc, endpoint.id);
    await settle();
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ enabled: false, disabledReason: "Every delivery failed for 5 days" });
  });

  it("keeps an endpoint that succeeded within the 5 days, or was re-enabled since", async () => {
    const co = await setupCompany();
    const hook = receiver.route(() => ({ status: 500 }));
    const recovered = await co.endpoint(hook.url);
    await seedOldDelivery(co.companyId, recovered.id, "failed", 6);
    await seedOldDelivery(co.companyId, recovered.id, "succeeded", 1);
    const reenabled = await co.endpoint(hook.url);
    await seedOldDelivery(co.companyId, reenabled.id, "failed", 6);
    await getPrisma().webhookEndpoint.update({ where: { id: reenabled.id }, data: { disabledAt: new Date(Date.now() - 3600_000) } });
    await sendWebhookTest(co.svc, recovered.id);
    await sendWebhookTest(co.svc, reenabled.id);
    await settle();
    const rows = await getPrisma().webhookEndpoint.findMany({ where: { id: { in: [recovered.id, reenabled.id] } } });
    expect(rows.map((r) => r.enabled)).toEqual([true, true]);
    expect(await getPrisma().webhookDelivery.count({ where: { companyId: co.companyId, status: "failed", createdAt: { gt: new Date(Date.now() - 60_000) } } })).toBe(2);
  });
});

async function seedOldDelivery(companyId: number, endpointId: number, status: "failed" | "succeeded", daysAgo: number) {
  const at = new Date(Date.now() - daysAgo * 24 * 3600_000);
  const event = await createPublishedEvent({ companyId, type: "candidate.stage_changed", payload: {}, occurredAt: at });
  await getPrisma().webhookDelivery.create({
    data: { companyId, eventId: event.id, endpointId, status, attemptCount: 1, createdAt: at, lastAttemptAt: at, lastStatusCode: status === "failed" ? 500 : 200 },
  });
}
