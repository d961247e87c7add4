import { randomBytes, randomUUID } from "node:crypto";
import { createUser } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Interviews and members over real HTTP (issue 26 §2): GET /users, scheduling with the panel checked
 * against the company's members, conflicts, reschedule and cancel with their invitations (queued in
 * the request's transaction) and events, the list's filters and cursor, other companies' 404s, and
 * the interviews scopes. The invitations' calendar files themselves are parsed in
 * packages/worker/test/email/interview-invitations.test.ts.
 */
const app = useApiApp();

interface Company {
  co: TestCompany;
  api: ApiClient;
  members: { id: string; email: string; name: string }[];
  candidate: number;
}

const unique = () => randomBytes(4).toString("hex");

async function company(): Promise<Company> {
  const co = await createTestCompany();
  const api = apiClient(app.url, co);
  const members = [];
  for (const name of ["Grace Hopper", "Alan Turing", "Barbara Liskov"]) {
    const user = await createUser(getPrisma(), { companyId: co.id, email: `${name.split(" ")[0]!.toLowerCase()}-${unique()}@example.com`, password: "correct horse battery", name, role: "recruiter" });
    members.push({ id: user.id, email: user.email, name });
  }
  const res = await api.post("/candidates", { job_id: co.jobId, name: "Ada Lovelace", email: `ada-${unique()}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { co, api, members, candidate: res.body.data.id };
}

let A: Company;
let B: Company;
beforeAll(async () => {
  A = await company();
  B = await company();
});

function schedule(c: Company, body: Record<string, unknown> = {}) {
  return c.api.post("/interviews", {
    candidate_id: c.candidate,
    title: "Technical interview",
    start_at: "2030-03-04T09:00:00Z",
    end_at: "2030-03-04T10:00:00Z",
    time_zone: "Europe/Berlin",
    video_url: "https://meet.example.com/abc",
    interviewer_ids: [c.members[0]!.id],
    ...body,
  });
}

const emails = (companyId: number, after = 0) =>
  getPrisma().emailMessage.findMany({ where: { companyId, id: { gt: after } }, orderBy: { id: "asc" }, select: { id: true, toAddresses: true, subject: true, textBody: true, attachments: true } });
const lastEmailId = async (companyId: number) => (await getPrisma().emailMessage.findFirst({ where: { companyId }, orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0;
const ics = (message: { attachments: unknown }) => {
  const [attachment] = message.attachments as { content_type: string; content_base64: string }[];
  return { type: attachment!.content_type, text: Buffer.from(attachment!.content_base64, "base64").toString("utf8") };
};

async function interviewEvents(api: ApiClient, candidateId: number) {
  const res = await api.get(`/events?type=interview.scheduled,interview.updated,interview.canceled&candidate_id=${candidateId}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { type: string; payload: Record<string, any> }[]).reverse();
}

describe("GET /users", () => {
  it("lists the company's members as {id, name, email, role}, oldest first, only its own, page by page", async () => {
    const res = await A.api.get("/users");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = res.body.data.map((u: { id: string }) => u.id);
    for (const member of A.members) expect(res.body.data).toContainEqual({ id: member.id, name: member.name, email: member.email, role: "recruiter" });
    for (const member of B.members) expect(ids).not.toContain(member.id);
    for (const user of res.body.data) expect(Object.keys(user).sort()).toEqual(["email", "id", "name", "role"]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const pageRes: { status: number; body: any } = await A.api.get(`/users?limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(pageRes.status).toBe(200);
      seen.push(...pageRes.body.data.map((u: { id: string }) => u.id));
      cursor = pageRes.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect((await A.api.get("/users?cursor=nope")).status).toBe(400);
    expect((await A.api.get("/users?role=admin")).body.error.code).toBe("validation_error");
  });
});

describe("POST /interviews", () => {
  it("schedules the interview, queues one invitation per interviewer and one for the candidate, and sends interview.scheduled", async () => {
    const before = await lastEmailId(A.co.id);
    const res = await schedule(A, { interviewer_ids: [A.members[0]!.id, A.members[1]!.id], notify_candidate: true, location: "Room 4, Berlin; 2nd floor" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data;
    expect(data).toMatchObject({
      candidate_id: A.candidate,
      title: "Technical interview",
      start_at: "2030-03-04T09:00:00.000Z",
      end_at: "2030-03-04T10:00:00.000Z",
      time_zone: "Europe/Berlin",
      location: "Room 4, Berlin; 2nd floor",
      video_url: "https://meet.example.com/abc",
      notify_candidate: true,
      status: "scheduled",
      sequence: 0,
      canceled_at: null,
    });
    expect(data.interviewers.map((i: { id: string }) => i.id).sort()).toEqual([A.members[0]!.id, A.members[1]!.id].sort());

    const sent = await emails(A.co.id, before);
    expect(sent).toHaveLength(3);
    const to = sent.map((m) => m.toAddresses.join(",")).join("\n");
    for (const member of [A.members[0]!, A.members[1]!]) expect(to).toContain(member.email);
    const toCandidate = sent.find((m) => m.toAddresses.join(",").includes("ada-"))!;
    expect(toCandidate.textBody).not.toContain("/candidates/");
    for (const message of sent) {
      const file = ics(message);
      expect(file.type).toBe("text/calendar; charset=utf-8; method=REQUEST");
      expect(file.text).toContain("METHOD:REQUEST\r\n");
      expect(file.text).toContain("DTSTART;TZID=Europe/Berlin:20300304T100000\r\n");
      expect(file.text).toContain("LOCATION:Room 4\\, Berlin\\; 2nd floor\r\n");
    }
    // The candidate's copy names only the candidate; the panel's names the panel and the candidate.
    expect(ics(toCandidate).text).not.toContain(A.members[0]!.email);
    expect(ics(sent.find((m) => m !== toCandidate)!).text.replace(/\r\n /g, "")).toContain(A.members[1]!.email);

    const [event] = await interviewEvents(A.api, A.candidate).then((list) => list.filter((e) => e.payload.interview.id === data.id));
    expect(event!.type).toBe("interview.scheduled");
    expect(event!.payload).toMatchObject({ event: "interview.scheduled", interview: { id: data.id, sequence: 0, status: "scheduled" }, candidate: { id: A.candidate }, company: { id: A.co.id }, changed_by: "api" });
  });

  it("accepts start_at and end_at with an offset, and stores them in UTC", async () => {
    const res = await schedule(A, { start_at: "2030-03-05T10:00:00+01:00", end_at: "2030-03-05T11:30:00+01:00" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect([res.body.data.start_at, res.body.data.end_at]).toEqual(["2030-03-05T09:00:00.000Z", "2030-03-05T10:30:00.000Z"]);
  });

  // Intl.supportedValuesOf("timeZone") lists ICU's old ids only (Asia/Calcutta, Europe/Kiev): the
  // zone names people have today must schedule too, and a lower-case name is stored as the tz database writes it.
  it.each([
    ["Asia/Kolkata", "Asia/Kolkata"],
    ["Europe/Kyiv", "Europe/Kyiv"],
    ["UTC", "UTC"],
    ["europe/berlin", "Europe/Berlin"],
  ])("takes the time zone %s (stored as %s) and writes it in the invitation", async (given, stored) => {
    const before = await lastEmailId(A.co.id);
    const res = await schedule(A, { time_zone: given });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.time_zone).toBe(stored);
    const [invitation] = await emails(A.co.id, before);
    expect(ics(invitation!).text).toContain(`TZID=${stored}:`);
  });

  it.each([
    ["end before start", { end_at: "2030-03-04T08:00:00Z" }, "end_at"],
    ["end equal to start", { end_at: "2030-03-04T09:00:00Z" }, "end_at"],
    ["longer than 12 hours", { end_at: "2030-03-04T21:00:01Z" }, "end_at"],
    ["an unknown time zone", { time_zone: "Mars/Olympus_Mons" }, "time_zone"],
    ["an offset instead of a zone", { time_zone: "+01:00" }, "time_zone"],
    ["a date without a time", { start_at: "2030-03-04" }, "start_at"],
    ["a year out of range", { start_at: "1999-12-31T09:00:00Z" }, "start_at"],
    ["no interviewers", { interviewer_ids: [] }, "interviewer_ids"],
    ["an interviewer that is not a UUID", { interviewer_ids: ["42"] }, "interviewer_ids[0]"],
    ["an empty title", { title: "  " }, "title"],
    ["a javascript: video URL", { video_url: "javascript:alert(1)" }, "video_url"],
    ["notify_candidate as a string", { notify_candidate: "false" }, "notify_candidate"],
    ["an unknown field", { room: "4" }, ""],
  ])("refuses %s with 400 and writes nothing", async (_name, body, field) => {
    const before = await getPrisma().interview.count({ where: { companyId: A.co.id } });
    const res = await schedule(A, body);
    expect([res.status, res.body.error?.code], JSON.stringify(res.body)).toEqual([400, "validation_error"]);
    if (field) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await getPrisma().interview.count({ where: { companyId: A.co.id } })).toBe(before);
  });

  it("refuses interviewers who are not members of the company with a 400 naming each id", async () => {
    const stranger = randomUUID();
    const theirs = B.members[0]!.id;
    const res = await schedule(A, { interviewer_ids: [A.members[0]!.id, theirs, stranger] });
    expect([res.status, res.body.error.code]).toEqual([400, "validation_error"]);
    expect(res.body.error.details).toEqual([
      { field: "interviewer_ids[1]", message: expect.stringContaining(theirs) },
      { field: "interviewer_ids[2]", message: expect.stringContaining(stranger) },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(B.members[0]!.email);
  });

  it("answers 404 for another company's candidate, and 400 when the candidate to notify has no e-mail", async () => {
    const res = await schedule(A, { candidate_id: B.candidate });
    expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    const nameless = await A.api.post("/candidates", { job_id: A.co.jobId, name: "No Mail" });
    const noMail = await schedule(A, { candidate_id: nameless.body.data.id, notify_candidate: true });
    expect([noMail.status, noMail.body.error.details[0].field]).toEqual([400, "notify_candidate"]);
    expect((await schedule(A, { candidate_id: nameless.body.data.id })).status).toBe(201);
  });
});

describe("conflicts", () => {
  it("lists overlapping scheduled interviews of the same interviewers, not touching or canceled ones", async () => {
    const c = await company();
    const [grace, alan, barbara] = c.members;
    const first = (await schedule(c, { start_at: "2031-05-06T09:00:00Z", end_at: "2031-05-06T10:00:00Z", interviewer_ids: [grace!.id, alan!.id] })).body.data;
    expect(first.conflicts).toEqual([]);
    const touching = await schedule(c, { start_at: "2031-05-06T10:00:00Z", end_at: "2031-05-06T11:00:00Z", interviewer_ids: [grace!.id] });
    expect(touching.body.data.conflicts).toEqual([]);
    const overlapping = await schedule(c, { start_at: "2031-05-06T09:30:00Z", end_at: "2031-05-06T10:30:00Z", interviewer_ids: [alan!.id, barbara!.id, grace!.id] });
    expect(overlapping.status).toBe(201);
    const expected = [
      { interviewer_id: alan!.id, interview_id: first.id, start_at: first.start_at, end_at: first.end_at },
      { interviewer_id: grace!.id, interview_id: first.id, start_at: first.start_at, end_at: first.end_at },
      { interviewer_id: grace!.id, interview_id: touching.body.data.id, start_at: touching.body.data.start_at, end_at: touching.body.data.end_at },
    ];
    const sort = (list: { interviewer_id: string; interview_id: number }[]) => [...list].sort((x, y) => x.interviewer_id.localeCompare(y.interviewer_id) || x.interview_id - y.interview_id);
    expect(sort(overlapping.body.data.conflicts)).toEqual(sort(expected));
    expect(sort((await c.api.get(`/interviews/${overlapping.body.data.id}`)).body.data.conflicts)).toEqual(sort(expected));

    await c.api.call("DELETE", `/interviews/${first.id}`);
    expect((await c.api.get(`/interviews/${overlapping.body.data.id}`)).body.data.conflicts).toEqual([expected[2]]);
    expect((await c.api.get(`/interviews/${first.id}`)).body.data.conflicts).toEqual([]);
  });
});

describe("PATCH and DELETE /interviews/{id}", () => {
  it("reschedules with a raised sequence and the same UID, re-invites, cancels removed interviewers, and sends interview.updated", async () => {
    const created = (await schedule(A, { interviewer_ids: [A.members[0]!.id, A.members[1]!.id], notify_candidate: true })).body.data;
    const uid = ics((await emails(A.co.id, (await lastEmailId(A.co.id)) - 1))[0]!).text.match(/UID:(.+)\r\n/)![1];
    const before = await lastEmailId(A.co.id);
    const res = await A.api.patch(`/interviews/${created.id}`, { start_at: "2030-03-04T13:00:00Z", end_at: "2030-03-04T14:00:00Z", interviewer_ids: [A.members[0]!.id, A.members[2]!.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, sequence: 1, start_at: "2030-03-04T13:00:00.000Z", status: "scheduled" });
    const sent = await emails(A.co.id, before);
    // Grace and Barbara (new) get the update, the candidate too; Alan (taken off) a cancellation.
    expect(sent).toHaveLength(4);
    for (const message of sent) {
      const file = ics(message).text;
      expect(file).toContain(`UID:${uid}\r\n`);
      expect(file).toContain("SEQUENCE:1\r\n");
      const toAlan = message.toAddresses.join().includes(A.members[1]!.email);
      expect(file).toContain(toAlan ? "METHOD:CANCEL\r\n" : "METHOD:REQUEST\r\n");
    }

    const events = (await interviewEvents(A.api, A.candidate)).filter((e) => e.payload.interview.id === created.id);
    expect(events.map((e) => e.type)).toEqual(["interview.scheduled", "interview.updated"]);
    expect(events[1]!.payload.changed_fields).toEqual(["start_at", "end_at", "interviewer_ids"]);

    // The same values again: nothing changes, nothing is sent.
    const again = await A.api.patch(`/interviews/${created.id}`, { start_at: "2030-03-04T13:00:00Z", title: "Technical interview" });
    expect(again.body.data.sequence).toBe(1);
    expect(await lastEmailId(A.co.id)).toBe(sent.at(-1)!.id);
    const invalid = await A.api.patch(`/interviews/${created.id}`, { end_at: "2030-03-04T12:00:00Z" });
    expect([invalid.status, invalid.body.error.code]).toEqual([400, "validation_error"]);
    expect((await A.api.patch(`/interviews/${created.id}`, { interviewer_ids: [B.members[0]!.id] })).status).toBe(400);
  });

  it("cancels: kept with status canceled, a raised sequence, a CANCEL to everyone, interview.canceled; again changes nothing; no edits afterwards", async () => {
    const created = (await schedule(A, { notify_candidate: true })).body.data;
    const before = await lastEmailId(A.co.id);
    const res = await A.api.call("DELETE", `/interviews/${created.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, status: "canceled", sequence: 1, canceled_at: expect.any(String) });
    const sent = await emails(A.co.id, before);
    expect(sent).toHaveLength(2);
    for (const message of sent) {
      expect(ics(message).type).toBe("text/calendar; charset=utf-8; method=CANCEL");
      expect(ics(message).text).toContain("METHOD:CANCEL\r\n");
      expect(ics(message).text).toContain("STATUS:CANCELLED\r\n");
    }
    const last = await lastEmailId(A.co.id);
    const again = await A.api.call("DELETE", `/interviews/${created.id}`);
    expect([again.status, again.body.data.sequence]).toEqual([200, 1]);
    expect(await lastEmailId(A.co.id)).toBe(last);
    const edit = await A.api.patch(`/interviews/${created.id}`, { title: "Again" });
    expect([edit.status, edit.body.error.code]).toEqual([409, "conflict"]);
    expect((await A.api.get(`/interviews/${created.id}`)).body.data.status).toBe("canceled");
    const types = (await interviewEvents(A.api, A.candidate)).filter((e) => e.payload.interview.id === created.id).map((e) => e.type);
    expect(types).toEqual(["interview.scheduled", "interview.canceled"]);
  });
});

describe("GET /interviews", () => {
  it("filters by candidate, interviewer and time, earliest first, page by page", async () => {
    const c = await company();
    const other = (await c.api.post("/candidates", { job_id: c.co.jobId, name: "Other", email: `o-${unique()}@example.com` })).body.data.id;
    const at = (day: number, hour: number) => `2032-01-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00Z`;
    const made: { id: number; candidate: number; interviewer: string; start: string }[] = [];
    for (const [day, candidate, interviewer] of [[3, c.candidate, 0], [1, c.candidate, 1], [2, other, 0], [5, c.candidate, 0], [4, other, 2]] as const) {
      const res = await schedule(c, { candidate_id: candidate, start_at: at(day, 9), end_at: at(day, 10), interviewer_ids: [c.members[interviewer]!.id] });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push({ id: res.body.data.id, candidate, interviewer: c.members[interviewer]!.id, start: at(day, 9) });
    }
    const ids = async (query: string) => {
      const res = await c.api.get(`/interviews?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((i: { id: number }) => i.id);
    };
    const byStart = [...made].sort((x, y) => x.start.localeCompare(y.start));
    expect(await ids("")).toEqual(byStart.map((m) => m.id));
    expect(await ids(`candidate_id=${c.candidate}`)).toEqual(byStart.filter((m) => m.candidate === c.candidate).map((m) => m.id));
    expect(await ids(`interviewer_id=${c.members[0]!.id}`)).toEqual(byStart.filter((m) => m.interviewer === c.members[0]!.id).map((m) => m.id));
    // from: ending after; to: starting before.
    expect(await ids(`from=${at(2, 10)}&to=${at(4, 9)}`)).toEqual(byStart.filter((m) => m.start >= at(3, 0) && m.start < at(4, 0)).map((m) => m.id));
    expect(await ids(`from=${encodeURIComponent("2032-01-02T10:30:00+01:00")}`)).toEqual(byStart.filter((m) => m.start >= at(2, 0)).map((m) => m.id));

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: any } = await c.api.get(`/interviews?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...res.body.data.map((i: { id: number }) => i.id));
      cursor = res.body.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual(byStart.map((m) => m.id));

    for (const bad of ["candidate_id=abc", "interviewer_id=42", "from=yesterday", "limit=0", "cursor=%%%", "status=canceled"]) {
      const res = await c.api.get(`/interviews?${bad}`);
      expect([res.status, ["validation_error", "bad_request"].includes(res.body.error.code)], bad).toEqual([400, true]);
    }
    // Another company sees none of them.
    const listedForB = (await B.api.get("/interviews?limit=100")).body.data.map((i: { id: number }) => i.id);
    for (const m of made) expect(listedForB).not.toContain(m.id);
    const theirs = await B.api.get(`/interviews?candidate_id=${c.candidate}`);
    expect(theirs.body.data).toEqual([]);
  });
});

describe("another company's interview", () => {
  it("is a 404 to GET, PATCH and DELETE, and stays as it was", async () => {
    const created = (await schedule(A)).body.data;
    const row = await getPrisma().interview.findUniqueOrThrow({ where: { id: created.id } });
    for (const res of [await B.api.get(`/interviews/${created.id}`), await B.api.patch(`/interviews/${created.id}`, { title: "Mine now" }), await B.api.call("DELETE", `/interviews/${created.id}`)]) {
      expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    }
    expect(await getPrisma().interview.findUniqueOrThrow({ where: { id: created.id } })).toEqual(row);
  });
});

describe("scopes", () => {
  it("a key without interviews:write is refused a schedule with 403 and the envelope; interviews:read lists; users:read lists members", async () => {
    const reader = apiClient(app.url, await addApiKey(A.co, ["interviews:read", "candidates:read"], "interview reader"));
    const before = await getPrisma().interview.count({ where: { companyId: A.co.id } });
    const res = await reader.post("/interviews", { candidate_id: A.candidate });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: { code: "forbidden", message: expect.stringContaining("interviews:write") } });
    expect(await getPrisma().interview.count({ where: { companyId: A.co.id } })).toBe(before);
    expect((await reader.get("/interviews")).status).toBe(200);
    const users = await reader.get("/users");
    expect([users.status, users.body.error.message]).toEqual([403, expect.stringContaining("users:read")]);
    const noRead = apiClient(app.url, await addApiKey(A.co, ["users:read"], "members only"));
    expect((await noRead.get("/users")).status).toBe(200);
    expect((await noRead.get("/interviews")).status).toBe(403);
  });
});

describe("a candidate's erasure", () => {
  it("takes their interviews, invitations and interview events with them", async () => {
    const c = await company();
    const created = (await schedule(c, { notify_candidate: true })).body.data;
    await c.api.patch(`/interviews/${created.id}`, { title: "Renamed" });
    expect((await interviewEvents(c.api, c.candidate)).length).toBe(2);
    expect(await getPrisma().emailMessage.count({ where: { companyId: c.co.id, candidateId: c.candidate } })).toBeGreaterThan(0);
    const erased = await c.api.call("DELETE", `/candidates/${c.candidate}`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(204);
    expect(await getPrisma().interview.count({ where: { companyId: c.co.id } })).toBe(0);
    expect(await getPrisma().interviewInterviewer.count({ where: { companyId: c.co.id } })).toBe(0);
    expect(await getPrisma().emailMessage.count({ where: { companyId: c.co.id, candidateId: c.candidate } })).toBe(0);
    expect(await getPrisma().event.count({ where: { companyId: c.co.id, type: { startsWith: "interview." } } })).toBe(0);
    expect((await c.api.get(`/interviews/${created.id}`)).status).toBe(404);
  });
});
