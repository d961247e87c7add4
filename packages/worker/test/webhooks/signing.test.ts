import { afterEach, describe, expect, it } from "vitest";
import { parseRetryAfter, postWebhook, signatureHeaders, signWebhook, verifyWebhookSignature } from "../../src/webhooks/index.ts";

describe("Standard Webhooks signatures", () => {
  it("match the Standard Webhooks reference vector", () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    const headers = { "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek", "webhook-timestamp": "1614265330", "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" };
    expect(verifyWebhookSignature({ secret, headers, body, now: 1614265330_000 })).toBe(true);
  });

  it("verify only the right body, secret, id and a recent timestamp", () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
    const body = '{"event":"webhook.test"}';
    const headers = signatureHeaders(secret, "evt-1", body);
    expect(verifyWebhookSignature({ secret, headers: new Headers({ ...headers }), body })).toBe(true);
    expect(verifyWebhookSignature({ secret, headers, body: body.replace("test", "tost") })).toBe(false);
    expect(verifyWebhookSignature({ secret: `whsec_${Buffer.alloc(32, 8).toString("base64")}`, headers, body })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers: { ...headers, "webhook-id": "evt-2" }, body })).toBe(false);
    expect(verifyWebhookSignature({ secret, headers, body, now: Date.now() + 10 * 60_000 })).toBe(false);
    // Several signatures (e.g. during a key change): one matching is enough.
    expect(verifyWebhookSignature({ secret, headers: { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` }, body })).toBe(true);
    expect(verifyWebhookSignature({ secret, headers: { ...headers, "webhook-signature": headers["webhook-signature"].replace("v1,", "v2,") }, body })).toBe(false);
  });
});

describe("Retry-After", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2026-11-21T10:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Sat, 21 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe("posting when private URLs are refused", () => {
  const saved = process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
  afterEach(() => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = saved;
  });

  it("refuses http, blocked address literals, and names that resolve to blocked addresses at connect time", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = "false";
    expect((await postWebhook("http://93.184.216.34/", {}, "{}", 1_000)).error).toBe("The URL must use https");
    expect((await postWebhook("https://169.254.169.254/latest", {}, "{}", 1_000)).error).toBe("169.254.169.254 is a blocked address");
    // A name is checked in the connection's own DNS lookup (no window for DNS rebinding).
    const viaName = await postWebhook("https://localhost:9/hook", {}, "{}", 1_000);
    expect(viaName).toMatchObject({ statusCode: null, error: expect.stringMatching(/EBLOCKEDADDRESS: localhost resolves to a blocked address/) });
  });
});
