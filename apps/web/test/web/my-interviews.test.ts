import { randomBytes, randomUUID } from "node:crypto";
import { createCandidate, createUser, eraseCandidate, systemContext, updateCandidate } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { MY_INTERVIEWS_LIMIT, type MyInterviewsDto } from "@hireflow/core/interview/contract";
import { myInterviews, myInterviewsThroughPrisma } from "@hireflow/core/interview/my-interviews";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { send, startTrpcApp } from "../hardening/support/trpc-client.ts";
import { type Session } from "../hardening/support/trpc-resources.ts";

/**
 * "My interviews" and the sidebar's count of scorecards due (issue 26 §4), over /api/trpc with real
 * sessions. The rules pinned here (services/my-interviews.ts, contracts/my-interviews.ts):
 * - upcoming: the member's own interviews still scheduled and not over yet (one in progress counts),
 *   earliest start first, ties by id, at most MY_INTERVIEWS_LIMIT;
 * - due: the member's own interviews still scheduled and over (end_at ≤ now) without their scorecard,
 *   whose candidate is neither hired nor rejected (scorecards are closed then); an erased candidate's
 *   interviews are gone; oldest end first, ties by id, at most MY_INTERVIEWS_LIMIT, with the count of
 *   all due; the sidebar's count is that count;
 * - canceled interviews, other members' and other companies' interviews are never listed.
 * The typed statements must answer exactly what the Prisma reference does, at every instant.
 */
const HOUR = 3_600_000;
const unique = () => randomBytes(4).toString("hex");
const prisma = getPrisma();

let app: { url: string; close: () => Promise<void> };
let company: TestCompany;
let other: TestCompany;
const members: Record<"me" | "colleague" | "busy" | "idle" | "stranger", { id: string; session: Session }> = {} as never;

type Times = { start: number; end: number };
const at = (base: number, hours: Times) => ({ startAt: new Date(base + hours.start * HOUR), endAt: new Date(base + hours.end * HOUR) });

/** An interview of `companyId`'s candidate with `panel` on it, written as the app stores one. */
async function interview(companyId: number, candidateId: number, title: string, times: { startAt: Date; endAt: Date }, panel: string[], canceled = false) {
  const row = await prisma.interview.create({
    data: {
      companyId,
      candidateId,
      title,
      ...times,
      timeZone: "Europe/Berlin",
      location: `Room ${title}`,
      icalUid: `${randomUUID()}@hireflow.test`,
      ...(canceled ? { status: "canceled", canceledAt: new Date() } : {}),
    },
  });
  if (panel.length) await prisma.interviewInterviewer.createMany({ data: panel.map((userId) => ({ interviewId: row.id, userId, companyId })) });
  return row.id;
}

async function member(test: TestCompany, role: "interviewer" | "recruiter" | "admin") {
  const user = await createUser(prisma, { companyId: test.id, email: `my-${unique()}@example.com`, password: "correct horse battery staple", name: `Member ${unique()}`, role });
  const { token, csrfToken } = await createSession(prisma, user.id);
  return { id: user.id, session: { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken } };
}

async function candidate(test: TestCompany, name: string) {
  return (await createCandidate(systemContext(prisma, test.id), { job_id: test.jobId, name }, { source: "public_api" })).id;
}

async function myPage(who: { session: Session }): Promise<MyInterviewsDto> {
  const res = await send(app.url, { method: "GET", path: "scorecards.myInterviews", headers: { cookie: who.session.cookie } });
  expect(res.status, res.text).toBe(200);
  return res.json.result.data;
}

async function dueCount(who: { session: Session }): Promise<number> {
  const res = await send(app.url, { method: "GET", path: "scorecards.dueCount", headers: { cookie: who.session.cookie } });
  expect(res.status, res.text).toBe(200);
  return res.json.result.data.count;
}

const titles = (list: MyInterviewsDto["upcoming"]) => list.map((i) => i.title);

const ids: Record<string, number> = {};
let base: number;

