import { randomBytes } from "node:crypto";
import { WEBHOOK_EVENT_TYPES } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, eventRetentionSchedule, startOutboxPublisher } from "@hireflow/worker";
import { registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eventually, startReceiver } from "../../../../packages/worker/test/webhooks/receiver.ts";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { createPublishedEvent } from "@hireflow/db/testing/outbox";

/**
 * The Events API over real HTTP: GET /api/v1/events (newest first, cursor pagination, filters
 * type / created_after / candidate_id) and GET /api/v1/events/{id}. An event's `payload` is the very
 * body a webhook receiver got and its `id` the delivery's `webhook-id`; internal events and other
 * companies' events never show; the retention schedule deletes only old events.
 *
 * Its own database: the file runs the outbox publisher and the retention pass, which sweep whole tables.
 */
useIsolatedDatabase();
const app = useApiApp();
let publisher: ReturnType<typeof startOutboxPublisher>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
  receiver = await startReceiver();
});
afterAll(async () => {
  await publisher?.stop();
  await shutdownLocalRunner();
  await receiver?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const INTERNAL_TYPES = ["candidate/resume.uploaded", "candidate/screen.requested", "webhook/delivery.requested", "webhook.test"];

interface EventItem {
  id: string;
  type: string;
  occurred_at: string;
  payload: Record<string, unknown> & { candidate?: { id: number } };
}

async function company(job: Parameters<typeof createTestCompany>[0] = {}): Promise<{ co: TestCompany; api: ApiClient }> {
  const co = await createTestCompany(job);
  return { co, api: apiClient(app.url, co) };
}

async function createCandidate(api: ApiClient, jobId: number, name = "Ada Lovelace"): Promise<number> {
  const res = await api.post("/candidates", { job_id: jobId, name, email: `${randomBytes(4).toString("hex")}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function move(api: ApiClient, id: number, stage: string): Promise<void> {
  const res = await api.patch(`/candidates/${id}`, { stage });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A careers-page application (the only source of candidate.applied), from an address of its own. */
async function apply(jobId: number, name: string, email: string): Promise<void> {
  const res = await fetch(`${app.url}/api/public/jobs/${jobId}/applications`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` },
    body: JSON.stringify({ name, email, phone: "+44 20 7946 0958" }),
  });
  expect(res.status, await res.text()).toBe(201);
}

/** Every page of GET /events?<query>, following next_cursor. */
async function all(api: ApiClient, query = "", limit = 100): Promise<{ items: EventItem[]; pages: number }> {
  const items: EventItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: { status: number; body: any } = await api.get(`/events?limit=${limit}${query ? `&${query}` : ""}${cursor ? `&cursor=${cursor}` : ""}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    items.push(...res.body.data);
    cursor = res.body.pagination.next_cursor;
    expect(res.body.pagination.has_more).toBe(cursor !== null);
    pages++;
  } while (cursor);
  return { items, pages };
}

const ids = async (api: ApiClient, query = "") => (await all(api, query)).items.map((e) => e.id);

/** The company's listed events as the database orders them: occurred_at, then id, descending. */
async function expectedOrder(companyId: number, where: Record<string, unknown> = {}): Promise<string[]> {
  const rows = await getPrisma().event.findMany({ where: { companyId, type: { in: [...WEBHOOK_EVENT_TYPES] }, ...where }, select: { id: true, occurredAt: true } });
  return rows.sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);
}

async function insertEvent(companyId: number, data: { type?: string; payload?: object; occurredAt?: Date } = {}) {
  return createPublishedEvent({ companyId, type: data.type ?? "candidate.stage_changed", payload: (data.payload ?? { candidate: { id: 1 } }) as object, occurredAt: data.occurredAt });
}

describe("GET /api/v1/events", () => {
  it("lists every subscribable event newest first, over several pages, each exactly once while new events arrive", async () => {
    // No webhook endpoint at all: events are listed whether or not anyone subscribed.
    const { co, api } = await company();
    const candidate = await createCandidate(api, co.jobId);
    const stages = ["applied", "phonescreen", "inprogress", "hired", "rejected", "applied", "phonescreen", "inprogress", "hired", "rejected", "applied", "phonescreen"];
    for (const stage of stages) await move(api, candidate, stage);
    const expected = await expectedOrder(co.id);
    expect(expected).toHaveLength(12);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let extra = 0;
    do {
      const res: { status: number; body: any } = await api.get(`/events?limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(5);
      seen.push(...res.body.data.map((e: EventItem) => e.id));
      cursor = res.body.pagination.next_cursor;
      expect(res.body.pagination.has_more).toBe(cursor !== null);
      // A newer event between pages belongs in front of the first page, never in a later one.
      await move(api, candidate, extra++ % 2 ? "applied" : "rejected");
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    const first = await api.get("/events?limit=1");
    expect(first.body.data[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: "candidate.stage_changed",
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      payload: expect.objectContaining({ event: "candidate.stage_changed", candidate: expect.objectContaining({ id: candidate }) }),
    });
    expect(first.body.data[0].payload.occurred_at).toBe(first.body.data[0].occurred_at);
    // Default page size 25.
    const page = await api.get("/events");
    expect(page.body.data).toHaveLength(15);
    expect(page.body.pagination).toEqual({ next_cursor: null, has_more: false });
  });

  it("pages through events of one instant (a bulk move) by id, none lost or repeated", async () => {
    const { co, api } = await company();
    const at = new Date(Date.now() - 60_000);
    for (let i = 0; i < 7; i++) await insertEvent(co.id, { occurredAt: at, payload: { candidate: { id: i + 1 } } });
    const later = await insertEvent(co.id, { occurredAt: new Date(at.getTime() + 1) });
    const earlier = await insertEvent(co.id, { occurredAt: new Date(at.getTime() - 1) });
    const { items, pages } = await all(api, "", 2);
    expect(pages).toBe(5);
    expect(items.map((e) => e.id)).toEqual(await expectedOrder(co.id));
    expect(items[0]!.id).toBe(later.id);
    expect(items.at(-1)!.id).toBe(earlier.id);
  });

  it("filters by type (one or a comma-separated list), created_after and candidate_id, alone and combined", async () => {
    const { co, api } = await company();
    const scoredJob = await addJob(co, { title: "Scored job", screening: { mode: "score", criteria: [{ type: "skill", value: "Go" }] } });
    await apply(co.jobId, "Grace Hopper", "grace@example.com");
    const grace = (await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email: "grace@example.com" } })).id;
    await move(api, grace, "phonescreen");
    const mark = (await getPrisma().event.findFirstOrThrow({ where: { companyId: co.id, type: "candidate.stage_changed" } })).occurredAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await move(api, grace, "inprogress");
    const ada = await createCandidate(api, scoredJob, "Ada Go");
    await move(api, ada, "phonescreen");
    // Ada is scored in the background (candidate.scored).
    await eventually(() => getPrisma().event.count({ where: { companyId: co.id, type: "candidate.scored" } }), 30_000);

    const byType = async (query: string) => (await all(api, query)).items.map((e) => e.type);
    expect(await byType("type=candidate.applied")).toEqual(["candidate.applied"]);
    expect(await byType("type=candidate.scored")).toEqual(["candidate.scored"]);
    expect(await byType("type=candidate.stage_changed")).toEqual(["candidate.stage_changed", "candidate.stage_changed", "candidate.stage_changed"]);
    expect(await ids(api, "type=candidate.applied,candidate.scored")).toEqual(await expectedOrder(co.id, { type: { in: ["candidate.applied", "candidate.scored"] } }));
    expect(await ids(api, "type=candidate.scored,%20candidate.applied,candidate.scored")).toEqual(await ids(api, "type=candidate.applied,candidate.scored"));
    expect(await ids(api, `type=${WEBHOOK_EVENT_TYPES.join(",")}`)).toEqual(await expectedOrder(co.id));

    const graceEvents = await ids(api, `candidate_id=${grace}`);
    expect(graceEvents).toEqual(await expectedOrder(co.id, { payload: { path: ["candidate", "id"], equals: grace } }));
    expect((await all(api, `candidate_id=${grace}`)).items.map((e) => e.type)).toEqual(["candidate.stage_changed", "candidate.stage_changed", "candidate.applied"]);
    expect((await all(api, `candidate_id=${ada}`)).items.map((e) => e.type).sort()).toEqual(["candidate.scored", "candidate.stage_changed"]);
    expect(await ids(api, "candidate_id=2147483647")).toEqual([]);

    const after = await all(api, `created_after=${mark.toISOString()}`);
    expect(after.items.map((e) => e.id)).toEqual(await expectedOrder(co.id, { occurredAt: { gt: mark } }));
    expect(after.items).toHaveLength(3);
    expect(after.items.every((e) => new Date(e.occurred_at) > mark)).toBe(true);
    expect(await ids(api, `created_after=${new Date(mark.getTime() - 1).toISOString()}&candidate_id=${grace}&type=candidate.stage_changed`)).toHaveLength(2);
    expect((await all(api, `created_after=${mark.toISOString()}&candidate_id=${grace}`)).items.map((e) => e.payload.candidate?.id)).toEqual([grace]);
    expect(await ids(api, `candidate_id=${ada}&type=candidate.applied`)).toEqual([]);
    expect(await ids(api, `created_after=${new Date(Date.now() + DAY).toISOString()}`)).toEqual([]);
    // Pagination within a filter.
    expect((await all(api, `candidate_id=${grace}`, 1)).items.map((e) => e.id)).toEqual(graceEvents);
  });

  it("refuses invalid filters, limits and cursors with 400", async () => {
    const { co, api } = await company();
    for (const type of ["webhook.test", "candidate/resume.uploaded", "candidate/screen.requested", "webhook/delivery.requested", "candidate.promoted", "", "candidate.applied,", "candidate.applied,,candidate.scored", "CANDIDATE.APPLIED"]) {
      const res = await api.get(`/events?type=${encodeURIComponent(type)}`);
      expect([res.status, res.body.error?.code], `type=${type}`).toEqual([400, "validation_error"]);
      expect(res.body.error.details.map((d: { field: string }) => d.field), `type=${type}`).toEqual(["type"]);
    }
    const unknown = await api.get("/events?type=candidate.applied,candidate.promoted");
    expect(unknown.body.error.details[0].message).toContain('"candidate.promoted"');
    for (const query of ["created_after=yesterday", "created_after=2026-11-21", "candidate_id=0", "candidate_id=abc", "candidate_id=0x10", "candidate_id=-1", "limit=0", "limit=101", "type=candidate.applied&type=candidate.scored", "unknown=1", "id=1"]) {
      const res = await api.get(`/events?${query}`);
      expect([res.status, res.body.error?.code], query).toEqual([400, "validation_error"]);
    }
    // Cursors: garbage, a cursor of an id-keyed list (candidates), and ours handed to one.
    await createCandidate(api, co.jobId, "One");
    await move(api, await createCandidate(api, co.jobId, "Two"), "applied");
    await insertEvent(co.id);
    const candidateCursor = (await api.get("/candidates?limit=1")).body.pagination.next_cursor;
    expect(candidateCursor).toEqual(expect.any(String));
    const forged = Buffer.from(JSON.stringify({ v: 1, at: "yesterday", id: "not-a-uuid" })).toString("base64url");
    for (const cursor of ["!!!", "eyJ2IjoxfQ", candidateCursor, forged]) {
      const res = await api.get(`/events?cursor=${cursor}`);
      expect([res.status, res.body.error?.code], cursor).toEqual([400, "bad_request"]);
    }
    const eventCursor = (await api.get("/events?limit=1")).body.pagination.next_cursor;
    expect(eventCursor).toEqual(expect.any(String));
    const mixed = await api.get(`/candidates?cursor=${eventCursor}`);
    expect([mixed.status, mixed.body.error?.code]).toEqual([400, "bad_request"]);
  });

  it("never lists internal events or webhook.test, and never another company's", async () => {
    const { co, api } = await company();
    const other = await company();
    const mine = await insertEvent(co.id, { payload: { candidate: { id: 7 } } });
    const internal = await Promise.all(INTERNAL_TYPES.map((type) => insertEvent(co.id, { type, payload: { candidate: { id: 7 }, candidate_id: 7 } })));
    // A real webhook.test, through the API.
    const endpoint = await api.post("/webhook_endpoints", { url: receiver.route().url });
    expect(endpoint.status).toBe(201);
    expect((await api.post(`/webhook_endpoints/${endpoint.body.data.id}/test`)).status).toBe(202);
    const theirs = await insertEvent(other.co.id, { payload: { candidate: { id: 7 } } });

    for (const query of ["", "candidate_id=7", `type=${WEBHOOK_EVENT_TYPES.join(",")}`]) {
      expect(await ids(api, query), query).toEqual([mine.id]);
      expect(await ids(other.api, query), query).toEqual([theirs.id]);
    }
    const listed = await getPrisma().event.findMany({ where: { companyId: co.id }, select: { type: true } });
    expect(listed.map((e) => e.type)).toContain("webhook.test");
    for (const event of internal) {
      const res = await api.get(`/events/${event.id}`);
      expect([res.status, res.body.error?.code], event.type).toEqual([404, "not_found"]);
    }
  });
});

