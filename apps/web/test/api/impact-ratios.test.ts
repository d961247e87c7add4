import { criteriaHash } from "@hireflow/core/screening/engine";
import { readScreening } from "@hireflow/core/screening/settings";
import { getPrisma, type Prisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addApiKey, addJob, createTestCompany } from "../helpers/fixtures.ts";

/**
 * GET /api/v1/reports/impact_ratios over real HTTP on real PostgreSQL: a job's applicants with
 * self-identification, completed scorings (some with the agent's advance), stage moves, and people
 * who must not count (never assessed, only a failed scoring, another job, another company). Both
 * modes' three tables are checked exactly against numbers worked out by hand.
 */
const app = useApiApp();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const FROM = day(-1);
const TO = day(1);
const report = (query: string) => app.api.get(`/reports/impact_ratios?${query}`);

type Sex = "female" | "male" | "decline" | null;
type Race = "white" | "black" | "asian" | null;
interface Applicant {
  sex: Sex;
  race: Race;
  score: number;
  advanced: boolean;
  engine?: { engine: string; model: string | null };
}

// Worked out by hand below: 14 assessed applicants, median fit score (55 + 60) / 2 = 57.5.
const APPLICANTS: Applicant[] = [
  { sex: "female", race: "white", score: 90, advanced: true },
  { sex: "female", race: "white", score: 80, advanced: true },
  { sex: "female", race: "white", score: 40, advanced: false },
  { sex: "female", race: "white", score: 30, advanced: false },
  { sex: "female", race: "black", score: 70, advanced: true, engine: { engine: "model", model: "claude-test-1" } },
  { sex: "female", race: "black", score: 20, advanced: false },
  { sex: "male", race: "white", score: 60, advanced: true },
  { sex: "male", race: "white", score: 55, advanced: false },
  { sex: "male", race: "white", score: 50, advanced: false },
  { sex: "male", race: "white", score: 10, advanced: false },
  { sex: "male", race: "white", score: 85, advanced: false },
  { sex: "male", race: "asian", score: 65, advanced: true },
  { sex: "decline", race: "white", score: 45, advanced: false },
  { sex: null, race: null, score: 75, advanced: true },
];

let jobId: number;
const ids: number[] = [];

