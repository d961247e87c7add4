import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, withAppEnv } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { createPublishedEvent } from "@hireflow/db/testing/outbox";

// The endpoints API over real HTTP. These tests run no publisher: events they cause stay as outbox
// rows, which is what they assert on (delivery itself is tested in packages/worker/test/webhooks).
let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => (app = await startApp()));
afterAll(() => app.close());

const HOOK = "https://hooks.example.test/hireflow";
const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

async function company(): Promise<{ co: TestCompany; api: ApiClient }> {
  const co = await createTestCompany();
  return { co, api: apiClient(app.url, co) };
}

/** `fn` with an API client of `co` against the app as production configures it (private URLs refused). */
function withPrivateUrlsRefused<T>(co: TestCompany, fn: (api: ApiClient) => Promise<T>): Promise<T> {
  return withAppEnv({ WEBHOOKS_ALLOW_PRIVATE_URLS: "false" }, app.url, (url) => fn(apiClient(url, co)));
}

/** A delivery row as the delivery job leaves it, for the read-side tests. */
async function seedDelivery(co: TestCompany, endpointId: number, status: "pending" | "succeeded" | "failed") {
  const event = await createPublishedEvent({ companyId: co.id, type: "candidate.stage_changed", payload: {} });
  return getPrisma().webhookDelivery.create({
    data: {
      companyId: co.id,
      eventId: event.id,
      endpointId,
      status,
      attemptCount: 2,
      lastStatusCode: 500,
      lastResponseMs: 42,
      responseExcerpt: "boom",
      nextAttemptAt: status === "pending" ? new Date(Date.now() + 60_000) : null,
      attempts: [
        { attempt: 1, at: new Date().toISOString(), status_code: null, error: "Timed out after 10000 ms", response_ms: 10000 },
        { attempt: 2, at: new Date().toISOString(), status_code: 500, error: null, response_ms: 42 },
      ],
    },
  });
}

describe("POST /api/v1/webhook_endpoints", () => {
  it("registers an endpoint and returns its secret once", async () => {
    const { api } = await company();
    const created = await api.post("/webhook_endpoints", { url: HOOK, events: ["candidate.applied", "candidate.applied"], description: " ATS sync " });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: expect.any(Number),
      url: HOOK,
      description: "ATS sync",
      events: ["candidate.applied"],
      enabled: true,
      include_scorecard_notes: false,
      disabled_reason: null,
      disabled_at: null,
      previous_secret_expires_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(SECRET),
    });
    expect(Buffer.from(created.body.data.secret.slice(6), "base64")).toHaveLength(32);

    const fetched = await api.get(`/webhook_endpoints/${created.body.data.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.data).not.toHaveProperty("secret");
    const listed = await api.get("/webhook_endpoints");
    expect(JSON.stringify(listed.body)).not.toContain("whsec_");
  });

  it("defaults to every event type and refuses unknown ones", async () => {
    const { api } = await company();
    const all = await api.post("/webhook_endpoints", { url: HOOK });
    expect(all.body.data.events).toEqual([]);
    for (const events of [["candidate.promoted"], ["webhook.test"], "candidate.applied"]) {
      const refused = await api.post("/webhook_endpoints", { url: HOOK, events });
      expect(refused.status, JSON.stringify(events)).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
      expect(refused.body.error.details[0].field).toMatch(/^events/);
    }
    const unknownField = await api.post("/webhook_endpoints", { url: HOOK, secret: "whsec_mine" });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.details).toEqual([{ field: "secret", message: "Unknown field" }]);
  });

  it("refuses URLs that are not https or reach private, loopback, link-local or metadata addresses", async () => {
    const { co, api } = await company();
    for (const url of ["not a url", "ftp://hooks.example.test/x", "javascript:alert(1)"]) {
      expect((await api.post("/webhook_endpoints", { url })).status, url).toBe(400);
    }
    await withPrivateUrlsRefused(co, async (api) => {
      const refused = [
        "http://hooks.example.test/plain-http",
        "https://127.0.0.1/hook",
        "https://localhost:8443/hook",
        "https://10.1.2.3/hook",
        "https://172.20.0.5/hook",
        "https://192.168.1.10/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://100.100.100.200/",
        "https://[::1]/hook",
        "https://[fd00:ec2::254]/",
        "https://[::ffff:127.0.0.1]/hook",
        "https://0.0.0.0/",
        "https://user:pass@93.184.216.34/hook",
        "https://does-not-exist.invalid/hook",
      ];
      for (const url of refused) {
        const response = await api.post("/webhook_endpoints", { url });
        expect(response.status, url).toBe(400);
        expect(response.body.error.details[0].field, url).toBe("url");
      }
      const publicIp = await api.post("/webhook_endpoints", { url: "https://93.184.216.34/hook" });
      expect(publicIp.status).toBe(201);
      // The rule holds on updates too.
      const patched = await api.patch(`/webhook_endpoints/${publicIp.body.data.id}`, { url: "https://192.168.0.1/" });
      expect(patched.status).toBe(400);
    });
    // Allowed in development and tests (local receivers).
    expect((await api.post("/webhook_endpoints", { url: "http://127.0.0.1:9999/hook" })).status).toBe(201);
  });

  it("needs an API key", async () => {
    const anonymous = apiClient(app.url, null);
    expect((await anonymous.post("/webhook_endpoints", { url: HOOK })).status).toBe(401);
    expect((await anonymous.get("/webhook_endpoints")).status).toBe(401);
  });
});

describe("GET /api/v1/webhook_endpoints", () => {
  it("pages newest first with a cursor", async () => {
    const { api } = await company();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await api.post("/webhook_endpoints", { url: `${HOOK}/${i}` })).body.data.id);
    const first = await api.get("/webhook_endpoints?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { id: number }) => e.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.pagination.has_more).toBe(true);
    const second = await api.get(`/webhook_endpoints?limit=2&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], pagination: { next_cursor: null, has_more: false } });
  });
});

