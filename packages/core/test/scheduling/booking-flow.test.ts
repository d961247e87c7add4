import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  bookSlot,
  cancelBooking,
  createCandidate,
  createCompany,
  createJob,
  createSchedulingLink,
  createUser,
  eraseCandidate,
  getAvailability,
  getPublicSchedulingLink,
  getPublicSlots,
  panelFreeSlots,
  putAvailability,
  rescheduleSlot,
  revokeSchedulingLink,
  systemContext,
} from "../../src/index.ts";
import { type ServiceContext } from "../../src/kernel/context.ts";
import { type UserRole } from "../../src/kernel/roles.ts";

/**
 * Self-scheduling through core's services on a real database (issue 42): availability and its 400s
 * and roles, a busy calendar served by a local HTTP server, a link e-mailed to the candidate, the
 * slots a candidate sees, two bookings of one slot at once (one wins, one 409), the least-loaded
 * member, reschedule (same calendar event, higher SEQUENCE, at most three) and cancel, revoked and
 * expired links (410), an unknown one (404), and erasure. Every call passes a fixed `now`, in a week
 * of January 2030 (Monday the 7th), so the slots are exact instants.
 */
const prisma = getPrisma();
const tag = randomBytes(4).toString("hex");
const NOW = new Date("2030-01-01T00:00:00Z");
const MON = "2030-01-07";
let companyId: number;
let jobId: number;
let system: ServiceContext;
let feed: Server;
let feedUrl: string;
const m: Record<"owner" | "ana" | "ben" | "cleo" | "rita", { id: string; svc: ServiceContext }> = {} as never;

// Ana's calendar: busy Monday 10:00–11:00 Berlin (09:00–10:00Z), and a free (transparent) event at 11:00.
const FEED = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//EN",
  "BEGIN:VEVENT",
  "UID:busy-1@test",
  "DTSTAMP:20291201T000000Z",
  "DTSTART;TZID=Europe/Berlin:20300107T100000",
  "DTEND;TZID=Europe/Berlin:20300107T110000",
  "SUMMARY:Dentist",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:free-1@test",
  "DTSTAMP:20291201T000000Z",
  "DTSTART;TZID=Europe/Berlin:20300107T110000",
  "DTEND;TZID=Europe/Berlin:20300107T120000",
  "TRANSP:TRANSPARENT",
  "SUMMARY:Focus time",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

async function member(name: string, role: UserRole) {
  const user = await createUser(prisma, { companyId, email: `${name.toLowerCase()}-${tag}@example.com`, password: "correct horse battery staple", name, role });
  return { id: user.id, svc: { ...systemContext(prisma, companyId, { type: "user", userId: user.id }), role } };
}

async function candidate(name: string, email: string | null = `${name.toLowerCase().replace(/\W/g, "")}-${tag}@example.com`) {
  return (await createCandidate(system, { job_id: jobId, name, ...(email ? { email } : {}) }, { source: "public_api" })).id;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "expected a refusal").toBeInstanceOf(AppError);
  return error as AppError;
}

const tokenOf = (url: string) => url.split("/schedule/")[1]!;
const at = (time: string) => `${MON}T${time}:00.000Z`;
const berlinMornings = [{ day: "mon" as const, start: "09:00", end: "12:00" }, { day: "tue" as const, start: "09:00", end: "12:00" }];

async function link(candidateId: number, pool: string[], extra: Record<string, unknown> = {}) {
  return createSchedulingLink(
    m.owner.svc,
    { candidate_id: candidateId, title: "Technical interview", duration_minutes: 60, interviewer_ids: pool, from: `${MON}T00:00:00Z`, to: "2030-01-09T00:00:00Z", min_notice_hours: 24, ...extra },
    NOW,
  );
}

