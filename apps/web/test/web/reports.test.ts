import { randomBytes } from "node:crypto";
import { createUser, funnelReport, systemContext } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { csvCell, csvDocument } from "@hireflow/core/kernel/csv";
import { createRejectReason, updateRejectReason } from "@hireflow/core/pipeline/reject-reasons";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "@/app/api/reports.csv/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { serve } from "../helpers/server.ts";

/**
 * The reports against a seeded history with known answers: candidates and stage changes inserted
 * with explicit timestamps (March 2026, weeks starting Monday 2, 9, 16 and 23), read through the
 * web app's tRPC endpoint and the CSV route with a real session, as the /reports page does.
 * Companies A and B use the default pipeline (key = type); company C has a job with its own stages
 * ("custom pipelines" below).
 */

type Stage = "prospect" | "applied" | "phonescreen" | "inprogress" | "hired" | "rejected";
type Source = "public_api" | "self_apply" | "manual" | "import";

interface Seeded<S extends string = Stage, J extends string = "one" | "two"> {
  key: string;
  job: J;
  source: Source;
  createdAt: string;
  /** The stage (key) the candidate was created in, then [stage, at] changes; the last one is the current stage. */
  start: S;
  changes?: [S, string][];
  fit?: number;
  /** The candidate's reject reason, by name. */
  reason?: string;
}

// UTC, 2026-03-02 .. 2026-03-29: c1..c6 and c9 (7 candidates); c7 applied before, c8 after (in New York it is still Sunday the 29th).
const HISTORY: Seeded[] = [
  { key: "c1", job: "one", source: "self_apply", createdAt: "2026-03-02T10:00:00Z", start: "applied", fit: 92, changes: [["phonescreen", "2026-03-04T10:00:00Z"], ["inprogress", "2026-03-09T10:00:00Z"], ["hired", "2026-03-19T10:00:00Z"]] },
  { key: "c2", job: "one", source: "self_apply", createdAt: "2026-03-03T12:00:00Z", start: "applied", fit: 45, changes: [["phonescreen", "2026-03-07T12:00:00Z"], ["rejected", "2026-03-08T12:00:00Z"]] },
  { key: "c3", job: "one", source: "public_api", createdAt: "2026-03-10T08:00:00Z", start: "prospect", fit: 60, changes: [["applied", "2026-03-11T08:00:00Z"], ["phonescreen", "2026-03-17T08:00:00Z"]] },
  { key: "c4", job: "two", source: "manual", createdAt: "2026-03-16T09:00:00Z", start: "prospect" },
  // Sunday 23:30 UTC is Monday 00:30 in Berlin (CET): another week there.
  { key: "c5", job: "two", source: "import", createdAt: "2026-03-22T23:30:00Z", start: "applied", fit: 15 },
  // Skipped the phone screen, then moved back: still reached "In progress".
  { key: "c6", job: "one", source: "self_apply", createdAt: "2026-03-25T10:00:00Z", start: "applied", fit: 80, changes: [["inprogress", "2026-03-26T10:00:00Z"], ["applied", "2026-03-27T10:00:00Z"]] },
  { key: "c7", job: "one", source: "self_apply", createdAt: "2026-02-27T10:00:00Z", start: "applied", fit: 99, changes: [["hired", "2026-03-05T10:00:00Z"]] },
  { key: "c8", job: "one", source: "public_api", createdAt: "2026-03-30T00:30:00Z", start: "applied" },
  { key: "c9", job: "one", source: "manual", createdAt: "2026-03-12T10:00:00Z", start: "prospect", fit: 19.99, changes: [["rejected", "2026-03-12T16:00:00Z"]] },
];

const MARCH = { from: "2026-03-02", to: "2026-03-29" };
const DAY = 86_400;

let app: { url: string; close: () => Promise<void> };
let A: TestCompany & { jobTwo: number; cookie: string; ids: Record<string, number> };
let B: TestCompany & { cookie: string };

