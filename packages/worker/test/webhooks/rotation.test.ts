import { createHmac, randomBytes } from "node:crypto";
import { redeliverWebhook, rotateWebhookSecret, sendWebhookTest } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { describe, expect, it } from "vitest";
import { deliverySweepSchedule, signatureHeaders, verifyWebhookSignature } from "../../src/webhooks/index.ts";
import { setupCompany, useDeliveryPipeline } from "./fixtures.ts";
import { eventually, type ReceivedRequest, type Receiver } from "./receiver.ts";

// Secret rotation with a grace period, end to end: rotate (the service behind POST
// …/rotate_secret) → event → delivery run → a real HTTP receiver on 127.0.0.1. While the replaced
// secret's grace period lasts, every attempt carries two signatures, `v1,<new> v1,<old>`.
useIsolatedDatabase();
// Fast retries (50, 100, 200 ms), for the retry case.
process.env.WEBHOOK_RETRY_SCHEDULE_MS = "50,100,200";

const { receiver, publish, settle } = useDeliveryPipeline();

/** The Standard Webhooks signature of a request with `secret`, computed from the spec's words. */
function mac(secret: string, request: ReceivedRequest): string {
  const key = Buffer.from(secret.slice("whsec_".length), "base64");
  const signed = `${String(request.headers["webhook-id"])}.${String(request.headers["webhook-timestamp"])}.${request.body}`;
  return `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
}

/** The request is signed with exactly `secrets`, in that order (current first), and verifies with each of them only. */
function expectSignedWith(request: ReceivedRequest, secrets: string[], notWith: string[]) {
  expect(request.headers["webhook-signature"]).toBe(secrets.map((secret) => mac(secret, request)).join(" "));
  for (const secret of secrets) expect(verifyWebhookSignature({ secret, headers: request.headers, body: request.body })).toBe(true);
  for (const secret of notWith) expect(verifyWebhookSignature({ secret, headers: request.headers, body: request.body })).toBe(false);
  // Several signatures sign the same body: a changed body fails with every secret.
  for (const secret of secrets) expect(verifyWebhookSignature({ secret, headers: request.headers, body: `${request.body} ` })).toBe(false);
}

const stranger = `whsec_${randomBytes(32).toString("base64")}`;

/** An endpoint on the receiver, with its original secret. */
async function endpointOn(plan?: Parameters<Receiver["route"]>[0]) {
  const co = await setupCompany();
  const hook = receiver.route(plan);
  const endpoint = await co.endpoint(hook.url);
  return { co, hook, id: endpoint.id, original: endpoint.secret };
}

/** Sends a webhook.test event and returns the requests it produced. */
async function deliverTest(co: Awaited<ReturnType<typeof setupCompany>>, id: number, hook: ReturnType<Receiver["route"]>) {
  const before = hook.requests().length;
  await sendWebhookTest(co.svc, id);
  await settle();
  return eventually(() => hook.requests().length > before && hook.requests().slice(before));
}

describe("secret rotation", () => {
  it("signs with the new and the previous secret during the default 24 h grace period", async () => {
    const { co, hook, id, original } = await endpointOn();
    const rotated = await rotateWebhookSecret(co.svc, { id });
    expect(rotated.previous_secret_expires_at).not.toBeNull();
    expect(Date.parse(rotated.previous_secret_expires_at!) - Date.now()).toBeGreaterThan(86_400_000 - 60_000);
    const [request] = await deliverTest(co, id, hook);
    expectSignedWith(request!, [rotated.secret, original], [stranger]);
  });

  it("signs with the new secret only when the grace period is 0", async () => {
    const { co, hook, id, original } = await endpointOn();
    const rotated = await rotateWebhookSecret(co.svc, { id, expire_previous_in_seconds: 0 });
    expect(rotated.previous_secret_expires_at).toBeNull();
    const [request] = await deliverTest(co, id, hook);
    expectSignedWith(request!, [rotated.secret], [original]);
  });

  it("stops signing with the previous secret once its grace period is over", async () => {
    const { co, hook, id, original } = await endpointOn();
    const rotated = await rotateWebhookSecret(co.svc, { id, expire_previous_in_seconds: 3600 });
    const [during] = await deliverTest(co, id, hook);
    expectSignedWith(during!, [rotated.secret, original], []);

    await getPrisma().webhookEndpoint.update({ where: { id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    const [after] = await deliverTest(co, id, hook);
    expectSignedWith(after!, [rotated.secret], [original]);
  });

  it("lets a short grace period run out by itself", async () => {
    const { co, hook, id, original } = await endpointOn();
    const rotated = await rotateWebhookSecret(co.svc, { id, expire_previous_in_seconds: 1 });
    await eventually(async () => {
      const row = await getPrisma().$queryRaw<{ over: boolean }[]>`SELECT previous_secret_expires_at <= now() AS over FROM webhook_endpoints WHERE id = ${id}`;
      return row[0]!.over;
    }, 5_000);
    const [request] = await deliverTest(co, id, hook);
    expectSignedWith(request!, [rotated.secret], [original]);
  });

  it("keeps one previous secret: after two rotations, the newest and the one it replaced", async () => {
    const { co, hook, id, original } = await endpointOn();
    const second = await rotateWebhookSecret(co.svc, { id });
    const third = await rotateWebhookSecret(co.svc, { id, expire_previous_in_seconds: 600 });
    const [request] = await deliverTest(co, id, hook);
    expectSignedWith(request!, [third.secret, second.secret], [original]);
  });

  it("signs retries of an event sent before the rotation with both secrets", async () => {
    // The first attempt fails and asks for a 1 s pause, during which the secret is rotated.
    const { co, hook, id, original } = await endpointOn((n) => (n === 1 ? { status: 503, headers: { "retry-after": "1" } } : { status: 200 }));
    await sendWebhookTest(co.svc, id);
    await publish();
    const [first] = await eventually(() => hook.requests().length === 1 && hook.requests());
    const rotated = await rotateWebhookSecret(co.svc, { id });
    await settle();
    const requests = await eventually(() => hook.requests().length === 2 && hook.requests());
    expectSignedWith(first!, [original], [rotated.secret]);
    expect(requests[1]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expectSignedWith(requests[1]!, [rotated.secret, original], [stranger]);
    const delivery = await getPrisma().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
    expect(delivery).toMatchObject({ status: "succeeded", attemptCount: 2 });
  });

  it("signs redeliveries with both secrets during the grace period, and with the new one only after", async () => {
    const { co, hook, id, original } = await endpointOn();
    const [first] = await deliverTest(co, id, hook);
    expectSignedWith(first!, [original], []);
    const delivery = await getPrisma().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });

    const rotated = await rotateWebhookSecret(co.svc, { id });
    await redeliverWebhook(co.svc, delivery.id);
    await settle();
    const [during] = await eventually(() => hook.requests().length === 2 && hook.requests().slice(1));
    expect(during!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    expectSignedWith(during!, [rotated.secret, original], [stranger]);

    const latest = await rotateWebhookSecret(co.svc, { id, expire_previous_in_seconds: 0 });
    await redeliverWebhook(co.svc, delivery.id);
    await settle();
    const [after] = await eventually(() => hook.requests().length === 3 && hook.requests().slice(2));
    expectSignedWith(after!, [latest.secret], [rotated.secret, original]);
  });
});

describe("forgetting expired previous secrets", () => {
  it("the delivery sweep clears a previous secret once its grace period is over, and only then", async () => {
    const expired = await endpointOn();
    const running = await endpointOn();
    await rotateWebhookSecret(expired.co.svc, { id: expired.id, expire_previous_in_seconds: 3600 });
    const stillValid = await rotateWebhookSecret(running.co.svc, { id: running.id, expire_previous_in_seconds: 3600 });
    await getPrisma().webhookEndpoint.update({ where: { id: expired.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });

    await deliverySweepSchedule.run();

    const row = (id: number) => getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id }, select: { secret: true, previousSecret: true, previousSecretExpiresAt: true } });
    expect(await row(expired.id)).toMatchObject({ previousSecret: null, previousSecretExpiresAt: null });
    expect(await row(running.id)).toEqual({
      secret: stillValid.secret,
      previousSecret: running.original,
      previousSecretExpiresAt: new Date(stillValid.previous_secret_expires_at!),
    });
  });
});

describe("signatureHeaders with several secrets", () => {
  it("lists one signature per secret, space-delimited, in order, and verifies with any of them", () => {
    const a = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
    const b = `whsec_${Buffer.alloc(32, 2).toString("base64")}`;
    const body = '{"event":"webhook.test"}';
    const now = Date.now();
    const both = signatureHeaders([a, b], "evt-1", body, now);
    const onlyA = signatureHeaders(a, "evt-1", body, now);
    const onlyB = signatureHeaders([b], "evt-1", body, now);
    expect(both["webhook-signature"]).toBe(`${onlyA["webhook-signature"]} ${onlyB["webhook-signature"]}`);
    expect(both["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    for (const secret of [a, b]) expect(verifyWebhookSignature({ secret, headers: both, body })).toBe(true);
    expect(verifyWebhookSignature({ secret: stranger, headers: both, body })).toBe(false);
    expect(() => signatureHeaders([], "evt-1", body)).toThrow(TypeError);
  });
});
