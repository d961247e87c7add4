import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createCandidate, createUser, scheduleInterview, submitScorecard, systemContext, updateCandidate } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * The candidate page's scorecard forms (scorecards.forms, issue 43 §2 and §4) as the web app calls
 * them: every scheduled interview of the candidate with the member on its panel, earliest first, each
 * with its time, zone, place, video call and kit; a form is open once the interview has started (none
 * before: nothing to rate yet); canceled interviews and other members' are left out; a hired or
 * rejected candidate's forms are locked.
 */
const prisma = getPrisma();
const MINUTE = 60_000;
const unique = () => randomBytes(4).toString("hex");

let company: TestCompany;
let kit: { id: number; name: string };
let me: string;
let colleague: string;

beforeAll(async () => {
  company = await createTestCompany();
  const member = (name: string) => createUser(prisma, { companyId: company.id, email: `${name}-${unique()}@example.com`, password: "correct horse battery staple", name, role: "interviewer" });
  me = (await member("me")).id;
  colleague = (await member("colleague")).id;
  const stage = (await prisma.job.findUniqueOrThrow({ where: { id: company.jobId }, select: { stages: { select: { key: true }, orderBy: { position: "asc" }, take: 1 } } })).stages[0]!.key;
  kit = await prisma.jobInterview.create({
    data: { companyId: company.id, jobId: company.jobId, stageKey: stage, position: 0, name: "Technical interview", durationMinutes: 60, attributes: ["System design"] },
    select: { id: true, name: true },
  });
});

async function candidateWith(offsets: { minutes: number; title?: string; panel?: string[] }[]) {
  const svc = systemContext(prisma, company.id);
  const candidate = await createCandidate(svc, { job_id: company.jobId, name: `Twin ${unique()}` }, { source: "public_api" });
  const now = Math.floor(Date.now() / MINUTE) * MINUTE;
  const ids: number[] = [];
  for (const { minutes, title, panel } of offsets) {
    const interview = await scheduleInterview(svc, {
      candidate_id: candidate.id,
      interview_id: kit.id,
      ...(title && { title }),
      start_at: new Date(now + minutes * MINUTE).toISOString(),
      time_zone: "Asia/Kolkata",
      location: "Room 2",
      video_url: "https://meet.example.com/twin",
      interviewer_ids: panel ?? [me],
    });
    ids.push(interview.id);
  }
  return { id: candidate.id, ids };
}

const formsOf = (candidateId: number, userId = me) =>
  createCallerFactory(appRouter)({ prisma, requestId: "test", principal: { kind: "user", companyId: company.id, userId, role: "interviewer" } }).scorecards.forms({ id: String(candidateId) });

describe("scorecards.forms", () => {
  it("lists the member's interviews of the candidate earliest first with when and where; open from the start, not before", async () => {
    // Created out of order: the list is by start time.
    const c = await candidateWith([{ minutes: 2 * 24 * 60 }, { minutes: -180 }, { minutes: -1, title: "Pairing" }, { minutes: 5 }]);
    const [later, over, underWay, soon] = c.ids;
    const { forms, locked } = await formsOf(c.id);
    expect(locked).toBe(false);
    expect(forms.map((form) => [form.interview.id, form.open])).toEqual([
      [over, true],
      [underWay, true],
      [soon, false],
      [later, false],
    ]);
    expect(forms[0]!.interview).toMatchObject({ title: kit.name, kit: null, time_zone: "Asia/Kolkata", location: "Room 2", video_url: "https://meet.example.com/twin", status: "scheduled" });
    expect(Date.parse(forms[0]!.interview.end_at) - Date.parse(forms[0]!.interview.start_at)).toBe(60 * MINUTE);
    // A title of its own names the kit beside it: two interviews of one kit are still told apart.
    expect(forms[1]!.interview).toMatchObject({ title: "Pairing", kit: kit.name });
    expect(forms.every((form) => form.attributes.join() === "System design" && form.scorecard === null)).toBe(true);
  });

  it("leaves out canceled interviews and the ones the member is not on; carries the member's own scorecard; locks when the candidate is rejected", async () => {
    const c = await candidateWith([{ minutes: -120 }, { minutes: -90 }, { minutes: -60, panel: [colleague] }]);
    const [mine, canceled, theirs] = c.ids;
    const svc = systemContext(prisma, company.id);
    await prisma.interview.update({ where: { id: canceled }, data: { status: "canceled", canceledAt: new Date() } });
    const card = await submitScorecard({ ...svc, actor: { type: "user", userId: me } }, { id: mine!, ratings: [], recommendation: "yes" });
    const { forms } = await formsOf(c.id);
    expect(forms.map((form) => form.interview.id)).toEqual([mine]);
    expect(forms[0]!.scorecard?.id).toBe(card.id);
    expect((await formsOf(c.id, colleague)).forms.map((form) => form.interview.id)).toEqual([theirs]);

    await updateCandidate(svc, { id: c.id, stage: "rejected" });
    expect(await formsOf(c.id)).toMatchObject({ locked: true, forms: [{ interview: { id: mine } }] });
  });
});