beforeAll(async () => {
  feed = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
    res.end(FEED);
  });
  await new Promise<void>((resolve) => feed.listen(0, "127.0.0.1", resolve));
  feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/ana.ics`;
  companyId = (await createCompany(prisma, { name: `Scheduling ${tag}` })).id;
  await prisma.company.update({ where: { id: companyId }, data: { timeZone: "Europe/Berlin" } });
  system = systemContext(prisma, companyId);
  jobId = (await createJob(system, { title: "Platform Engineer" })).id;
  m.owner = await member("Olga", "owner");
  m.ana = await member("Ana", "interviewer");
  m.ben = await member("Ben", "recruiter");
  m.cleo = await member("Cleo", "interviewer");
  m.rita = await member("Rita", "recruiter");
});
afterAll(async () => {
  await new Promise<void>((resolve) => feed.close(() => resolve()));
});

describe("availability", () => {
  it("defaults to Mon–Fri 09:00–17:00 in the company's zone until set", async () => {
    const view = await getAvailability(m.owner.svc, m.ana.id, NOW);
    expect(view).toMatchObject({ time_zone: "Europe/Berlin", is_default: true, buffer_minutes: 0, max_interviews_per_day: null, busy_calendar_url: null });
    expect(view.working_hours).toHaveLength(5);
    expect(view.working_hours[0]).toEqual({ day: "mon", start: "09:00", end: "17:00" });
  });

  it("refuses an unknown zone, an end before its start and overlapping ranges, naming each", async () => {
    const bad = await refusal(putAvailability(m.ana.svc, { id: m.ana.id, time_zone: "Mars/Olympus", working_hours: berlinMornings }, NOW));
    expect(bad.code).toBe("validation_error");
    expect(bad.details?.map((d) => d.field)).toContain("time_zone");
    const backwards = await refusal(putAvailability(m.ana.svc, { id: m.ana.id, time_zone: "Europe/Berlin", working_hours: [{ day: "mon", start: "12:00", end: "09:00" }] }, NOW));
    expect(backwards.details?.[0]?.field).toMatch(/^working_hours\[0\]/);
    const overlap = await refusal(
      putAvailability(m.ana.svc, { id: m.ana.id, time_zone: "Europe/Berlin", working_hours: [{ day: "mon", start: "09:00", end: "12:00" }, { day: "mon", start: "11:00", end: "13:00" }] }, NOW),
    );
    expect(overlap.details?.some((d) => /overlap/i.test(d.message))).toBe(true);
  });

  it("is the member's own (and owners' and admins'): a recruiter cannot edit another member's, nor read their calendar's address", async () => {
    expect((await refusal(putAvailability(m.ben.svc, { id: m.ana.id, time_zone: "Europe/Berlin", working_hours: berlinMornings }, NOW))).code).toBe("forbidden");
    const saved = await putAvailability(m.ana.svc, { id: m.ana.id, time_zone: "Europe/Berlin", working_hours: berlinMornings, buffer_minutes: 0, busy_calendar_url: feedUrl }, NOW);
    expect(saved).toMatchObject({ is_default: false, busy_calendar_url: feedUrl, busy_calendar: { connected: true, error: null, stale: false, fetched_at: NOW.toISOString() } });
    const seenByRecruiter = await getAvailability(m.ben.svc, m.ana.id, NOW);
    expect(seenByRecruiter.busy_calendar_url).toBeNull();
    expect(seenByRecruiter.busy_calendar.connected).toBe(true);
    expect((await refusal(getAvailability(m.ana.svc, m.cleo.id, NOW))).code).toBe("forbidden");
  });

  it("refuses a calendar address that does not answer iCalendar", async () => {
    const wrong = await refusal(putAvailability(m.cleo.svc, { id: m.cleo.id, time_zone: "Europe/Berlin", working_hours: berlinMornings, busy_calendar_url: "http://127.0.0.1:1/none.ics" }, NOW));
    expect(wrong.details?.[0]?.field).toBe("busy_calendar_url");
    await putAvailability(m.owner.svc, { id: m.cleo.id, time_zone: "Europe/Berlin", working_hours: berlinMornings }, NOW);
    await putAvailability(m.owner.svc, { id: m.ben.id, time_zone: "America/New_York", working_hours: [{ day: "mon", start: "09:00", end: "12:00" }] }, NOW);
  });
});

describe("a scheduling link", () => {
  let linkId: number;
  let token: string;
  let candidateId: number;

  it("is created with its pool and e-mailed to the candidate with the company's template, and audited", async () => {
    candidateId = await candidate("Zoë Link");
    const created = await link(candidateId, [m.ana.id, m.ben.id]);
    linkId = created.id;
    token = tokenOf(created.url);
    expect(created).toMatchObject({ status: "open", duration_minutes: 60, slot_interval_minutes: 30, min_notice_hours: 24, reschedules_left: 3, interview_id: null });
    expect(created.interviewer_ids.sort()).toEqual([m.ana.id, m.ben.id].sort());
    const mail = await prisma.emailMessage.findFirstOrThrow({ where: { candidateId, kind: "scheduling_link" } });
    expect(mail.textBody).toContain(created.url);
    expect(mail.subject).toContain("Technical interview");
    const audit = await prisma.auditLogEntry.findFirstOrThrow({ where: { companyId, action: "scheduling_link.created" } });
    expect(audit.actorUserId).toBe(m.owner.id);
  });

  it("offers the pool's free time: Ana's Berlin mornings less her calendar's busy hour, Ben's New York mornings", async () => {
    const { slots, time_zone } = await getPublicSlots(prisma, token, "America/New_York", NOW);
    expect(time_zone).toBe("America/New_York");
    const monday = slots.filter((s) => s.start_at.startsWith(MON)).map((s) => s.start_at.slice(11, 16));
    // Ana 09:00–12:00 CET = 08:00–11:00Z, busy 09:00–10:00Z (the transparent event is free): 08:00 and 10:00.
    // Ben 09:00–12:00 EST = 14:00–17:00Z: every half hour from 14:00 to 16:00.
    expect(monday).toEqual(["08:00", "10:00", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(slots.every((s) => new Date(s.end_at).getTime() - new Date(s.start_at).getTime() === 3_600_000)).toBe(true);
  });

  it("refuses an unknown zone (400), an unknown token (404)", async () => {
    expect((await refusal(getPublicSlots(prisma, token, "Nowhere/Else", NOW))).code).toBe("validation_error");
    expect((await refusal(getPublicSlots(prisma, "A".repeat(43), undefined, NOW))).code).toBe("not_found");
    expect((await refusal(getPublicSlots(prisma, "short", undefined, NOW))).code).toBe("not_found");
  });

  it("books a slot: the interview is the candidate's choice, with an invitation carrying the link to change it", async () => {
    const booked = await bookSlot(prisma, token, { start_at: at("14:00"), time_zone: "America/New_York" }, NOW);
    expect(booked.status).toBe("booked");
    expect(booked.booking).toMatchObject({ start_at: at("14:00"), time_zone: "America/New_York", interviewer: { name: "Ben" } });
    const row = await prisma.schedulingLink.findUniqueOrThrow({ where: { id: linkId } });
    const interview = await prisma.interview.findUniqueOrThrow({ where: { id: row.interviewId! }, include: { interviewers: true } });
    expect(interview).toMatchObject({ scheduledBy: "candidate", timeZone: "America/New_York", sequence: 0 });
    expect(interview.interviewers.map((i) => i.userId)).toEqual([m.ben.id]);
    const event = await prisma.event.findFirstOrThrow({ where: { companyId, type: "interview.scheduled" }, orderBy: { occurredAt: "desc" } });
    expect((event.payload as { interview: { scheduled_by: string } }).interview.scheduled_by).toBe("candidate");
    const invitation = await prisma.emailMessage.findFirstOrThrow({ where: { candidateId, subject: { startsWith: "Interview with" } }, orderBy: { id: "desc" } });
    expect(invitation.textBody).toContain(`/schedule/${token}`);
    // A second booking through the same link is a 409.
    expect((await refusal(bookSlot(prisma, token, { start_at: at("15:00") }, NOW))).code).toBe("conflict");
  });

  it("reschedules from the confirmation: the same calendar event at a higher SEQUENCE, three times at most", async () => {
    const before = await prisma.schedulingLink.findUniqueOrThrow({ where: { id: linkId }, include: { interview: true } });
    const moved = await rescheduleSlot(prisma, token, { start_at: at("15:00") }, NOW);
    expect(moved.booking?.start_at).toBe(at("15:00"));
    const after = await prisma.interview.findUniqueOrThrow({ where: { id: before.interviewId! } });
    expect(after.icalUid).toBe(before.interview!.icalUid);
    expect(after.sequence).toBe(before.interview!.sequence + 1);
    expect(await prisma.event.count({ where: { companyId, type: "interview.updated" } })).toBeGreaterThanOrEqual(1);
    // Its own old time is free to move back to.
    await rescheduleSlot(prisma, token, { start_at: at("14:00") }, NOW);
    await rescheduleSlot(prisma, token, { start_at: at("15:30") }, NOW);
    expect((await getPublicSchedulingLink(prisma, token, NOW)).reschedules_left).toBe(0);
    expect((await refusal(rescheduleSlot(prisma, token, { start_at: at("16:00") }, NOW))).code).toBe("conflict");
  });

  it("cancels: METHOD:CANCEL to everyone invited and interview.canceled; the link is done", async () => {
    const canceled = await cancelBooking(prisma, token, NOW);
    expect(canceled.status).toBe("canceled");
    const row = await prisma.schedulingLink.findUniqueOrThrow({ where: { id: linkId }, include: { interview: true } });
    expect(row.interview!.status).toBe("canceled");
    const cancel = await prisma.emailMessage.findFirstOrThrow({ where: { candidateId, subject: { startsWith: "Canceled:" } } });
    expect(JSON.stringify(cancel.attachments)).toContain("method=CANCEL");
    expect((await refusal(bookSlot(prisma, token, { start_at: at("16:00") }, NOW))).code).toBe("conflict");
  });
});

describe("booking the same time twice at once", () => {
  it("lets one booking through and answers the other 409 with the fresh slots", async () => {
    const links = await Promise.all([link(await candidate("Racer One"), [m.cleo.id]), link(await candidate("Racer Two"), [m.cleo.id])]);
    const results = await Promise.allSettled(links.map((l) => bookSlot(prisma, tokenOf(l.url), { start_at: at("08:00") }, NOW)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const lost = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(AppError);
    expect((lost.reason as AppError).code).toBe("conflict");
    expect((lost.reason as AppError).details?.[0]?.message).toContain("Free slots now:");
    expect((lost.reason as AppError).details?.[0]?.message).not.toContain(at("08:00"));
    // Cleo now has one interview that Monday at 08:00Z.
    expect(await prisma.interviewInterviewer.count({ where: { userId: m.cleo.id, interview: { status: "scheduled" } } })).toBe(1);
  });

  it("gives a time both are free for to the member with fewer interviews that week", async () => {
    const shared = await link(await candidate("Fair Share"), [m.cleo.id, m.ana.id]);
    // 10:00Z: Ana (her calendar is busy 09–10Z only) and Cleo are both free; Cleo already has one interview.
    const booked = await bookSlot(prisma, tokenOf(shared.url), { start_at: at("10:00") }, NOW);
    expect(booked.booking?.interviewer.name).toBe("Ana");
  });
});

describe("links that no longer work", () => {
  it("revoked: 410 on the page and the API; revoking again changes nothing", async () => {
    const created = await link(await candidate("Revoked Rae"), [m.ben.id]);
    const revoked = await revokeSchedulingLink(m.owner.svc, created.id);
    expect(revoked.status).toBe("revoked");
    expect((await revokeSchedulingLink(m.owner.svc, created.id)).status).toBe("revoked");
    expect((await refusal(getPublicSlots(prisma, tokenOf(created.url), undefined, NOW))).code).toBe("gone");
    expect((await refusal(bookSlot(prisma, tokenOf(created.url), { start_at: at("14:00") }, NOW))).code).toBe("gone");
  });

  it("expired: 410 from the moment expires_at passes", async () => {
    const created = await link(await candidate("Late Lee"), [m.ben.id], { expires_at: "2030-01-05T00:00:00Z" });
    expect((await getPublicSlots(prisma, tokenOf(created.url), undefined, new Date("2030-01-04T23:59:59Z"))).slots.length).toBeGreaterThan(0);
    expect((await refusal(getPublicSlots(prisma, tokenOf(created.url), undefined, new Date("2030-01-05T00:00:00Z")))).code).toBe("gone");
  });

  it("another company's member in the pool is a 400; a candidate without e-mail cannot be notified", async () => {
    const other = await createCompany(prisma, { name: `Other ${tag}` });
    const stranger = await createUser(prisma, { companyId: other.id, email: `stranger-${tag}@example.com`, password: "correct horse battery staple", name: "Stranger", role: "owner" });
    const refused = await refusal(link(await candidate("Pool Test"), [m.ben.id, stranger.id]));
    expect(refused.details?.[0]?.field).toBe("interviewer_ids[1]");
    const silent = await candidate("No Mail", null);
    expect((await refusal(link(silent, [m.ben.id]))).details?.[0]?.field).toBe("notify_candidate");
    expect((await link(silent, [m.ben.id], { notify_candidate: false })).status).toBe("open");
  });

  it("erasing the candidate removes their links", async () => {
    const id = await candidate("Erased Eve");
    await link(id, [m.ben.id]);
    await eraseCandidate(m.owner.svc, id);
    expect(await prisma.schedulingLink.count({ where: { candidateId: id } })).toBe(0);
  });
});

describe("the coordinator's schedule form", () => {
  it("shows when the whole panel is free by the same rules (no notice): Ben's New York morning; none shared with Ana", async () => {
    const input = { from: `${MON}T00:00:00Z`, to: "2030-01-08T00:00:00Z", duration_minutes: 60 };
    const ben = await panelFreeSlots(m.owner.svc, { ...input, interviewer_ids: [m.ben.id] }, NOW);
    expect(ben.map((s) => s.start_at.slice(11, 16))).toEqual(["14:00", "14:30", "15:00", "15:30", "16:00"]);
    expect(await panelFreeSlots(m.owner.svc, { ...input, interviewer_ids: [m.ben.id, m.ana.id] }, NOW)).toEqual([]);
  });
});