describe("GET /api/v1/events/{id}", () => {
  it("answers one event as the list shows it; unknown, malformed and other companies' ids are 404 / 400", async () => {
    const { co, api } = await company();
    const other = await company();
    const candidate = await createCandidate(api, co.jobId);
    await move(api, candidate, "hired");
    const [listed] = (await api.get("/events")).body.data as EventItem[];
    const one = await api.get(`/events/${listed!.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ data: listed });
    expect(one.body.data.payload).toMatchObject({ event: "candidate.stage_changed", stage_change: { new_stage: "hired", changed_by: "api" } });
    // Upper-case hex names the same UUID.
    expect((await api.get(`/events/${listed!.id.toUpperCase()}`)).body).toEqual({ data: listed });

    for (const [client, id] of [
      [other.api, listed!.id],
      [api, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const res = await client.get(`/events/${id}`);
      expect([res.status, res.body.error?.code], id).toEqual([404, "not_found"]);
      expect(JSON.stringify(res.body)).not.toContain("Ada");
    }
    for (const id of ["1", "abc", `${listed!.id}x`, "00000000000000000000000000000000z"]) {
      const res = await api.get(`/events/${id}`);
      expect([res.status, res.body.error?.code], id).toEqual([400, "validation_error"]);
    }
    expect((await api.get(`/events/${listed!.id}?expand=1`)).status).toBe(400);
  });
});

describe("an event is what its webhook deliveries carry", () => {
  it("payload is byte for byte the body a real receiver got, and id its webhook-id header", async () => {
    const { co, api } = await company();
    const scoredJob = await addJob(co, { title: "Go developer", screening: { mode: "score", criteria: [{ type: "skill", value: "Go" }] } });
    const hook = receiver.route();
    const endpoint = await api.post("/webhook_endpoints", { url: hook.url });
    expect(endpoint.status).toBe(201);

    await apply(co.jobId, "Katherine Johnson", "kj@example.com");
    const kj = (await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email: "kj@example.com" } })).id;
    await move(api, kj, "phonescreen");
    await createCandidate(api, scoredJob, "Go Gopher");
    await publisher.flush();
    const received = await eventually(() => {
      const requests = hook.requests();
      return requests.length >= 3 && requests;
    }, 30_000);
    expect(received.map((r) => r.json.event).sort()).toEqual(["candidate.applied", "candidate.scored", "candidate.stage_changed"]);

    const { items } = await all(api);
    expect(items).toHaveLength(3);
    for (const request of received) {
      const id = request.headers["webhook-id"];
      const event = items.find((e) => e.id === id);
      expect(event, `webhook-id ${id} is an event id`).toBeDefined();
      expect(event!.type).toBe(request.json.event);
      expect(event!.occurred_at).toBe(request.json.occurred_at);
      // The same object, keys in the same order: the very bytes that were signed and sent.
      expect(JSON.stringify(event!.payload)).toBe(request.body);
      expect((await api.get(`/events/${id}`)).body.data.payload).toStrictEqual(request.json);
    }
    const applied = items.find((e) => e.type === "candidate.applied")!;
    expect(applied.payload).toMatchObject({ candidate: { id: kj, name: "Katherine Johnson", phone: "+442079460958", resume_url: null, fit_score: null }, company: { id: co.id } });

    // The delivery log names the same event ids.
    const deliveries = await api.get(`/webhook_endpoints/${endpoint.body.data.id}/deliveries`);
    expect(deliveries.body.data.map((d: { event_id: string }) => d.event_id).sort()).toEqual(items.map((e) => e.id).sort());
  });
});

describe("retention (EVENTS_RETENTION_DAYS, the events-retention schedule)", () => {
  it("deletes only events older than the retention, with their delivery logs, and keeps those a delivery still retries", async () => {
    const { co, api } = await company();
    const prisma = getPrisma();
    const endpoint = await api.post("/webhook_endpoints", { url: receiver.route().url });
    expect(endpoint.status).toBe(201);
    const endpointId = endpoint.body.data.id as number;
    const ago = (days: number) => new Date(Date.now() - days * DAY);

    const old = await insertEvent(co.id, { occurredAt: ago(31) });
    const oldInternal = await insertEvent(co.id, { type: "candidate/screen.requested", payload: { candidate_id: 1 }, occurredAt: ago(40) });
    const oldDelivered = await insertEvent(co.id, { type: "candidate.applied", payload: { candidate: { id: 1 } }, occurredAt: ago(45) });
    const delivered = await prisma.webhookDelivery.create({ data: { companyId: co.id, eventId: oldDelivered.id, endpointId, status: "succeeded", attemptCount: 1 } });
    const oldRetrying = await insertEvent(co.id, { occurredAt: ago(35) });
    const retrying = await prisma.webhookDelivery.create({
      data: { companyId: co.id, eventId: oldRetrying.id, endpointId, status: "pending", attemptCount: 3, nextAttemptAt: new Date(Date.now() + DAY) },
    });
    const recent = await insertEvent(co.id, { occurredAt: ago(29) });
    const fresh = await insertEvent(co.id);
    expect((await api.get(`/webhook_endpoints/${endpointId}/deliveries`)).body.data.map((d: { id: number }) => d.id).sort()).toEqual([delivered.id, retrying.id].sort());

    expect(await eventRetentionSchedule.run()).toBe(3);
    const left = await prisma.event.findMany({ where: { companyId: co.id }, select: { id: true } });
    expect(left.map((e) => e.id).sort()).toEqual([oldRetrying.id, recent.id, fresh.id].sort());
    for (const gone of [old, oldInternal, oldDelivered]) expect(await prisma.event.findUnique({ where: { id: gone.id } }), gone.type).toBeNull();
    for (const gone of [old, oldDelivered]) expect((await api.get(`/events/${gone.id}`)).status).toBe(404);
    expect(await ids(api)).toEqual([fresh.id, recent.id, oldRetrying.id]);
    // The delivery log of a deleted event goes with it; the retrying one stays.
    expect(await prisma.webhookDelivery.findUnique({ where: { id: delivered.id } })).toBeNull();
    expect((await api.get(`/webhook_endpoints/${endpointId}/deliveries`)).body.data.map((d: { id: number }) => d.id)).toEqual([retrying.id]);
    expect((await api.post(`/webhook_deliveries/${delivered.id}/redeliver`)).status).toBe(404);

    // Once its retries are over the event goes on the next pass; a second pass finds nothing else.
    await prisma.webhookDelivery.update({ where: { id: retrying.id }, data: { status: "failed", nextAttemptAt: null } });
    expect(await eventRetentionSchedule.run()).toBe(1);
    expect(await eventRetentionSchedule.run()).toBe(0);

    // EVENTS_RETENTION_DAYS shortens (or lengthens) it.
    vi.stubEnv("EVENTS_RETENTION_DAYS", "7");
    try {
      const tenDays = await insertEvent(co.id, { occurredAt: ago(10) });
      const sixDays = await insertEvent(co.id, { occurredAt: ago(6) });
      expect(await eventRetentionSchedule.run()).toBe(2);
      for (const gone of [tenDays, recent]) expect(await prisma.event.findUnique({ where: { id: gone.id } })).toBeNull();
      expect(await ids(api)).toEqual([fresh.id, sixDays.id]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