async function signedInCookie(companyId: number): Promise<string> {
  const user = await createUser(getPrisma(), { companyId, email: `reports-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple" });
  const { token } = await createSession(getPrisma(), user.id);
  return `${SESSION_COOKIE}=${token}`;
}

async function seedHistory<S extends string, J extends string>(companyId: number, jobs: Record<J, number>, history: Seeded<S, J>[]): Promise<Record<string, number>> {
  const prisma = getPrisma();
  const ids: Record<string, number> = {};
  const reasons = new Map((await prisma.rejectReason.findMany({ where: { companyId } })).map((r) => [r.name, r.id]));
  for (const c of history) {
    const current = c.changes?.at(-1)?.[0] ?? c.start;
    const rejectReasonId = c.reason === undefined ? null : reasons.get(c.reason);
    if (rejectReasonId === undefined) throw new Error(`no reject reason "${c.reason}" in company ${companyId}`);
    const row = await prisma.candidate.create({
      data: {
        companyId,
        jobId: jobs[c.job],
        name: `Report ${c.key}`,
        stage: current,
        applicationSource: c.source,
        fitScore: c.fit ?? null,
        rejectReasonId,
        createdAt: new Date(c.createdAt),
      },
    });
    ids[c.key] = row.id;
    await prisma.candidateActivity.create({ data: { companyId, candidateId: row.id, type: "created", addedBy: "api", data: { source: c.source, stage: c.start }, createdAt: new Date(c.createdAt) } });
    await prisma.candidateActivity.create({ data: { companyId, candidateId: row.id, type: "note_added", addedBy: "user", note: "=HYPERLINK(\"x\")", createdAt: new Date(c.createdAt) } });
    let previous: string = c.start;
    for (const [stage, at] of c.changes ?? []) {
      await prisma.candidateActivity.create({
        data: { companyId, candidateId: row.id, type: "stage_changed", addedBy: "user", data: { previous_stage: previous, new_stage: stage }, createdAt: new Date(at) },
      });
      previous = stage;
    }
  }
  return ids;
}

beforeAll(async () => {
  const a = await createTestCompany();
  const jobTwo = await addJob(a, { title: "Second job" });
  const b = await createTestCompany();
  A = { ...a, jobTwo, cookie: await signedInCookie(a.id), ids: await seedHistory(a.id, { one: a.jobId, two: jobTwo }, HISTORY) };
  B = { ...b, cookie: await signedInCookie(b.id) };
  // Company B: the same history (and a hire) in its own jobs; none of it may show in A's reports.
  await seedHistory(b.id, { one: b.jobId, two: b.jobId }, [...HISTORY, { key: "b1", job: "one", source: "import", createdAt: "2026-03-10T10:00:00Z", start: "applied", fit: 5, changes: [["hired", "2026-03-11T10:00:00Z"]] }]);
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === "/api/reports.csv") return csvRoute.GET(req);
    if (pathname.startsWith("/api/trpc/")) return trpcRoute.GET(req);
    return new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

/** Stage rows without their labels (name, type): the numbers, as asserted before pipelines had names. */
function numbers<T extends { name?: unknown; type?: unknown }>(rows: T[]): Omit<T, "name" | "type">[] {
  return rows.map(({ name: _name, type: _type, ...rest }) => rest);
}

const DEFAULT_NAMES = [
  ["prospect", "Prospect"],
  ["applied", "Applied"],
  ["phonescreen", "Phone screen"],
  ["inprogress", "In progress"],
  ["hired", "Hired"],
  ["rejected", "Rejected"],
];

async function report(path: string, input: Record<string, unknown>, cookie = A.cookie) {
  const res = await fetch(`${app.url}/api/trpc/reports.${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
  const body = await res.json();
  return { status: res.status, body, data: body.result?.data?.data, error: body.error?.data?.error };
}

async function csv(query: Record<string, string>, cookie: string | null = A.cookie) {
  const res = await fetch(`${app.url}/api/reports.csv?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("funnel", () => {
  it("counts the candidates who reached each stage (current stage, later, or any stage in their history) and the conversions", async () => {
    const { status, data } = await report("funnel", MARCH);
    expect(status).toBe(200);
    expect(data.range).toEqual({ ...MARCH, tz: "UTC", job_id: null });
    expect(data.candidates).toBe(7);
    expect(data.rejected).toBe(2);
    expect(data.by).toBe("stage_type");
    expect(data.stages.map((s: { stage: string; name: string; type: string }) => [s.stage, s.name, s.type])).toEqual(DEFAULT_NAMES.slice(0, 5).map(([type, name]) => [type, name, type]));
    expect(numbers(data.stages)).toEqual([
      { stage: "prospect", reached: 7, conversion: null, rejected: 1 },
      { stage: "applied", reached: 5, conversion: 5 / 7, rejected: 0 },
      { stage: "phonescreen", reached: 4, conversion: 0.8, rejected: 1 },
      { stage: "inprogress", reached: 2, conversion: 0.5, rejected: 0 },
      { stage: "hired", reached: 1, conversion: 0.5, rejected: 0 },
    ]);
  });

  it("filters by job (a conversion from an empty stage is null)", async () => {
    const { data } = await report("funnel", { ...MARCH, job_id: A.jobTwo });
    expect(data.range.job_id).toBe(A.jobTwo);
    // A job with the default pipeline: its stages are the six, key = type, so the rows are the same.
    expect(data.by).toBe("job_stage");
    expect(data.stages.map((s: { stage: string; name: string }) => [s.stage, s.name])).toEqual(DEFAULT_NAMES.slice(0, 5));
    expect(data.stages.map((s: { reached: number; conversion: number | null }) => [s.reached, s.conversion])).toEqual([
      [2, null],
      [1, 0.5],
      [0, 0],
      [0, null],
      [0, null],
    ]);
  });

  it("selects candidates by application date in the time zone's days", async () => {
    const ny = await report("funnel", { ...MARCH, tz: "America/New_York" });
    expect(ny.data.candidates).toBe(8); // c8 applied on Sunday the 29th, 20:30 in New York
    const week = await report("funnel", { from: "2026-03-09", to: "2026-03-15" });
    expect(week.data.candidates).toBe(2); // c3, c9
  });
});

describe("median time in stage", () => {
  it("measures every completed stay from the stage-change history", async () => {
    const { data } = await report("timeInStage", MARCH);
    expect(data.stages.map((s: { stage: string; name: string }) => [s.stage, s.name])).toEqual(DEFAULT_NAMES);
    expect(numbers(data.stages)).toEqual([
      { stage: "prospect", stints: 2, median_seconds: (DAY + DAY / 4) / 2 }, // c3 1 day, c9 6 hours
      { stage: "applied", stints: 4, median_seconds: 3 * DAY }, // 1, 2, 4, 6 days
      { stage: "phonescreen", stints: 2, median_seconds: 3 * DAY }, // 5 days, 1 day
      { stage: "inprogress", stints: 2, median_seconds: 5.5 * DAY }, // 10 days, 1 day
      { stage: "hired", stints: 0, median_seconds: null },
      { stage: "rejected", stints: 0, median_seconds: null },
    ]);
  });

  it("follows the range's candidates through changes made after the range", async () => {
    const { data } = await report("timeInStage", { from: "2026-03-02", to: "2026-03-08" }); // c1, c2
    expect(data.stages.slice(0, 4).map((s: { stints: number; median_seconds: number | null }) => [s.stints, s.median_seconds])).toEqual([
      [0, null],
      [2, 3 * DAY],
      [2, 3 * DAY],
      [1, 10 * DAY],
    ]);
  });
});

describe("applications per week", () => {
  it("buckets by Monday-based weeks in UTC", async () => {
    const { data } = await report("applications", MARCH);
    expect(data.total).toBe(7);
    expect(data.weeks).toEqual([
      { week_start: "2026-03-02", candidates: 2, partial: false },
      { week_start: "2026-03-09", candidates: 2, partial: false },
      { week_start: "2026-03-16", candidates: 2, partial: false },
      { week_start: "2026-03-23", candidates: 1, partial: false },
    ]);
  });

  it("puts Sunday 23:30 UTC into the next week in Europe/Berlin, and the 29th's evening into March in New York", async () => {
    const berlin = await report("applications", { ...MARCH, tz: "Europe/Berlin" });
    expect(berlin.data.range.tz).toBe("Europe/Berlin");
    expect(berlin.data.weeks.map((w: { candidates: number }) => w.candidates)).toEqual([2, 2, 1, 2]);
    const ny = await report("applications", { ...MARCH, tz: "America/New_York" });
    expect(ny.data.weeks.map((w: { candidates: number }) => w.candidates)).toEqual([2, 2, 2, 2]);
  });

  it("lists empty weeks and marks the partial first and last weeks", async () => {
    const { data } = await report("applications", { from: "2026-03-10", to: "2026-04-07" });
    expect(data.weeks).toEqual([
      { week_start: "2026-03-09", candidates: 2, partial: true },
      { week_start: "2026-03-16", candidates: 2, partial: false },
      { week_start: "2026-03-23", candidates: 1, partial: false },
      { week_start: "2026-03-30", candidates: 1, partial: false }, // c8, Monday 00:30 UTC
      { week_start: "2026-04-06", candidates: 0, partial: true },
    ]);
  });
});

describe("source mix and fit scores", () => {
  it("counts each application source with its share and hires", async () => {
    const { data } = await report("sources", MARCH);
    expect(data.total).toBe(7);
    expect(data.sources).toEqual([
      { source: "public_api", candidates: 1, share: 1 / 7, hired: 0 },
      { source: "self_apply", candidates: 3, share: 3 / 7, hired: 1 },
      { source: "manual", candidates: 2, share: 2 / 7, hired: 0 },
      { source: "import", candidates: 1, share: 1 / 7, hired: 0 },
    ]);
  });

  it("distributes the fit scores of each current stage over the buckets (60 and 80 open their bands)", async () => {
    const { data } = await report("fitScores", MARCH);
    expect(data.buckets).toEqual(["0–19", "20–39", "40–59", "60–79", "80–100"]);
    expect(numbers(data.stages)).toEqual([
      { stage: "prospect", candidates: 1, scored: 0, counts: [0, 0, 0, 0, 0], median: null },
      { stage: "applied", candidates: 2, scored: 2, counts: [1, 0, 0, 0, 1], median: 47.5 },
      { stage: "phonescreen", candidates: 1, scored: 1, counts: [0, 0, 0, 1, 0], median: 60 },
      { stage: "inprogress", candidates: 0, scored: 0, counts: [0, 0, 0, 0, 0], median: null },
      { stage: "hired", candidates: 1, scored: 1, counts: [0, 0, 0, 0, 1], median: 92 },
      { stage: "rejected", candidates: 2, scored: 2, counts: [1, 0, 1, 0, 0], median: expect.closeTo(32.495, 6) },
    ]);
  });
});

describe("reject reasons", () => {
  it("counts the range's rejected candidates per reason of the company (all of A's without one)", async () => {
    const { status, data } = await report("rejectReasons", MARCH);
    expect(status).toBe(200);
    expect(data.rejected).toBe(2);
    const own = await getPrisma().rejectReason.findMany({ where: { companyId: A.id }, orderBy: { position: "asc" } });
    expect(data.reasons).toEqual([
      ...own.map((r) => ({ id: r.id, name: r.name, archived: false, candidates: 0, share: 0 })),
      { id: null, name: "No reason given", archived: false, candidates: 2, share: 1 },
    ]);
    const none = await report("rejectReasons", { ...MARCH, job_id: A.jobTwo });
    expect(none.data.rejected).toBe(0);
    expect(none.data.reasons.every((r: { share: number | null }) => r.share === null)).toBe(true);
  });
});

/**
 * Company C: a job with its own pipeline (keys other than the types, three in-progress stages, two
 * rejected-type stages) next to a job with the default pipeline. History values that are no key of
 * the job any more: "phonescreen" (a type's spelling: its first phone-screen stage) and "take_home"
 * (counted nowhere).
 */
const CUSTOM_STAGES = [
  { key: "sourced", name: "Sourced", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "technical", name: "Technical interview", type: "inprogress" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "offer", name: "Offer", type: "inprogress" },
  { key: "offer_accepted", name: "Offer accepted", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
  { key: "withdrawn", name: "Withdrawn", type: "rejected" },
] as const;
type CustomKey = (typeof CUSTOM_STAGES)[number]["key"] | Stage | "take_home";

const CUSTOM_HISTORY: Seeded<CustomKey, "custom" | "default">[] = [
  { key: "k1", job: "custom", source: "manual", createdAt: "2026-03-02T10:00:00Z", start: "applied", fit: 90, changes: [["recruiter_screen", "2026-03-03T10:00:00Z"], ["technical", "2026-03-05T10:00:00Z"], ["onsite", "2026-03-08T10:00:00Z"], ["offer", "2026-03-10T10:00:00Z"], ["offer_accepted", "2026-03-12T10:00:00Z"]] },
  { key: "k2", job: "custom", source: "manual", createdAt: "2026-03-03T10:00:00Z", start: "applied", fit: 50, reason: "Not a fit for the role", changes: [["recruiter_screen", "2026-03-04T10:00:00Z"], ["technical", "2026-03-06T10:00:00Z"], ["rejected", "2026-03-07T10:00:00Z"]] },
  // Skipped to the onsite, then moved back: still reached "Onsite".
  { key: "k3", job: "custom", source: "manual", createdAt: "2026-03-04T10:00:00Z", start: "sourced", fit: 70, changes: [["applied", "2026-03-05T10:00:00Z"], ["onsite", "2026-03-06T10:00:00Z"], ["applied", "2026-03-08T10:00:00Z"]] },
  // Withdrew with a reason archived since.
  { key: "k4", job: "custom", source: "manual", createdAt: "2026-03-05T10:00:00Z", start: "applied", reason: "Accepted another offer", changes: [["withdrawn", "2026-03-08T10:00:00Z"]] },
  { key: "k5", job: "custom", source: "manual", createdAt: "2026-03-06T10:00:00Z", start: "sourced", fit: 10, changes: [["rejected", "2026-03-07T10:00:00Z"]] },
  // Stages of an earlier pipeline of the job in the history.
  { key: "k6", job: "custom", source: "manual", createdAt: "2026-03-07T10:00:00Z", start: "applied", fit: 30, changes: [["phonescreen", "2026-03-08T10:00:00Z"], ["take_home", "2026-03-09T10:00:00Z"], ["applied", "2026-03-10T10:00:00Z"]] },
  { key: "d1", job: "default", source: "self_apply", createdAt: "2026-03-08T10:00:00Z", start: "applied", reason: "Withdrew", changes: [["phonescreen", "2026-03-09T10:00:00Z"], ["rejected", "2026-03-10T10:00:00Z"]] },
  { key: "d2", job: "default", source: "self_apply", createdAt: "2026-03-09T10:00:00Z", start: "prospect", changes: [["applied", "2026-03-10T10:00:00Z"], ["inprogress", "2026-03-12T10:00:00Z"], ["hired", "2026-03-20T10:00:00Z"]] },
  { key: "d3", job: "default", source: "public_api", createdAt: "2026-03-10T10:00:00Z", start: "applied" },
];

describe("custom pipelines", () => {
  let C: TestCompany & { custom: number; cookie: string; reasons: Map<string, number> };
  const asC = (path: string, input: Record<string, unknown>) => report(path, input, C.cookie);

  beforeAll(async () => {
    const c = await createTestCompany();
    const custom = await addJob(c, { title: "Custom pipeline job", stages: CUSTOM_STAGES.map((s) => ({ ...s })) });
    const svc = systemContext(getPrisma(), c.id);
    // A reason archived after candidates got it, and a default one archived while nobody has it.
    const archived = await createRejectReason(svc, { name: "Accepted another offer" });
    const location = (await getPrisma().rejectReason.findFirstOrThrow({ where: { companyId: c.id, name: "Location" } })).id;
    await seedHistory(c.id, { custom, default: c.jobId }, CUSTOM_HISTORY);
    await updateRejectReason(svc, { id: archived.id, archived: true });
    await updateRejectReason(svc, { id: location, archived: true });
    const reasons = new Map((await getPrisma().rejectReason.findMany({ where: { companyId: c.id } })).map((r) => [r.name, r.id]));
    C = { ...c, custom, cookie: await signedInCookie(c.id), reasons };
  });

  it("one job's funnel has the job's stages in its order, with their names; rejected-type stages are off the path", async () => {
    const { status, data } = await asC("funnel", { ...MARCH, job_id: C.custom });
    expect(status).toBe(200);
    expect(data.by).toBe("job_stage");
    expect(data.candidates).toBe(6);
    expect(data.rejected).toBe(3);
    expect(data.stages).toEqual([
      { stage: "sourced", name: "Sourced", type: "prospect", reached: 6, conversion: null, rejected: 1 }, // k5
      { stage: "applied", name: "Applied", type: "applied", reached: 5, conversion: 5 / 6, rejected: 1 }, // k4 (withdrawn)
      { stage: "recruiter_screen", name: "Recruiter screen", type: "phonescreen", reached: 4, conversion: 0.8, rejected: 0 }, // k6 by its old "phonescreen"
      { stage: "technical", name: "Technical interview", type: "inprogress", reached: 3, conversion: 0.75, rejected: 1 }, // k2
      { stage: "onsite", name: "Onsite", type: "inprogress", reached: 2, conversion: 2 / 3, rejected: 0 }, // k3, moved back
      { stage: "offer", name: "Offer", type: "inprogress", reached: 1, conversion: 0.5, rejected: 0 },
      { stage: "offer_accepted", name: "Offer accepted", type: "hired", reached: 1, conversion: 1, rejected: 0 }, // k1
    ]);
  });

  it("company-wide, every job's stages count by their type, in the types' order", async () => {
    const { data } = await asC("funnel", MARCH);
    expect(data.by).toBe("stage_type");
    expect(data.candidates).toBe(9);
    expect(data.rejected).toBe(4);
    expect(data.stages).toEqual([
      { stage: "prospect", name: "Prospect", type: "prospect", reached: 9, conversion: null, rejected: 1 },
      { stage: "applied", name: "Applied", type: "applied", reached: 8, conversion: 8 / 9, rejected: 1 },
      { stage: "phonescreen", name: "Phone screen", type: "phonescreen", reached: 6, conversion: 0.75, rejected: 1 },
      { stage: "inprogress", name: "In progress", type: "inprogress", reached: 4, conversion: 2 / 3, rejected: 1 },
      { stage: "hired", name: "Hired", type: "hired", reached: 2, conversion: 0.5, rejected: 0 },
    ]);
  });

  it("time in stage: per stage of the job, and company-wide per type", async () => {
    const job = await asC("timeInStage", { ...MARCH, job_id: C.custom });
    expect(job.data.by).toBe("job_stage");
    expect(job.data.stages.map((s: { stage: string; name: string; stints: number; median_seconds: number | null }) => [s.stage, s.name, s.stints, s.median_seconds])).toEqual([
      ["sourced", "Sourced", 2, DAY],
      ["applied", "Applied", 5, DAY], // 1, 1, 1, 3 (k4), 1 days
      ["recruiter_screen", "Recruiter screen", 3, 2 * DAY], // 2, 2, 1 (k6's "phonescreen")
      ["technical", "Technical interview", 2, 2 * DAY], // 3, 1
      ["onsite", "Onsite", 2, 2 * DAY],
      ["offer", "Offer", 1, 2 * DAY],
      ["offer_accepted", "Offer accepted", 0, null],
      ["rejected", "Rejected", 0, null],
      ["withdrawn", "Withdrawn", 0, null],
    ]);
    const company = await asC("timeInStage", MARCH);
    expect(company.data.by).toBe("stage_type");
    expect(company.data.stages.map((s: { stage: string; stints: number; median_seconds: number | null }) => [s.stage, s.stints, s.median_seconds])).toEqual([
      ["prospect", 3, DAY],
      ["applied", 7, DAY],
      ["phonescreen", 4, 1.5 * DAY],
      ["inprogress", 6, 2 * DAY], // 3, 2, 2, 1, 2, 8 days
      ["hired", 0, null],
      ["rejected", 0, null],
    ]);
  });

  it("fit scores per current stage of the job, company-wide per type; hires by type in the source mix", async () => {
    const job = await asC("fitScores", { ...MARCH, job_id: C.custom });
    expect(job.data.stages.map((s: { stage: string; candidates: number; counts: number[]; median: number | null }) => [s.stage, s.candidates, s.counts, s.median])).toEqual([
      ["sourced", 0, [0, 0, 0, 0, 0], null],
      ["applied", 2, [0, 1, 0, 1, 0], 50],
      ["recruiter_screen", 0, [0, 0, 0, 0, 0], null],
      ["technical", 0, [0, 0, 0, 0, 0], null],
      ["onsite", 0, [0, 0, 0, 0, 0], null],
      ["offer", 0, [0, 0, 0, 0, 0], null],
      ["offer_accepted", 1, [0, 0, 0, 0, 1], 90],
      ["rejected", 2, [1, 0, 1, 0, 0], 30],
      ["withdrawn", 1, [0, 0, 0, 0, 0], null],
    ]);
    const company = await asC("fitScores", MARCH);
    expect(company.data.stages.map((s: { stage: string; candidates: number }) => [s.stage, s.candidates])).toEqual([
      ["prospect", 0],
      ["applied", 3],
      ["phonescreen", 0],
      ["inprogress", 0],
      ["hired", 2],
      ["rejected", 4],
    ]);
    const sources = await asC("sources", MARCH);
    expect(sources.data.sources.map((s: { source: string; candidates: number; hired: number }) => [s.source, s.candidates, s.hired])).toEqual([
      ["public_api", 1, 0],
      ["self_apply", 2, 1],
      ["manual", 6, 1], // k1 in "offer_accepted"
      ["import", 0, 0],
    ]);
  });

  it("reject reasons: per reason in the company's order, an archived reason still named while it counts, then no reason", async () => {
    const { status, data } = await asC("rejectReasons", MARCH);
    expect(status).toBe(200);
    expect(data.rejected).toBe(4);
    const id = (name: string) => C.reasons.get(name)!;
    const row = (name: string, candidates: number, archived = false) => ({ id: id(name), name, archived, candidates, share: candidates / 4 });
    expect(data.reasons).toEqual([
      row("Not a fit for the role", 1), // k2
      row("Withdrew", 1), // d1
      row("Position filled", 0),
      row("Compensation", 0),
      // "Location" is archived and nobody in the range has it: not listed.
      row("No response", 0),
      row("Other", 0),
      row("Accepted another offer", 1, true), // k4
      { id: null, name: "No reason given", archived: false, candidates: 1, share: 0.25 }, // k5
    ]);
    const job = await asC("rejectReasons", { ...MARCH, job_id: C.custom });
    expect(job.data.rejected).toBe(3);
    expect(job.data.reasons.filter((r: { candidates: number }) => r.candidates > 0).map((r: { name: string; candidates: number }) => [r.name, r.candidates])).toEqual([
      ["Not a fit for the role", 1],
      ["Accepted another offer", 1],
      ["No reason given", 1],
    ]);
    // Another company's report lists its own reasons only.
    const a = await report("rejectReasons", MARCH);
    expect(a.data.reasons.map((r: { id: number | null }) => r.id).filter((r: number | null) => r !== null && [...C.reasons.values()].includes(r))).toEqual([]);
  });

  it("CSV: stage rows carry the job's keys with names and types; reject reasons have their own CSV", async () => {
    const funnel = await csv({ report: "funnel", ...MARCH, job_id: String(C.custom) }, C.cookie);
    expect(funnel.status).toBe(200);
    expect(funnel.headers.get("content-disposition")).toContain(`funnel_job-${C.custom}_2026-03-02_2026-03-29.csv`);
    expect(funnel.text).toBe(
      [
        "stage,reached,conversion_from_previous,rejected_here,stage_name,stage_type",
        "sourced,6,,1,Sourced,prospect",
        "applied,5,0.8333,1,Applied,applied",
        "recruiter_screen,4,0.8,0,Recruiter screen,phonescreen",
        "technical,3,0.75,1,Technical interview,inprogress",
        "onsite,2,0.6667,0,Onsite,inprogress",
        "offer,1,0.5,0,Offer,inprogress",
        "offer_accepted,1,1,0,Offer accepted,hired",
        "",
      ].join("\r\n"),
    );
    const stays = await csv({ report: "time_in_stage", ...MARCH, job_id: String(C.custom) }, C.cookie);
    expect(stays.text.split("\r\n").slice(3, 5)).toEqual(["recruiter_screen,3,172800,2,Recruiter screen,phonescreen", "technical,2,172800,2,Technical interview,inprogress"]);
    const fit = await csv({ report: "fit_scores", ...MARCH }, C.cookie);
    expect(fit.text.split("\r\n")[6]).toBe("rejected,4,2,2,1,0,1,0,0,30,Rejected,rejected"); // k2 50, k5 10; k4 and d1 unscored
    const reasons = await csv({ report: "reject_reasons", ...MARCH }, C.cookie);
    expect(reasons.status).toBe(200);
    expect(reasons.headers.get("content-disposition")).toBe('attachment; filename="reject-reasons_all-jobs_2026-03-02_2026-03-29.csv"');
    expect(reasons.text).toBe(
      [
        "reject_reason_id,reject_reason,archived,candidates,share",
        `${C.reasons.get("Not a fit for the role")},Not a fit for the role,false,1,0.25`,
        `${C.reasons.get("Withdrew")},Withdrew,false,1,0.25`,
        `${C.reasons.get("Position filled")},Position filled,false,0,0`,
        `${C.reasons.get("Compensation")},Compensation,false,0,0`,
        `${C.reasons.get("No response")},No response,false,0,0`,
        `${C.reasons.get("Other")},Other,false,0,0`,
        `${C.reasons.get("Accepted another offer")},Accepted another offer,true,1,0.25`,
        ",No reason given,false,1,0.25",
        "",
      ].join("\r\n"),
    );
  });
});

describe("tenancy and input", () => {
  it("never counts another company's rows, and another company's job is a 404", async () => {
    const b = await report("funnel", MARCH, B.cookie);
    expect(b.data.candidates).toBe(8); // B's own history plus its extra hire
    const foreign = await report("sources", { ...MARCH, job_id: A.jobId }, B.cookie);
    expect([foreign.status, foreign.error?.code]).toEqual([404, "not_found"]);
    await expect(funnelReport(systemContext(getPrisma(), B.id), { job_id: A.jobTwo })).rejects.toMatchObject({ code: "not_found" });
  });

  it.each([
    [{ from: "2026-03-10", to: "2026-03-01" }, "from"],
    [{ from: "2024-01-01", to: "2026-03-01" }, "from"],
    [{ from: "2026-02-30" }, "from"],
    [{ to: "1999-12-31" }, "to"],
    [{ tz: "Mars/Olympus" }, "tz"],
    [{ tz: "+01:00" }, "tz"],
    [{ job_id: 0 }, "job_id"],
    [{ job_id: 2 ** 31 }, "job_id"],
    [{ from: "2999-01-01" }, "from"],
  ])("%j is a 400 naming %s", async (input, field) => {
    const { status, error } = await report("funnel", input);
    expect(status).toBe(400);
    expect(error.code).toBe("validation_error");
    expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("needs a session", async () => {
    const res = await fetch(`${app.url}/api/trpc/reports.funnel?input=${encodeURIComponent("{}")}`);
    expect(res.status).toBe(401);
  });

  it("defaults to the 90 days up to today, in UTC", async () => {
    // Today as the server saw it: the day before or after the request (the same day unless it straddles midnight, UTC).
    const before = new Date().toISOString().slice(0, 10);
    const { data } = await report("funnel", {});
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(data.range.to);
    expect(Date.parse(data.range.to) - Date.parse(data.range.from)).toBe(89 * DAY * 1000);
  });
});

describe("CSV downloads (/api/reports.csv)", () => {
  it("answers the funnel's table as an attachment", async () => {
    const res = await csv({ report: "funnel", ...MARCH, job_id: "" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="funnel_all-jobs_2026-03-02_2026-03-29.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text).toBe(
      [
        "stage,reached,conversion_from_previous,rejected_here,stage_name,stage_type",
        "prospect,7,,1,Prospect,prospect",
        "applied,5,0.7143,0,Applied,applied",
        "phonescreen,4,0.8,1,Phone screen,phonescreen",
        "inprogress,2,0.5,0,In progress,inprogress",
        "hired,1,0.5,0,Hired,hired",
        "",
      ].join("\r\n"),
    );
  });

  it("has one CSV per chart, with the page's filters", async () => {
    const stays = await csv({ report: "time_in_stage", ...MARCH });
    expect(stays.text.split("\r\n").slice(0, 3)).toEqual([
      "stage,completed_stays,median_seconds,median_days,stage_name,stage_type",
      "prospect,2,54000,0.63,Prospect,prospect",
      "applied,4,259200,3,Applied,applied",
    ]);
    const weeks = await csv({ report: "applications", ...MARCH, tz: "Europe/Berlin", job_id: String(A.jobTwo) });
    expect(weeks.headers.get("content-disposition")).toContain(`applications_job-${A.jobTwo}_2026-03-02_2026-03-29.csv`);
    expect(weeks.text).toBe(["week_start,candidates,partial_week", "2026-03-02,0,false", "2026-03-09,0,false", "2026-03-16,1,false", "2026-03-23,1,false", ""].join("\r\n"));
    const sources = await csv({ report: "sources", ...MARCH });
    expect(sources.text.split("\r\n")[0]).toBe("source,candidates,share,hired,source_label");
    expect(sources.text.split("\r\n")[2]).toBe("self_apply,3,0.4286,1,Careers page");
    const fit = await csv({ report: "fit_scores", ...MARCH });
    expect(fit.text.split("\r\n").slice(0, 3)).toEqual([
      "stage,candidates,scored,not_scored,fit_0_19,fit_20_39,fit_40_59,fit_60_79,fit_80_100,median_fit_score,stage_name,stage_type",
      "prospect,1,0,1,0,0,0,0,0,,Prospect,prospect",
      "applied,2,2,0,1,0,0,0,1,47.5,Applied,applied",
    ]);
    const reasons = await csv({ report: "reject_reasons", ...MARCH });
    expect(reasons.headers.get("content-disposition")).toContain("reject-reasons_all-jobs_2026-03-02_2026-03-29.csv");
    expect(reasons.text.split("\r\n").at(-2)).toBe(",No reason given,false,2,1"); // c2, c9: rejected without a reason
  });

  it("needs a session (401 envelope) and refuses bad parameters with a 400, another company's job with a 404", async () => {
    const anonymous = await csv({ report: "funnel" }, null);
    expect(anonymous.status).toBe(401);
    expect(JSON.parse(anonymous.text).error.code).toBe("unauthorized");
    expect(anonymous.headers.get("request-id")).toMatch(/^req_/);
    const bad: Record<string, string>[] = [{}, { report: "everything" }, { report: "funnel", job_id: "0x10" }, { report: "funnel", from: "yesterday" }, { report: "funnel", tz: "Nowhere/Land" }, { report: "funnel", from: "2026-04-01", to: "2026-03-01" }];
    for (const query of bad) {
      const res = await csv(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(JSON.parse(res.text).error.code).toBe("validation_error");
    }
    const foreign = await csv({ report: "funnel", job_id: String(A.jobId) }, B.cookie);
    expect(foreign.status).toBe(404);
  });

  it("has the interview reports' CSVs with the same filters (hours for overdue scorecards): 400 for bad ones, 404 for another company's job", async () => {
    const perStage = await csv({ report: "interviews_per_stage", ...MARCH });
    expect(perStage.status, perStage.text).toBe(200);
    expect(perStage.headers.get("content-disposition")).toBe('attachment; filename="interviews-per-stage_all-jobs_2026-03-02_2026-03-29.csv"');
    expect(perStage.text.split("\r\n").slice(0, 2)).toEqual(["stage,scheduled,completed,canceled,stage_name,stage_type", "prospect,0,0,0,Prospect,prospect"]);
    const first = await csv({ report: "time_to_first_interview", ...MARCH });
    // The range's seven candidates, none interviewed.
    expect(first.text.split("\r\n").slice(0, 2)).toEqual(["job_id,job_title,candidates,interviewed,median_days,p75_days,p90_days", ",All jobs,7,0,,,"]);
    const overdue = await csv({ report: "overdue_scorecards", ...MARCH, hours: "48", job_id: String(A.jobId) });
    expect(overdue.status, overdue.text).toBe(200);
    expect(overdue.text).toBe("interviewer_name,interviewer_email,interview_id,interview_title,interview_end_at,hours_overdue,candidate_id,candidate_name,job_title\r\n");
    const bad: Record<string, string>[] = [{ report: "overdue_scorecards", hours: "0" }, { report: "overdue_scorecards", hours: "1e3" }, { report: "interviews_per_stage", job_id: "0x10" }, { report: "time_to_first_interview", from: "2026-04-01", to: "2026-03-01" }];
    for (const query of bad) {
      const res = await csv(query);
      expect([res.status, JSON.parse(res.text).error.code], JSON.stringify(query)).toEqual([400, "validation_error"]);
    }
    expect((await csv({ report: "overdue_scorecards", job_id: String(A.jobId) }, B.cookie)).status).toBe(404);
    expect((await csv({ report: "interviews_per_stage" }, null)).status).toBe(401);
  });

  it("escapes cells: formulas are shown, not evaluated; quotes, commas and line breaks are quoted", () => {
    expect(csvCell("=HYPERLINK(\"http://evil\")")).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell(null)).toBe("");
    expect(csvDocument(["a", "b"], [["=1", 2]])).toBe("a,b\r\n'=1,2\r\n");
  });
});