describe("PATCH /api/v1/webhook_endpoints/{id}", () => {
  it("updates url, events and description, and disables and re-enables", async () => {
    const { api } = await company();
    const { id } = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const updated = await api.patch(`/webhook_endpoints/${id}`, { url: `${HOOK}/v2`, events: ["candidate.stage_changed"], description: "v2" });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ url: `${HOOK}/v2`, events: ["candidate.stage_changed"], description: "v2", enabled: true });
    expect(updated.body.data).not.toHaveProperty("secret");

    const disabled = await api.patch(`/webhook_endpoints/${id}`, { enabled: false });
    expect(disabled.body.data).toMatchObject({ enabled: false, disabled_reason: "Disabled through the API", disabled_at: expect.any(String) });
    const enabled = await api.patch(`/webhook_endpoints/${id}`, { enabled: true });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });

    // "false" is not false: body booleans are not coerced.
    expect((await api.patch(`/webhook_endpoints/${id}`, { enabled: "false" })).status).toBe(400);
    expect((await api.patch(`/webhook_endpoints/${id}`, { events: ["nope"] })).status).toBe(400);
    expect((await api.get(`/webhook_endpoints/${id}`)).body.data.enabled).toBe(true);
  });
});

describe("include_scorecard_notes", () => {
  it("is false unless asked for, set at creation or by PATCH, read back by GET and the list, audited, and only a JSON boolean", async () => {
    const { co, api } = await company();
    const plain = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    expect(plain.include_scorecard_notes).toBe(false);
    const opted = await api.post("/webhook_endpoints", { url: `${HOOK}/notes`, events: ["scorecard.submitted"], include_scorecard_notes: true });
    expect(opted.status, JSON.stringify(opted.body)).toBe(201);
    expect(opted.body.data).toMatchObject({ include_scorecard_notes: true, events: ["scorecard.submitted"] });
    expect((await api.get(`/webhook_endpoints/${opted.body.data.id}`)).body.data.include_scorecard_notes).toBe(true);

    const patched = await api.patch(`/webhook_endpoints/${plain.id}`, { include_scorecard_notes: true });
    expect([patched.status, patched.body.data.include_scorecard_notes]).toEqual([200, true]);
    const listed = (await api.get("/webhook_endpoints")).body.data as { id: number; include_scorecard_notes: boolean }[];
    expect(listed.map((e) => [e.id, e.include_scorecard_notes]).sort()).toEqual([[plain.id, true], [opted.body.data.id, true]].sort());
    const off = await api.patch(`/webhook_endpoints/${opted.body.data.id}`, { include_scorecard_notes: false });
    expect(off.body.data.include_scorecard_notes).toBe(false);
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: opted.body.data.id } });
    expect(row.includeScorecardNotes).toBe(false);

    const audit = await getPrisma().auditLogEntry.findMany({ where: { companyId: co.id, action: "webhook_endpoint.updated", targetId: String(plain.id) } });
    expect(audit.map((entry) => entry.data)).toEqual([{ include_scorecard_notes: { from: false, to: true } }]);

    for (const value of ["true", 1, null]) {
      for (const send of [() => api.post("/webhook_endpoints", { url: HOOK, include_scorecard_notes: value }), () => api.patch(`/webhook_endpoints/${plain.id}`, { include_scorecard_notes: value })]) {
        const refused = await send();
        expect([refused.status, refused.body.error?.details?.[0]?.field], `${JSON.stringify(value)} → ${JSON.stringify(refused.body)}`).toEqual([400, "include_scorecard_notes"]);
      }
    }
    expect((await api.get(`/webhook_endpoints/${plain.id}`)).body.data.include_scorecard_notes).toBe(true);
  });

  it("is another company's endpoint: 404, nothing changed", async () => {
    const a = await company();
    const b = await company();
    const theirs = (await b.api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const attempt = await a.api.patch(`/webhook_endpoints/${theirs.id}`, { include_scorecard_notes: true });
    expect(attempt.status).toBe(404);
    expect((await b.api.get(`/webhook_endpoints/${theirs.id}`)).body.data.include_scorecard_notes).toBe(false);
  });
});