async function createApplicant(api: ReturnType<typeof apiClient>, job: number, who: Pick<Applicant, "sex" | "race">, i: number): Promise<number> {
  const selfId = who.sex === null && who.race === null ? undefined : { ...(who.sex && { sex: who.sex }), ...(who.race && { race_ethnicity: who.race }) };
  const res = await api.post("/candidates", { job_id: job, name: `Applicant ${i}`, email: `a${i}.${job}@example.com`, self_id: selfId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function addRun(companyId: number, job: number, candidateId: number, data: Partial<Prisma.ScreeningRunUncheckedCreateInput>) {
  await getPrisma().screeningRun.create({
    data: { companyId, jobId: job, candidateId, trigger: "initial", status: "completed", engine: "local", criteriaHash: "h", inputHash: "i", criteria: [], ...data },
  });
}

beforeAll(async () => {
  const { acme, api } = app;
  jobId = acme.jobId;
  for (const [i, who] of APPLICANTS.entries()) {
    const id = await createApplicant(api, jobId, who, i);
    ids.push(id);
    await getPrisma().candidate.update({ where: { id }, data: { fitScore: who.score, fitStatus: "completed" } });
    await addRun(acme.id, jobId, id, {
      fitScore: who.score,
      ...(who.engine ?? {}),
      ...(who.advanced && { action: { action: "advance", from: "prospect", to: "phonescreen", reason: "fit ≥ 60" } }),
    });
  }
  // Not in the sample: never assessed; only a failed scoring; another job; another company.
  const unassessed = await createApplicant(api, jobId, { sex: "female", race: "white" }, 100);
  expect(unassessed).toBeGreaterThan(0);
  const failed = await createApplicant(api, jobId, { sex: "male", race: "black" }, 101);
  await addRun(acme.id, jobId, failed, { status: "failed", engine: "model", model: "not-counted" });
  const otherJob = await addJob(acme);
  const elsewhere = await createApplicant(api, otherJob, { sex: "female", race: "asian" }, 102);
  await addRun(acme.id, otherJob, elsewhere, { fitScore: 99, action: { action: "advance" } });
  const other = await createTestCompany();
  const foreign = await createApplicant(apiClient(app.url, other), other.jobId, { sex: "male", race: "white" }, 103);
  await addRun(other.id, other.jobId, foreign, { fitScore: 99, action: { action: "advance" } });

  // Reached phonescreen: #0 moved there and back, #6 is there now.
  for (const [index, stages] of [[0, ["phonescreen", "applied"]], [6, ["phonescreen"]]] as const) {
    for (const stage of stages) expect((await api.patch(`/candidates/${ids[index]}`, { stage })).status).toBe(200);
  }
  // The criteria the report names: set after the runs, so no real scoring races the ones above.
  const patched = await api.patch(`/jobs/${jobId}`, { screening: { mode: "score", criteria: [{ type: "skill", value: "Python" }] } });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
});

describe("GET /api/v1/reports/impact_ratios", () => {
  it("selection mode: the agent's advance, by sex, race/ethnicity and both", async () => {
    const res = await report(`job_id=${jobId}&from=${FROM}&to=${TO}&mode=selection`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = await getPrisma().job.findUniqueOrThrow({ where: { id: jobId } });
    expect(res.body).toEqual({
      data: {
        mode: "selection",
        job_id: jobId,
        from: FROM,
        to: TO,
        selected_stage_type: null,
        sample_size: 14,
        opted_out: 0,
        unknown: { sex: 2, race_ethnicity: 1 },
        engines: [
          { engine: "local", model: null },
          { engine: "model", model: "claude-test-1" },
        ],
        criteria_hash: criteriaHash(readScreening(job.screening).criteria),
        tables: {
          sex: [
            { sex: "female", n: 6, rate: 0.5, impact_ratio: 1, excluded_small: false },
            { sex: "male", n: 6, rate: 0.333, impact_ratio: 0.667, excluded_small: false },
          ],
          race_ethnicity: [
            { race_ethnicity: "white", n: 10, rate: 0.3, impact_ratio: 0.3, excluded_small: false },
            { race_ethnicity: "black", n: 2, rate: 0.5, impact_ratio: 0.5, excluded_small: false },
            { race_ethnicity: "asian", n: 1, rate: 1, impact_ratio: 1, excluded_small: false },
          ],
          intersectional: [
            { sex: "female", race_ethnicity: "white", n: 4, rate: 0.5, impact_ratio: 0.5, excluded_small: false },
            { sex: "female", race_ethnicity: "black", n: 2, rate: 0.5, impact_ratio: 0.5, excluded_small: false },
            { sex: "male", race_ethnicity: "white", n: 5, rate: 0.2, impact_ratio: 0.2, excluded_small: false },
            { sex: "male", race_ethnicity: "asian", n: 1, rate: 1, impact_ratio: 1, excluded_small: false },
          ],
        },
      },
    });
    expect(res.body.data.criteria_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("selection mode with selected_stage_type: whoever reached a stage of that type", async () => {
    const res = await report(`job_id=${jobId}&from=${FROM}&to=${TO}&mode=selection&selected_stage_type=phonescreen`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.selected_stage_type).toBe("phonescreen");
    expect(res.body.data.tables.sex).toEqual([
      { sex: "female", n: 6, rate: 0.167, impact_ratio: 1, excluded_small: false },
      { sex: "male", n: 6, rate: 0.167, impact_ratio: 1, excluded_small: false },
    ]);
    expect(res.body.data.tables.intersectional).toEqual([
      { sex: "female", race_ethnicity: "white", n: 4, rate: 0.25, impact_ratio: 1, excluded_small: false },
      { sex: "female", race_ethnicity: "black", n: 2, rate: 0, impact_ratio: 0, excluded_small: false },
      { sex: "male", race_ethnicity: "white", n: 5, rate: 0.2, impact_ratio: 0.8, excluded_small: false },
      { sex: "male", race_ethnicity: "asian", n: 1, rate: 0, impact_ratio: 0, excluded_small: false },
    ]);
  });

  it("scoring mode: the share above the sample's median fit score", async () => {
    const res = await report(`job_id=${jobId}&from=${FROM}&to=${TO}&mode=scoring`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ mode: "scoring", sample_size: 14, median_score: 57.5, selected_stage_type: null, unknown: { sex: 2, race_ethnicity: 1 } });
    expect(res.body.data.tables).toEqual({
      sex: [
        { sex: "female", n: 6, rate: 0.5, impact_ratio: 1, excluded_small: false },
        { sex: "male", n: 6, rate: 0.5, impact_ratio: 1, excluded_small: false },
      ],
      race_ethnicity: [
        { race_ethnicity: "white", n: 10, rate: 0.4, impact_ratio: 0.4, excluded_small: false },
        { race_ethnicity: "black", n: 2, rate: 0.5, impact_ratio: 0.5, excluded_small: false },
        { race_ethnicity: "asian", n: 1, rate: 1, impact_ratio: 1, excluded_small: false },
      ],
      intersectional: [
        { sex: "female", race_ethnicity: "white", n: 4, rate: 0.5, impact_ratio: 0.5, excluded_small: false },
        { sex: "female", race_ethnicity: "black", n: 2, rate: 0.5, impact_ratio: 0.5, excluded_small: false },
        { sex: "male", race_ethnicity: "white", n: 5, rate: 0.4, impact_ratio: 0.4, excluded_small: false },
        { sex: "male", race_ethnicity: "asian", n: 1, rate: 1, impact_ratio: 1, excluded_small: false },
      ],
    });
  });

  it("defaults to selection mode over the 365 days up to today", async () => {
    // Today as the server saw it: the day before or after the request (the same day unless it straddles midnight, UTC).
    const before = { to: day(0), from: day(-364) };
    const res = await report(`job_id=${jobId}`);
    const after = { to: day(0), from: day(-364) };
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ mode: "selection", sample_size: 14 });
    expect([before, after]).toContainEqual({ to: res.body.data.to, from: res.body.data.from });
  });

  it("company-wide: every job's assessed applicants, no criteria hash; a range before them is an empty sample", async () => {
    const wide = await report(`from=${FROM}&to=${TO}&mode=selection`);
    expect(wide.status).toBe(200);
    expect(wide.body.data).toMatchObject({ job_id: null, sample_size: 15, criteria_hash: null });
    expect(wide.body.data.tables.race_ethnicity).toContainEqual({ race_ethnicity: "asian", n: 2, rate: 1, impact_ratio: 1, excluded_small: false });
    const empty = await report(`job_id=${jobId}&from=2020-01-01&to=2020-12-31&mode=scoring`);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ sample_size: 0, median_score: null, unknown: { sex: 0, race_ethnicity: 0 }, engines: [], tables: { sex: [], race_ethnicity: [], intersectional: [] } });
  });

  it("answers bad input with the error envelope naming the field", async () => {
    const cases: [string, string][] = [
      [`job_id=${jobId}&from=${FROM}&to=${TO}&mode=hiring`, "mode"],
      [`job_id=${jobId}&from=${FROM}&to=${TO}&mode=`, "mode"],
      [`job_id=${jobId}&from=2026-13-40&to=${TO}&mode=selection`, "from"],
      [`job_id=${jobId}&from=${FROM}&to=yesterday&mode=selection`, "to"],
      [`job_id=${jobId}&from=${TO}&to=${FROM}&mode=selection`, "from"],
      [`job_id=${jobId}&from=2020-01-01&to=2026-01-01&mode=selection`, "from"],
      [`job_id=abc&from=${FROM}&to=${TO}&mode=selection`, "job_id"],
      [`job_id=${jobId}&from=${FROM}&to=${TO}&mode=scoring&selected_stage_type=phonescreen`, "selected_stage_type"],
      [`job_id=${jobId}&from=${FROM}&to=${TO}&mode=selection&selected_stage_type=interview`, "selected_stage_type"],
      [`job_id=${jobId}&from=${FROM}&to=${TO}&mode=selection&tz=UTC`, "tz"],
    ];
    for (const [query, field] of cases) {
      const res = await report(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe("validation_error");
      expect(res.body.error.details.map((d: { field: string }) => d.field), query).toContain(field);
    }
  });

  it("is a 404 for an unknown job and for another company's job", async () => {
    const other = await createTestCompany();
    for (const id of [2_000_000_000, other.jobId]) {
      const res = await report(`job_id=${id}&from=${FROM}&to=${TO}&mode=selection`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
  });

  it("needs reports:read: a key without it is a 403, a key with only it may read", async () => {
    const without = await addApiKey(app.acme, ["candidates:read", "jobs:read"]);
    const denied = await apiClient(app.url, without).get(`/reports/impact_ratios?job_id=${jobId}&from=${FROM}&to=${TO}&mode=selection`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe("forbidden");
    const only = await addApiKey(app.acme, ["reports:read"]);
    const allowed = await apiClient(app.url, only).get(`/reports/impact_ratios?job_id=${jobId}&from=${FROM}&to=${TO}&mode=selection`);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.sample_size).toBe(14);
  });
});
