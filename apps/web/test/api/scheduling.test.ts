import { randomBytes } from "node:crypto";
import { createUser } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Scheduling links over real HTTP against the production build (issue 42): availability's 400s, the
 * link's create / get / list / revoke with the envelope and another company's ids 404, and the
 * candidate's public API — slots in a zone, book (201), a second booking 409, reschedule, cancel,
 * revoked 410, unknown 404, bad bodies 400. The slot rules over fixed instants, the race and the
 * least-loaded choice are in packages/core/test/scheduling.
 */
const app = useApiApp();
const unique = () => randomBytes(4).toString("hex");
const EVERY_DAY = (["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const).map((day) => ({ day, start: "00:00", end: "24:00" }));

interface Company {
  co: TestCompany;
  api: ApiClient;
  member: string;
}

async function company(): Promise<Company> {
  const co = await createTestCompany();
  const user = await createUser(getPrisma(), { companyId: co.id, email: `member-${unique()}@example.com`, password: "correct horse battery staple", name: "Mia Member", role: "recruiter" });
  const api = apiClient(app.url, co);
  // Free around the clock, so the test finds slots whatever day it runs.
  const res = await api.call("PUT", `/users/${user.id}/availability`, { time_zone: "UTC", working_hours: EVERY_DAY });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { co, api, member: user.id };
}

async function candidate(c: Company, email: string | null = `cand-${unique()}@example.com`): Promise<number> {
  const res = await c.api.post("/candidates", { job_id: c.co.jobId, name: "Ada Lovelace", ...(email ? { email } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

function window(days = 7) {
  const from = new Date(Date.now() + 2 * 86_400_000);
  return { from: from.toISOString(), to: new Date(from.getTime() + days * 86_400_000).toISOString() };
}

async function link(c: Company, extra: Record<string, unknown> = {}) {
  const res = await c.api.post("/scheduling_links", { candidate_id: await candidate(c), title: "Technical interview", duration_minutes: 45, interviewer_ids: [c.member], ...window(), min_notice_hours: 0, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...res.body.data, token: (res.body.data.url as string).split("/schedule/")[1]! };
}

async function publicCall(method: "GET" | "POST", path: string, body?: unknown) {
  const res = await fetch(`${app.url}/api/public/scheduling/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}

let A: Company;
let B: Company;
beforeAll(async () => {
  [A, B] = await Promise.all([company(), company()]);
});

describe("PUT /api/v1/users/{id}/availability", () => {
  it.each([
    ["an unknown zone", { time_zone: "Mars/Olympus", working_hours: EVERY_DAY }, "time_zone"],
    ["a time that is not HH:MM", { time_zone: "UTC", working_hours: [{ day: "mon", start: "9am", end: "17:00" }] }, "working_hours[0].start"],
    ["an unknown day", { time_zone: "UTC", working_hours: [{ day: "monday", start: "09:00", end: "17:00" }] }, "working_hours[0].day"],
    ["overlapping ranges", { time_zone: "UTC", working_hours: [{ day: "mon", start: "09:00", end: "12:00" }, { day: "mon", start: "11:00", end: "13:00" }] }, "working_hours[1]"],
    ["a buffer over four hours", { time_zone: "UTC", working_hours: EVERY_DAY, buffer_minutes: 500 }, "buffer_minutes"],
    ["a calendar address that is not a web address", { time_zone: "UTC", working_hours: EVERY_DAY, busy_calendar_url: "javascript:alert(1)" }, "busy_calendar_url"],
  ])("refuses %s with 400 naming the field", async (_name, body, field) => {
    const res = await A.api.call("PUT", `/users/${A.member}/availability`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.details.map((d: { field: string }) => d.field).join(" ")).toContain(field);
  });

  it("reads back what was set; another company's member is a 404", async () => {
    const res = await A.api.get(`/users/${A.member}/availability`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: A.member, time_zone: "UTC", is_default: false, busy_calendar: { connected: false } });
    expect((await B.api.get(`/users/${A.member}/availability`)).status).toBe(404);
    expect((await B.api.call("PUT", `/users/${A.member}/availability`, { time_zone: "UTC", working_hours: EVERY_DAY })).status).toBe(404);
  });
});

describe("/api/v1/scheduling_links", () => {
  it.each([
    ["a duration under 15 minutes", { duration_minutes: 10 }, "duration_minutes"],
    ["a slot interval that is not 15, 30 or the duration", { slot_interval_minutes: 20 }, "slot_interval_minutes"],
    ["a window over 60 days", { ...window(90) }, "to"],
    ["a window that ends before it starts", { from: "2031-01-10T00:00:00Z", to: "2031-01-01T00:00:00Z" }, "to"],
    ["no interviewer", { interviewer_ids: [] }, "interviewer_ids"],
    ["an unknown field", { pool: [] }, ""],
    // Found by the tRPC fuzz: PostgreSQL's json refuses it where the title is copied into the e-mail's activity (a 500).
    ["half a UTF-16 surrogate pair in the title", { title: "Call \udcce" }, "title"],
  ])("refuses %s with 400", async (_name, change, field) => {
    const res = await A.api.post("/scheduling_links", { candidate_id: await candidate(A), title: "Call", duration_minutes: 30, interviewer_ids: [A.member], ...change });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    if (field) expect(res.body.error.details.map((d: { field: string }) => d.field).join(" ")).toContain(field);
  });

  it("creates (201) with the candidate's url, lists and reads it, revokes it; another company's ids are 404", async () => {
    const created = await link(A);
    expect(created).toMatchObject({ status: "open", duration_minutes: 45, slot_interval_minutes: 30, interviewer_ids: [A.member], reschedules_left: 3, notify_candidate: true });
    expect(created.url).toMatch(/\/schedule\/[A-Za-z0-9_-]{43}$/);
    expect((await A.api.get(`/scheduling_links/${created.id}`)).body.data.id).toBe(created.id);
    const listed = await A.api.get(`/scheduling_links?candidate_id=${created.candidate_id}`);
    expect(listed.body.data.map((l: { id: number }) => l.id)).toEqual([created.id]);
    expect((await B.api.get(`/scheduling_links/${created.id}`)).status).toBe(404);
    expect((await B.api.call("DELETE", `/scheduling_links/${created.id}`)).status).toBe(404);
    const foreignPool = await B.api.post("/scheduling_links", { candidate_id: await candidate(B), title: "Call", duration_minutes: 30, interviewer_ids: [A.member] });
    expect([foreignPool.status, foreignPool.body.error.details[0].field]).toEqual([400, "interviewer_ids[0]"]);
    const foreignCandidate = await B.api.post("/scheduling_links", { candidate_id: created.candidate_id, title: "Call", duration_minutes: 30, interviewer_ids: [B.member] });
    expect(foreignCandidate.status).toBe(404);
    const revoked = await A.api.call("DELETE", `/scheduling_links/${created.id}`);
    expect([revoked.status, revoked.body.data.status]).toEqual([200, "revoked"]);
    const gone = await publicCall("GET", `${created.token}/slots`);
    expect([gone.status, gone.body.error.code]).toEqual([410, "gone"]);
  });
});

describe("/api/public/scheduling/{token}", () => {
  it("shows the slots in a zone, books one (201), refuses a second booking (409), reschedules and cancels", async () => {
    const created = await link(A);
    const page = await publicCall("GET", created.token);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.body.data).toMatchObject({ status: "open", title: "Technical interview", duration_minutes: 45, booking: null });

    const slots = await publicCall("GET", `${created.token}/slots?time_zone=Asia/Tokyo`);
    expect(slots.status).toBe(200);
    expect(slots.body.data.time_zone).toBe("Asia/Tokyo");
    const [first, second, third] = slots.body.data.slots as { start_at: string; end_at: string }[];
    expect(first && second && third, "slots on a member free around the clock").toBeTruthy();
    expect(new Date(first!.end_at).getTime() - new Date(first!.start_at).getTime()).toBe(45 * 60_000);

    const booked = await publicCall("POST", `${created.token}/book`, { start_at: first!.start_at, time_zone: "Asia/Tokyo" });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body.data).toMatchObject({ status: "booked", booking: { start_at: first!.start_at, time_zone: "Asia/Tokyo", interviewer: { name: "Mia Member" } } });
    const again = await publicCall("POST", `${created.token}/book`, { start_at: second!.start_at });
    expect([again.status, again.body.error.code]).toEqual([409, "conflict"]);

    const interviewId = (await A.api.get(`/scheduling_links/${created.id}`)).body.data.interview_id;
    const interview = (await A.api.get(`/interviews/${interviewId}`)).body.data;
    expect(interview).toMatchObject({ scheduled_by: "candidate", start_at: first!.start_at, sequence: 0 });

    const moved = await publicCall("POST", `${created.token}/reschedule`, { start_at: third!.start_at });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.booking.start_at).toBe(third!.start_at);
    expect((await A.api.get(`/interviews/${interviewId}`)).body.data).toMatchObject({ start_at: third!.start_at, sequence: 1 });

    const canceled = await publicCall("POST", `${created.token}/cancel`);
    expect([canceled.status, canceled.body.data.status]).toEqual([200, "canceled"]);
    expect((await A.api.get(`/interviews/${interviewId}`)).body.data.status).toBe("canceled");
  });

  it("answers a taken slot 409, a bad body or zone 400, an unknown link 404", async () => {
    const created = await link(A);
    const slots = (await publicCall("GET", `${created.token}/slots`)).body.data.slots as { start_at: string }[];
    // A time off the grid is not a slot.
    const offGrid = new Date(new Date(slots[0]!.start_at).getTime() + 7 * 60_000).toISOString();
    const refused = await publicCall("POST", `${created.token}/book`, { start_at: offGrid });
    expect([refused.status, refused.body.error.code]).toEqual([409, "conflict"]);
    expect((await publicCall("GET", `${created.token}/slots?time_zone=Nowhere/Else`)).status).toBe(400);
    expect((await publicCall("POST", `${created.token}/book`, { start_at: "tomorrow" })).status).toBe(400);
    expect((await publicCall("POST", `${created.token}/book`, "{not json")).status).toBe(400);
    expect((await publicCall("POST", `${created.token}/book`, { start_at: slots[0]!.start_at, extra: 1 })).status).toBe(400);
    const unknown = await publicCall("GET", `${"x".repeat(43)}/slots`);
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "not_found"]);
    expect((await publicCall("GET", "short")).status).toBe(404);
  });
});