describe("POST /api/v1/webhook_endpoints/{id}/rotate_secret", () => {
  it("replaces the secret and returns the new one only there", async () => {
    const { api } = await company();
    const created = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const rotated = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(SECRET);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row.secret).toBe(rotated.body.data.secret);
    expect((await api.get(`/webhook_endpoints/${created.id}`)).body.data).not.toHaveProperty("secret");
  });

  /** previous_secret_expires_at is `seconds` from now (give or take the request's duration). */
  function expectExpiryIn(iso: unknown, seconds: number) {
    expect(iso).toEqual(expect.any(String));
    const delta = Date.parse(iso as string) - Date.now();
    expect(delta).toBeGreaterThan(seconds * 1000 - 10_000);
    expect(delta).toBeLessThanOrEqual(seconds * 1000 + 1_000);
  }

  it("keeps the replaced secret for 24 h by default (empty body, no content type, or {}), and never returns it", async () => {
    const { api } = await company();
    for (const body of [undefined, {}]) {
      const created = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
      const rotated = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, body);
      expect(rotated.status, JSON.stringify(body)).toBe(200);
      expect(rotated.body.data.secret).toMatch(SECRET);
      expect(rotated.body.data.secret).not.toBe(created.secret);
      expectExpiryIn(rotated.body.data.previous_secret_expires_at, 86_400);

      const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
      expect(row).toMatchObject({ secret: rotated.body.data.secret, previousSecret: created.secret });
      expect(row.previousSecretExpiresAt!.toISOString()).toBe(rotated.body.data.previous_secret_expires_at);

      const fetched = await api.get(`/webhook_endpoints/${created.id}`);
      expect(fetched.body.data.previous_secret_expires_at).toBe(rotated.body.data.previous_secret_expires_at);
      expect(fetched.body.data).not.toHaveProperty("previous_secret");
      const listed = await api.get("/webhook_endpoints");
      for (const text of [JSON.stringify(rotated.body), JSON.stringify(fetched.body), JSON.stringify(listed.body)]) {
        expect(text).not.toContain(created.secret);
      }
      expect(JSON.stringify(listed.body)).not.toContain("whsec_");
    }
  });

  it("takes expire_previous_in_seconds: a shorter grace, or 0 to stop the replaced secret at once", async () => {
    const { api } = await company();
    const created = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const hour = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: 3600 });
    expect(hour.status).toBe(200);
    expectExpiryIn(hour.body.data.previous_secret_expires_at, 3600);
    const max = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: 86_400 });
    expect(max.status).toBe(200);
    expectExpiryIn(max.body.data.previous_secret_expires_at, 86_400);

    // 0: today's behaviour. It also ends the grace period of a secret replaced earlier.
    const now = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: 0 });
    expect(now.status).toBe(200);
    expect(now.body.data.previous_secret_expires_at).toBeNull();
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ secret: now.body.data.secret, previousSecret: null, previousSecretExpiresAt: null });
    expect((await api.get(`/webhook_endpoints/${created.id}`)).body.data.previous_secret_expires_at).toBeNull();
  });

  it("keeps only one previous secret: rotating again within the window replaces it with the secret being replaced", async () => {
    const { api } = await company();
    const a = (await api.post("/webhook_endpoints", { url: HOOK })).body.data.secret as string;
    const id = (await api.get("/webhook_endpoints")).body.data[0].id as number;
    const b = (await api.post(`/webhook_endpoints/${id}/rotate_secret`, {})).body.data.secret as string;
    const second = await api.post(`/webhook_endpoints/${id}/rotate_secret`, { expire_previous_in_seconds: 600 });
    expect(second.status).toBe(200);
    const c = second.body.data.secret as string;
    expect(new Set([a, b, c]).size).toBe(3);
    expectExpiryIn(second.body.data.previous_secret_expires_at, 600);
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ secret: c, previousSecret: b });
    expect(JSON.stringify(row)).not.toContain(a);
  });

  it("reports no previous secret once its grace period is over", async () => {
    const { api } = await company();
    const created = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: 60 });
    await getPrisma().webhookEndpoint.update({ where: { id: created.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    expect((await api.get(`/webhook_endpoints/${created.id}`)).body.data.previous_secret_expires_at).toBeNull();
    expect((await api.get("/webhook_endpoints")).body.data[0].previous_secret_expires_at).toBeNull();
  });

  it("refuses a grace period that is not an integer of seconds in 0..86400, and unknown fields (400, nothing changed)", async () => {
    const { api } = await company();
    const created = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    for (const value of [-1, 86_401, 1.5, "10", "0x10", true, null, 1e100, [10], { seconds: 10 }]) {
      const refused = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: value });
      expect(refused.status, JSON.stringify(value)).toBe(400);
      expect(refused.body.error.code).toBe("validation_error");
      expect(refused.body.error.details, JSON.stringify(value)).toEqual([
        { field: "expire_previous_in_seconds", message: "Must be an integer between 0 and 86400" },
      ]);
    }
    const unknown = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: 60, secret: "whsec_mine" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: "secret", message: "Unknown field" }]);
    // Not a JSON object, or not JSON at all.
    expect((await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, "10")).status).toBe(400);
    expect((await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, "[]")).status).toBe(400);
    expect((await api.call("POST", `/webhook_endpoints/${created.id}/rotate_secret`, "expire=10", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(400);
    expect((await api.post("/webhook_endpoints/0x10/rotate_secret", {})).status).toBe(400);

    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ secret: created.secret, previousSecret: null, previousSecretExpiresAt: null });
  });

  it("replays a rotation sent again with the same Idempotency-Key: the same secret, rotated once", async () => {
    const { api } = await company();
    const created = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const body = { expire_previous_in_seconds: 120 };
    const first = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, body, { "idempotency-key": "rotate-1" });
    expect(first.status).toBe(200);
    const again = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, body, { "idempotency-key": "rotate-1" });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    // One rotation: the original secret is the previous one, not the first rotation's.
    expect(row).toMatchObject({ secret: first.body.data.secret, previousSecret: created.secret });
    // The same key with another body is a conflict, not a second rotation.
    const other = await api.post(`/webhook_endpoints/${created.id}/rotate_secret`, { expire_previous_in_seconds: 0 }, { "idempotency-key": "rotate-1" });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe("conflict");
    expect((await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } })).secret).toBe(first.body.data.secret);
  });
});