beforeAll(async () => {
  app = await startTrpcApp();
  company = await createTestCompany({ title: "Platform Engineer" });
  other = await createTestCompany();
  members.me = await member(company, "interviewer");
  members.colleague = await member(company, "recruiter");
  members.busy = await member(company, "admin");
  members.idle = await member(company, "recruiter");
  members.stranger = await member(other, "recruiter");
  const { me, colleague } = members;

  const open = await candidate(company, "Open Person");
  const jobless = await candidate(company, "Jobless Person");
  // A candidate without a job (the schema allows it): listed with job null.
  await prisma.candidate.update({ where: { id: jobless }, data: { jobId: null } });
  const hired = await candidate(company, "Hired Person");
  const rejected = await candidate(company, "Rejected Person");
  const erased = await candidate(company, "Erased Person");
  const foreign = await candidate(other, "Foreign Person");

  // Whole hours around now, so that nothing below changes list while the test runs.
  base = Date.now();
  ids.inProgress = await interview(company.id, open, "in progress", at(base, { start: -0.5, end: 1 }), [me.id, colleague.id]);
  ids.soonA = await interview(company.id, open, "soon A", at(base, { start: 2, end: 3 }), [me.id]);
  ids.soonB = await interview(company.id, jobless, "soon B (same start, later id)", at(base, { start: 2, end: 2.5 }), [me.id]);
  ids.later = await interview(company.id, open, "later", at(base, { start: 48, end: 49 }), [me.id, colleague.id]);
  // Written first but starting last: the order is by start, not by id.
  ids.earliest = await interview(company.id, hired, "earliest upcoming (hired candidate)", at(base, { start: 1.5, end: 2 }), [me.id]);
  await interview(company.id, open, "future canceled", at(base, { start: 5, end: 6 }), [me.id], true);
  await interview(company.id, open, "future, colleague only", at(base, { start: 4, end: 5 }), [colleague.id]);

  ids.dueOld = await interview(company.id, open, "due old", at(base, { start: -72, end: -71 }), [me.id, colleague.id]);
  ids.dueRecent = await interview(company.id, jobless, "due recent", at(base, { start: -3, end: -2 }), [me.id]);
  // Same end as dueRecent, a later id: after it.
  ids.dueTie = await interview(company.id, open, "due tie", at(base, { start: -2.5, end: -2 }), [me.id]);
  ids.submitted = await interview(company.id, open, "past, scorecard submitted", at(base, { start: -10, end: -9 }), [me.id, colleague.id]);
  await interview(company.id, open, "past canceled", at(base, { start: -8, end: -7 }), [me.id], true);
  await interview(company.id, open, "past, colleague only", at(base, { start: -6, end: -5 }), [colleague.id]);
  await interview(company.id, hired, "past, candidate hired", at(base, { start: -30, end: -29 }), [me.id]);
  await interview(company.id, rejected, "past, candidate rejected", at(base, { start: -30, end: -29 }), [me.id]);
  await interview(company.id, erased, "past, candidate erased", at(base, { start: -30, end: -29 }), [me.id]);
  // Another company's interviews: one with its own member, and one whose panel row names this member
  // (the app never writes that): the lists are scoped by company, not only by member.
  await interview(other.id, foreign, "foreign past", at(base, { start: -4, end: -3 }), [members.stranger.id]);
  await interview(other.id, foreign, "foreign past naming me", at(base, { start: -4, end: -3 }), [me.id]);
  await interview(other.id, foreign, "foreign future naming me", at(base, { start: 3, end: 4 }), [me.id]);

  // My scorecard on one past interview; only the colleague's on another (mine is still due there).
  await prisma.scorecard.create({ data: { companyId: company.id, interviewId: ids.submitted, candidateId: open, interviewerId: me.id, recommendation: "yes" } });
  await prisma.scorecard.create({ data: { companyId: company.id, interviewId: ids.dueOld, candidateId: open, interviewerId: colleague.id, recommendation: "no" } });

  // Hired and rejected the way the app moves candidates; erased the way the app erases them.
  const svc = systemContext(prisma, company.id);
  await updateCandidate(svc, { id: hired, stage: "hired" });
  await updateCandidate(svc, { id: rejected, stage: "rejected" });
  await eraseCandidate(svc, erased);

  // Over the limit: 105 due and 102 upcoming for one member, written set-based.
  const due = Array.from({ length: MY_INTERVIEWS_LIMIT + 5 }, (_, n) => at(base, { start: -200 + n, end: -199.5 + n }));
  const upcoming = Array.from({ length: MY_INTERVIEWS_LIMIT + 2 }, (_, n) => at(base, { start: 200 - n, end: 200.5 - n }));
  const rows = await prisma.interview.createManyAndReturn({
    data: [...due, ...upcoming].map((times, n) => ({ companyId: company.id, candidateId: open, title: `bulk ${n}`, ...times, timeZone: "UTC", icalUid: `${randomUUID()}@hireflow.test` })),
    select: { id: true },
  });
  await prisma.interviewInterviewer.createMany({ data: rows.map((row) => ({ interviewId: row.id, userId: members.busy.id, companyId: company.id })) });
}, 60_000);
afterAll(() => app?.close());

