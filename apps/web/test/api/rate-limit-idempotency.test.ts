import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { claimIdempotencyKey, settleIdempotencyKey } from "../../src/server/rest/idempotency.ts";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";
import { inOneWindow } from "../helpers/rate-limit-window.ts";

const app = useApiApp();

describe("rate limits per API key", () => {
  it("sends RateLimit headers on every response and 429 rate_limited with Retry-After past the key's limit", async () => {
    const limited = await createTestCompany();
    await getPrisma().apiKey.updateMany({ where: { companyId: limited.id }, data: { rateLimit: 5 } });
    const client = apiClient(app.url, limited);
    // Windows are aligned to the clock (10 s): the 7 requests to a loaded server share one with 8 s left.
    await inOneWindow(Number(process.env.RATE_LIMIT_WINDOW_MS ?? 10_000), 8_000);
    const responses = [];
    for (let i = 0; i < 7; i++) responses.push(await client.get(`/jobs/${limited.jobId}`));
    expect(responses.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses[0]!.headers.get("ratelimit-limit")).toBe("5");
    expect(responses[0]!.headers.get("ratelimit-remaining")).toBe("4");
    expect(Number(responses[0]!.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    const refused = responses[5]!;
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    // Another key is not affected.
    expect((await app.api.get(`/jobs/${app.acme.jobId}`)).status).toBe(200);
  });
});

describe("idempotency keys on POST", () => {
  const body = () => ({ job_id: app.acme.jobId, name: "Idem Potent", email: `idem-${Math.random()}@example.com` });

  it("replays the first response to a retry with the same key and body, creating nothing new", async () => {
    const payload = body();
    const first = await app.api.post("/candidates", payload, { "idempotency-key": "create-1" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await app.api.post("/candidates", payload, { "idempotency-key": "create-1" });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect(await getPrisma().candidate.count({ where: { email: payload.email } })).toBe(1);
  });

  it("409 for the same key with a different body, and keys are per API key", async () => {
    expect((await app.api.post("/candidates", body(), { "idempotency-key": "create-2" })).status).toBe(201);
    const other = await app.api.post("/candidates", body(), { "idempotency-key": "create-2" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("conflict");
    const company = await createTestCompany();
    const theirs = await apiClient(app.url, company).post("/candidates", { job_id: company.jobId, name: "Theirs" }, { "idempotency-key": "create-2" });
    expect(theirs.status).toBe(201);
  });

  it("409 for a retry while the first request is still running", async () => {
    const payload = body();
    const [a, b] = await Promise.all([
      app.api.post("/candidates", payload, { "idempotency-key": "race-1" }),
      app.api.post("/candidates", payload, { "idempotency-key": "race-1" }),
    ]);
    const statuses = [a.status, b.status].sort();
    // Either the second arrived while the first ran (409) or after it finished (a replayed 201).
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    expect(await getPrisma().candidate.count({ where: { email: payload.email } })).toBe(1);
  });

  it("a key claimed by a running request answers 409 until that request settles, then replays", async () => {
    const keyRow = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: app.acme.id } });
    const prisma = getPrisma();
    const claim = await claimIdempotencyKey(prisma, { apiKeyId: keyRow.id }, "held-1", "fingerprint-a");
    expect(claim.kind).toBe("new");
    await expect(claimIdempotencyKey(prisma, { apiKeyId: keyRow.id }, "held-1", "fingerprint-a")).rejects.toMatchObject({ code: "conflict", message: expect.stringContaining("still being processed") });
    await settleIdempotencyKey(prisma, (claim as { id: number }).id, new Response('{"data":1}', { status: 201, headers: { "content-type": "application/json" } }));
    expect(await claimIdempotencyKey(prisma, { apiKeyId: keyRow.id }, "held-1", "fingerprint-a")).toEqual({ kind: "replay", status: 201, body: '{"data":1}', headers: { "content-type": "application/json" } });
    // A 5xx releases the key so the client's retry runs again.
    const failing = await claimIdempotencyKey(prisma, { apiKeyId: keyRow.id }, "held-2", "fingerprint-b");
    await settleIdempotencyKey(prisma, (failing as { id: number }).id, new Response("{}", { status: 503 }));
    expect((await claimIdempotencyKey(prisma, { apiKeyId: keyRow.id }, "held-2", "fingerprint-b")).kind).toBe("new");
  });

  it("replays validation failures too, validates the header, and leaves requests without a key alone", async () => {
    const invalid = await app.api.post("/candidates", { job_id: app.acme.jobId }, { "idempotency-key": "invalid-1" });
    expect(invalid.status).toBe(400);
    const again = await app.api.post("/candidates", { job_id: app.acme.jobId }, { "idempotency-key": "invalid-1" });
    expect(again.status).toBe(400);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const tooLong = await app.api.post("/candidates", body(), { "idempotency-key": "k".repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0].field).toBe("Idempotency-Key");
    const payload = body();
    expect((await app.api.post("/candidates", payload)).status).toBe(201);
    expect((await app.api.post("/candidates", payload)).status).toBe(409);
  });

  it("stores keys for 24 hours and purges expired ones", async () => {
    await app.api.post("/candidates", body(), { "idempotency-key": "ttl-1" });
    const row = await getPrisma().idempotencyKey.findFirstOrThrow({ where: { key: "ttl-1" } });
    const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(ttl).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    expect(ttl).toBeLessThan(24 * 3600 * 1000 + 5000);
    await getPrisma().idempotencyKey.update({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    // An expired key is free again: the same key with a new body is a new request.
    expect((await app.api.post("/candidates", body(), { "idempotency-key": "ttl-1" })).status).toBe(201);
  });
});