describe("POST /api/v1/webhook_endpoints/{id}/test", () => {
  it("records a webhook.test event addressed to the endpoint", async () => {
    const { co, api } = await company();
    const { id } = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const sent = await api.post(`/webhook_endpoints/${id}/test`, {});
    expect(sent.status).toBe(202);
    expect(sent.body.data).toEqual({ event_id: expect.any(String), event: "webhook.test", webhook_endpoint_id: id });
    const event = await getPrisma().event.findUniqueOrThrow({ where: { id: sent.body.data.event_id } });
    expect(event).toMatchObject({ companyId: co.id, type: "webhook.test", payload: { webhook_endpoint: { id }, company: { id: co.id } } });

    await api.patch(`/webhook_endpoints/${id}`, { enabled: false });
    const refused = await api.post(`/webhook_endpoints/${id}/test`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("conflict");
  });
});

describe("GET /api/v1/webhook_endpoints/{id}/deliveries", () => {
  it("lists deliveries with their attempts, newest first, paginated and filterable", async () => {
    const { co, api } = await company();
    const { id } = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const failed = await seedDelivery(co, id, "failed");
    const pending = await seedDelivery(co, id, "pending");
    const first = await api.get(`/webhook_endpoints/${id}/deliveries?limit=1`);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([
      {
        id: pending.id,
        event_id: pending.eventId,
        event_type: "candidate.stage_changed",
        webhook_endpoint_id: id,
        status: "pending",
        attempt_count: 2,
        attempts: [
          { attempt: 1, at: expect.any(String), status_code: null, error: "Timed out after 10000 ms", response_ms: 10000 },
          { attempt: 2, at: expect.any(String), status_code: 500, error: null, response_ms: 42 },
        ],
        last_status_code: 500,
        last_error: null,
        last_response_ms: 42,
        response_excerpt: "boom",
        next_attempt_at: pending.nextAttemptAt!.toISOString(),
        last_attempt_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const second = await api.get(`/webhook_endpoints/${id}/deliveries?limit=1&cursor=${first.body.pagination.next_cursor}`);
    expect(second.body.data.map((d: { id: number }) => d.id)).toEqual([failed.id]);
    expect(second.body.pagination).toEqual({ next_cursor: null, has_more: false });
    const onlyFailed = await api.get(`/webhook_endpoints/${id}/deliveries?status=failed`);
    expect(onlyFailed.body.data.map((d: { id: number }) => d.id)).toEqual([failed.id]);
    expect((await api.get(`/webhook_endpoints/${id}/deliveries?status=lost`)).status).toBe(400);
  });
});

describe("POST /api/v1/webhook_deliveries/{id}/redeliver", () => {
  it("puts the delivery back to pending and asks for a new run of attempts", async () => {
    const { co, api } = await company();
    const { id } = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const failed = await seedDelivery(co, id, "failed");
    const redelivered = await api.post(`/webhook_deliveries/${failed.id}/redeliver`, {});
    expect(redelivered.status).toBe(202);
    expect(redelivered.body.data).toMatchObject({ id: failed.id, status: "pending", attempt_count: 2, next_attempt_at: expect.any(String) });
    const requested = await getPrisma().event.findMany({ where: { companyId: co.id, type: "webhook/delivery.requested" } });
    expect(requested.map((e) => e.payload)).toEqual([{ delivery_id: failed.id, attempt_count: 2 }]);
    expect((await api.post("/webhook_deliveries/999999999/redeliver", {})).status).toBe(404);
  });
});

describe("DELETE /api/v1/webhook_endpoints/{id}", () => {
  it("deletes the endpoint and its deliveries (200, Stripe style)", async () => {
    const { co, api } = await company();
    const { id } = (await api.post("/webhook_endpoints", { url: HOOK })).body.data;
    await seedDelivery(co, id, "succeeded");
    const deleted = await api.call("DELETE", `/webhook_endpoints/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { id, deleted: true } });
    expect((await api.get(`/webhook_endpoints/${id}`)).status).toBe(404);
    expect(await getPrisma().webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
    expect((await api.call("DELETE", `/webhook_endpoints/${id}`)).status).toBe(404);
  });
});

describe("tenancy", () => {
  it("keeps another company's endpoints and deliveries out of reach (404)", async () => {
    const a = await company();
    const b = await company();
    const endpoint = (await a.api.post("/webhook_endpoints", { url: HOOK })).body.data;
    const delivery = await seedDelivery(a.co, endpoint.id, "failed");
    const attempts = [
      await b.api.get(`/webhook_endpoints/${endpoint.id}`),
      await b.api.patch(`/webhook_endpoints/${endpoint.id}`, { url: `${HOOK}/stolen`, enabled: false }),
      await b.api.post(`/webhook_endpoints/${endpoint.id}/rotate_secret`, {}),
      await b.api.post(`/webhook_endpoints/${endpoint.id}/rotate_secret`, { expire_previous_in_seconds: 0 }),
      await b.api.post(`/webhook_endpoints/${endpoint.id}/rotate_secret`, { expire_previous_in_seconds: 3600 }, { "idempotency-key": "steal" }),
      await b.api.post(`/webhook_endpoints/${endpoint.id}/test`, {}),
      await b.api.get(`/webhook_endpoints/${endpoint.id}/deliveries`),
      await b.api.post(`/webhook_deliveries/${delivery.id}/redeliver`, {}),
      await b.api.call("DELETE", `/webhook_endpoints/${endpoint.id}`),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    expect((await b.api.get("/webhook_endpoints")).body.data).toEqual([]);
    const row = await getPrisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(row).toMatchObject({ url: HOOK, enabled: true, secret: endpoint.secret, previousSecret: null, previousSecretExpiresAt: null });
    expect(await getPrisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed" });
    expect(await getPrisma().event.count({ where: { companyId: b.co.id } })).toBe(0);
  });
});