describe("My interviews", () => {
  it("lists the member's own upcoming interviews, earliest first, and the scorecards they owe, oldest first", async () => {
    const page = await myPage(members.me);
    expect(titles(page.upcoming)).toEqual(["in progress", "earliest upcoming (hired candidate)", "soon A", "soon B (same start, later id)", "later"]);
    expect(titles(page.scorecards_due)).toEqual(["due old", "due recent", "due tie"]);
    expect(page.scorecards_due_count).toBe(3);
    // Each row as the page shows it: the candidate, their job (null without one), the time zone and place.
    const soonB = page.upcoming.find((i) => i.id === ids.soonB)!;
    expect(soonB).toEqual({
      id: ids.soonB,
      title: "soon B (same start, later id)",
      start_at: new Date(base + 2 * HOUR).toISOString(),
      end_at: new Date(base + 2.5 * HOUR).toISOString(),
      time_zone: "Europe/Berlin",
      location: "Room soon B (same start, later id)",
      video_url: null,
      candidate: { id: expect.any(Number), name: "Jobless Person" },
      job: null,
    });
    expect(page.upcoming.find((i) => i.id === ids.soonA)!.job).toEqual({ id: company.jobId, title: "Platform Engineer" });
  });

  it("never lists another member's or another company's interviews", async () => {
    const colleague = await myPage(members.colleague);
    expect(titles(colleague.upcoming)).toEqual(["in progress", "future, colleague only", "later"]);
    // The colleague submitted for "due old"; "past, scorecard submitted" is only mine.
    expect(titles(colleague.scorecards_due)).toEqual(["past, scorecard submitted", "past, colleague only"]);
    expect(await myPage(members.idle)).toEqual({ upcoming: [], scorecards_due: [], scorecards_due_count: 0 });
    expect(await dueCount(members.idle)).toBe(0);
    const stranger = await myPage(members.stranger);
    expect(titles(stranger.scorecards_due)).toEqual(["foreign past"]);
    expect(stranger.upcoming).toEqual([]);
    const listed = JSON.stringify(await myPage(members.me));
    expect(listed).not.toContain("foreign");
    expect(listed).not.toContain("colleague only");
  });

  it("stops each list at the limit, keeps the order, and counts every scorecard due", async () => {
    const page = await myPage(members.busy);
    expect(page.upcoming).toHaveLength(MY_INTERVIEWS_LIMIT);
    expect(page.scorecards_due).toHaveLength(MY_INTERVIEWS_LIMIT);
    expect(page.scorecards_due_count).toBe(MY_INTERVIEWS_LIMIT + 5);
    expect(await dueCount(members.busy)).toBe(MY_INTERVIEWS_LIMIT + 5);
    const starts = page.upcoming.map((i) => i.start_at);
    expect(starts).toEqual([...starts].sort());
    // The 100 soonest of 102: the two starting last are cut.
    expect(starts.at(-1)).toBe(new Date(base + (200 - 2) * HOUR).toISOString());
    const ends = page.scorecards_due.map((i) => i.end_at);
    expect(ends).toEqual([...ends].sort());
    expect(ends[0]).toBe(new Date(base - 199.5 * HOUR).toISOString());
  });

  it("shows in the sidebar the count of the due list, which a submitted scorecard lowers", async () => {
    const before = await myPage(members.me);
    expect(await dueCount(members.me)).toBe(before.scorecards_due.length);
    const submit = await send(app.url, {
      method: "POST",
      path: "scorecards.submit",
      headers: { cookie: members.me.session.cookie, "x-csrf-token": members.me.session.csrf, "content-type": "application/json" },
      body: JSON.stringify({ id: String(ids.dueRecent), ratings: [], recommendation: "yes", notes: "done" }),
    });
    expect(submit.status, submit.text).toBe(200);
    const after = await myPage(members.me);
    expect(titles(after.scorecards_due)).toEqual(["due old", "due tie"]);
    expect(after.scorecards_due_count).toBe(2);
    expect(await dueCount(members.me)).toBe(2);
  });
});

describe("the typed statements answer what the Prisma reference does", () => {
  it("at every instant around the interviews' ends, for every member", async () => {
    const svc = systemContext(prisma, company.id);
    // Each end exactly (end ≤ now is due), a millisecond before it (still upcoming), and now; of the
    // bulk interviews, every tenth.
    const interviews = await prisma.interview.findMany({ where: { companyId: company.id }, select: { endAt: true, title: true }, orderBy: { id: "asc" } });
    const ends = interviews.filter(({ title }, n) => !title.startsWith("bulk") || n % 10 === 0).map(({ endAt }) => endAt);
    const instants = [new Date(), ...ends.flatMap((endAt) => [endAt, new Date(endAt.getTime() - 1)])];
    for (const who of [members.me, members.colleague, members.busy, members.idle]) {
      for (const now of instants) {
        const typed = await myInterviews(svc, who.id, now);
        expect(typed, `${who.id} at ${now.toISOString()}`).toEqual(await myInterviewsThroughPrisma(svc, who.id, now));
      }
    }
    // The boundary itself: an interview is due from the instant it ends.
    const end = new Date(base - 2 * HOUR);
    expect((await myInterviews(svc, members.me.id, end)).scorecards_due.map((i) => i.id)).toContain(ids.dueTie);
    expect((await myInterviews(svc, members.me.id, new Date(end.getTime() - 1))).upcoming.map((i) => i.id)).toContain(ids.dueTie);
  });
});
