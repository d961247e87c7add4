import { randomBytes, randomUUID } from "node:crypto";
import { createUser, interviewReportCsv, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addApiKey, addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * The interview reports (issue 26 §4) over real HTTP against a seeded history with known answers:
 * GET /api/v1/reports/interviews_per_stage, /reports/time_to_first_interview and
 * /reports/overdue_scorecards. Times are relative to T (the seeding's "now"), so interviews that
 * are still to come stay in the future; the range runs from T − 60 days to T + 30 days (UTC).
 */
const app = useApiApp();
const H = 3_600_000;
const D = 24 * H;
const T = Date.now();
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const RANGE = `from=${day(T - 60 * D)}&to=${day(T + 30 * D)}`;

interface Seeded {
  co: TestCompany;
  api: ApiClient;
  jobTwo: number;
  mia: string;
  noah: string;
  interviews: Record<string, number>;
}

async function seed(): Promise<Seeded> {
  const prisma = getPrisma();
  const co = await createTestCompany();
  const api = apiClient(app.url, co);
  const jobTwo = await addJob(co, { title: "Designer" });
  const member = async (name: string) =>
    (await createUser(prisma, { companyId: co.id, email: `${name.toLowerCase()}-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery", name, role: "interviewer" })).id;
  const mia = await member("Mia");
  const noah = await member("Noah");
  const kit = (stageKey: string, name: string) => prisma.jobInterview.create({ data: { companyId: co.id, jobId: co.jobId, stageKey, position: 0, name, durationMinutes: 60, attributes: ["Craft"] } });
  const phoneKit = await kit("phonescreen", "Phone screen call");
  const techKit = await kit("inprogress", "Technical interview");

  const candidate = async (key: string, jobId: number, stage: string, createdAt: number, extra: { hired?: boolean } = {}) => {
    const res = await api.post("/candidates", { job_id: jobId, name: `Cand ${key}`, email: `${key}-${randomBytes(4).toString("hex")}@example.com`, stage });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await prisma.candidate.update({ where: { id: res.body.data.id }, data: { createdAt: new Date(createdAt), ...(extra.hired && { hiredAt: new Date(T - 20 * D) }) } });
    return res.body.data.id as number;
  };
  const interviews: Record<string, number> = {};
  const interview = async (key: string, candidateId: number, start: number, panel: string[], opts: { kit?: number; canceled?: boolean; minutes?: number } = {}) => {
    const row = await prisma.interview.create({
      data: {
        companyId: co.id,
        candidateId,
        title: `Interview ${key}`,
        startAt: new Date(start),
        endAt: new Date(start + (opts.minutes ?? 60) * 60_000),
        timeZone: "UTC",
        icalUid: `${randomUUID()}@test`,
        status: opts.canceled ? "canceled" : "scheduled",
        canceledAt: opts.canceled ? new Date(start) : null,
        jobInterviewId: opts.kit ?? null,
      },
    });
    await prisma.interviewInterviewer.createMany({ data: panel.map((userId) => ({ interviewId: row.id, userId, companyId: co.id })) });
    interviews[key] = row.id;
    return row;
  };

  const c1 = await candidate("c1", co.jobId, "inprogress", T - 50 * D);
  const i1 = await interview("i1", c1, T - 45 * D, [mia, noah], { kit: phoneKit.id });
  await interview("i2", c1, T - 40 * D, [mia], { kit: techKit.id, canceled: true });
  await interview("i3", c1, T + 5 * D, [noah], { kit: techKit.id });
  // Mia submitted hers for i1; Noah did not.
  await prisma.scorecard.create({ data: { companyId: co.id, interviewId: i1.id, candidateId: c1, interviewerId: mia, recommendation: "yes", ratings: [] } });
  const c2 = await candidate("c2", co.jobId, "phonescreen", T - 30 * D);
  await interview("i4", c2, T - 28 * D, [mia]); // ad hoc: counts at c2's stage (Phone screen)
  await candidate("c3", co.jobId, "applied", T - 20 * D); // never interviewed
  const c4 = await candidate("c4", jobTwo, "applied", T - 10 * D);
  await interview("i5", c4, T - 4 * H, [noah]); // ended 3 hours ago
  const c5 = await candidate("c5", co.jobId, "hired", T - 35 * D, { hired: true });
  await interview("i6", c5, T - 33 * D, [mia]); // hired: scorecards closed, never overdue
  const c6 = await candidate("c6", co.jobId, "phonescreen", T - 70 * D); // applied before the range
  await interview("i7", c6, T - 50 * D, [noah], { kit: phoneKit.id });
  return { co, api, jobTwo, mia, noah, interviews };
}

let A: Seeded;
let B: Seeded;
beforeAll(async () => {
  A = await seed();
  B = await seed();
});

const byStage = (stages: { stage: string; scheduled: number; completed: number; canceled: number }[]) =>
  Object.fromEntries(stages.map((s) => [s.stage, [s.scheduled, s.completed, s.canceled]]));

describe("GET /reports/interviews_per_stage", () => {
  it("counts the interviews that start in the range by their kit's stage (ad hoc: the candidate's stage), as scheduled, completed or canceled", async () => {
    const res = await A.api.get(`/reports/interviews_per_stage?${RANGE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.by).toBe("stage_type");
    expect(res.body.data.totals).toEqual({ scheduled: 1, completed: 5, canceled: 1 });
    expect(byStage(res.body.data.stages)).toEqual({
      prospect: [0, 0, 0],
      applied: [0, 1, 0], // i5 (ad hoc, c4 in Applied)
      phonescreen: [0, 3, 0], // i1 and i7 (kit), i4 (ad hoc, c2 in Phone screen)
      inprogress: [1, 0, 1], // i3 to come, i2 canceled
      hired: [0, 1, 0], // i6 (ad hoc, c5 hired)
      rejected: [0, 0, 0],
    });
    expect(res.body.data.stages[2]).toMatchObject({ stage: "phonescreen", name: "Phone screen", type: "phonescreen" });
  });

  it("filters by job (its own stages) and by the interviews' start dates", async () => {
    const one = await A.api.get(`/reports/interviews_per_stage?${RANGE}&job_id=${A.co.jobId}`);
    expect(one.body.data).toMatchObject({ by: "job_stage", totals: { scheduled: 1, completed: 4, canceled: 1 }, range: { job_id: A.co.jobId } });
    const two = await A.api.get(`/reports/interviews_per_stage?${RANGE}&job_id=${A.jobTwo}`);
    expect(two.body.data.totals).toEqual({ scheduled: 0, completed: 1, canceled: 0 });
    // From T − 29 days to today: i4 and i5 only (i3 starts later).
    const recent = await A.api.get(`/reports/interviews_per_stage?from=${day(T - 29 * D)}&to=${day(T)}`);
    expect(recent.body.data.totals).toEqual({ scheduled: 0, completed: 2, canceled: 0 });
  });
});

describe("GET /reports/time_to_first_interview", () => {
  it("gives the median, p75 and p90 days from application to the first interview that is not canceled, company-wide and per job", async () => {
    const res = await A.api.get(`/reports/time_to_first_interview?${RANGE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Cohort c1..c5 (c6 applied before the range): 5, 2, none, 9.83 (10 days less 4 hours), 2 days.
    expect(res.body.data.overall).toEqual({ candidates: 5, interviewed: 4, median_days: 3.5, p75_days: 6.21, p90_days: 8.38 });
    expect(res.body.data.jobs).toEqual([
      { job_id: A.jobTwo, title: "Designer", candidates: 1, interviewed: 1, median_days: 9.83, p75_days: 9.83, p90_days: 9.83 },
      { job_id: A.co.jobId, title: "Software Engineer", candidates: 4, interviewed: 3, median_days: 2, p75_days: 3.5, p90_days: 4.4 },
    ]);
    const one = await A.api.get(`/reports/time_to_first_interview?${RANGE}&job_id=${A.co.jobId}`);
    expect(one.body.data.overall).toEqual({ candidates: 4, interviewed: 3, median_days: 2, p75_days: 3.5, p90_days: 4.4 });
    expect(one.body.data.jobs.map((j: { job_id: number }) => j.job_id)).toEqual([A.co.jobId]);
  });

  it("answers nulls when nobody applied in the range", async () => {
    const res = await A.api.get(`/reports/time_to_first_interview?from=2020-01-01&to=2020-01-31`);
    expect(res.body.data).toMatchObject({ overall: { candidates: 0, interviewed: 0, median_days: null, p75_days: null, p90_days: null }, jobs: [] });
  });
});

describe("GET /reports/overdue_scorecards", () => {
  it("lists each interviewer without a scorecard for an interview that ended more than 24 hours ago — not canceled, not hired — with how long", async () => {
    const res = await A.api.get(`/reports/overdue_scorecards?${RANGE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data;
    expect([data.hours, data.total]).toEqual([24, 3]);
    const listed = data.scorecards.map((d: { interview: { id: number }; interviewer: { id: string } }) => [d.interview.id, d.interviewer.id]);
    expect(listed).toEqual([
      [A.interviews.i7, A.noah],
      [A.interviews.i1, A.noah],
      [A.interviews.i4, A.mia],
    ]);
    const [i7] = data.scorecards;
    expect(i7).toMatchObject({ interview: { title: "Interview i7", end_at: new Date(T - 50 * D + H).toISOString() }, candidate: { name: "Cand c6" }, job: { id: A.co.jobId }, interviewer: { name: "Noah" } });
    expect(Math.abs(i7.hours_overdue - (50 * 24 - 1))).toBeLessThan(0.5);
    expect(data.interviewers.map((m: { id: string; overdue: number }) => [m.id, m.overdue])).toEqual([
      [A.noah, 2],
      [A.mia, 1],
    ]);
    expect(Math.abs(data.interviewers[1].oldest_hours_overdue - (28 * 24 - 1))).toBeLessThan(0.5);
  });

  it("takes `hours`, the job and the range of the interviews' end", async () => {
    const two = await A.api.get(`/reports/overdue_scorecards?${RANGE}&hours=2`);
    expect(two.body.data.total).toBe(4);
    expect(two.body.data.scorecards.at(-1)).toMatchObject({ interview: { id: A.interviews.i5 }, interviewer: { id: A.noah }, job: { id: A.jobTwo } });
    const jobTwo = await A.api.get(`/reports/overdue_scorecards?${RANGE}&hours=2&job_id=${A.jobTwo}`);
    expect(jobTwo.body.data.scorecards.map((d: { interview: { id: number } }) => d.interview.id)).toEqual([A.interviews.i5]);
    const recent = await A.api.get(`/reports/overdue_scorecards?from=${day(T - 29 * D)}&to=${day(T)}`);
    expect(recent.body.data.scorecards.map((d: { interview: { id: number } }) => d.interview.id)).toEqual([A.interviews.i4]);
    // A scorecard submitted ends it.
    const prisma = getPrisma();
    const i4 = await prisma.interview.findUniqueOrThrow({ where: { id: A.interviews.i4 } });
    const card = await prisma.scorecard.create({ data: { companyId: A.co.id, interviewId: i4.id, candidateId: i4.candidateId, interviewerId: A.mia, recommendation: "no", ratings: [] } });
    try {
      expect((await A.api.get(`/reports/overdue_scorecards?from=${day(T - 29 * D)}&to=${day(T)}`)).body.data.total).toBe(0);
    } finally {
      await prisma.scorecard.delete({ where: { id: card.id } });
    }
  });

  it("has a CSV with the list", async () => {
    const { filename, csv } = await interviewReportCsv(systemContext(getPrisma(), A.co.id), "overdue_scorecards", { from: day(T - 60 * D), to: day(T + 30 * D) });
    expect(filename).toBe(`overdue-scorecards_all-jobs_${day(T - 60 * D)}_${day(T + 30 * D)}.csv`);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("interviewer_name,interviewer_email,interview_id,interview_title,interview_end_at,hours_overdue,candidate_id,candidate_name,job_title");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^Noah,noah-[0-9a-f]+@example.com,${A.interviews.i7},Interview i7,`));
    const perStage = await interviewReportCsv(systemContext(getPrisma(), A.co.id), "interviews_per_stage", { from: day(T - 60 * D), to: day(T + 30 * D) });
    expect(perStage.csv.split("\r\n").slice(0, 4)).toEqual(["stage,scheduled,completed,canceled,stage_name,stage_type", "prospect,0,0,0,Prospect,prospect", "applied,0,1,0,Applied,applied", "phonescreen,0,3,0,Phone screen,phonescreen"]);
    const first = await interviewReportCsv(systemContext(getPrisma(), A.co.id), "time_to_first_interview", { from: day(T - 60 * D), to: day(T + 30 * D), job_id: String(A.co.jobId) });
    expect(first.csv.split("\r\n")[1]).toBe(",All jobs,4,3,2,3.5,4.4");
  });
});

describe("tenancy, scopes and input", () => {
  it("never counts another company's rows; another company's job is a 404", async () => {
    // B's seed is A's: the same answers, and nothing of A.
    const b = await B.api.get(`/reports/overdue_scorecards?${RANGE}`);
    expect(b.body.data.total).toBe(3);
    expect(JSON.stringify(b.body)).not.toContain(A.noah);
    expect((await B.api.get(`/reports/interviews_per_stage?${RANGE}`)).body.data.totals).toEqual({ scheduled: 1, completed: 5, canceled: 1 });
    for (const path of ["interviews_per_stage", "time_to_first_interview", "overdue_scorecards"]) {
      const res = await B.api.get(`/reports/${path}?job_id=${A.co.jobId}`);
      expect([res.status, res.body.error?.code], `${path} → ${JSON.stringify(res.body)}`).toEqual([404, "not_found"]);
    }
  });

  it("needs reports:read (403 naming it) and an API key (401)", async () => {
    const other = apiClient(app.url, { apiKey: (await addApiKey(A.co, ["candidates:read"])).apiKey });
    const reader = apiClient(app.url, { apiKey: (await addApiKey(A.co, ["reports:read"])).apiKey });
    for (const path of ["interviews_per_stage", "time_to_first_interview", "overdue_scorecards"]) {
      const refused = await other.get(`/reports/${path}`);
      expect([refused.status, refused.body.error?.message], path).toEqual([403, expect.stringContaining("reports:read")]);
      expect((await reader.get(`/reports/${path}`)).status, path).toBe(200);
      expect((await apiClient(app.url, null).get(`/reports/${path}`)).status, path).toBe(401);
    }
  });

  it("answers 400 naming the field for bad filters", async () => {
    const cases: [string, string][] = [
      ["overdue_scorecards?hours=0", "hours"],
      ["overdue_scorecards?hours=abc", "hours"],
      ["overdue_scorecards?hours=1441", "hours"],
      ["overdue_scorecards?hours=1.5", "hours"],
      ["interviews_per_stage?job_id=abc", "job_id"],
      ["time_to_first_interview?job_id=0", "job_id"],
      ["interviews_per_stage?from=2026-13-01", "from"],
      ["time_to_first_interview?from=2026-05-01&to=2026-04-01", "from"],
      ["overdue_scorecards?from=2020-01-01&to=2026-01-01", "from"],
      ["interviews_per_stage?tz=Mars/Olympus", "tz"],
      ["time_to_first_interview?extra=1", "extra"],
    ];
    for (const [path, field] of cases) {
      const res = await A.api.get(`/reports/${path}`);
      expect([res.status, res.body.error?.code], `${path} → ${JSON.stringify(res.body)}`).toEqual([400, "validation_error"]);
      expect(res.body.error.details.map((d: { field: string }) => d.field), path).toContain(field);
    }
  });
});
