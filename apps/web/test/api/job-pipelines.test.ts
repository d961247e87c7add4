import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Job pipelines over real HTTP (issue 23): each job's own ordered stages {key, name, type}, stage
 * keys or types on create and move, the pipeline edit with its 409 and stage_moves, reject reasons,
 * the stage and stage_type filters, and the payloads of candidate.stage_changed.
 */
const app = useApiApp();

const DEFAULT = [
  { key: "prospect", name: "Prospect", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "phonescreen", name: "Phone screen", type: "phonescreen" },
  { key: "inprogress", name: "In progress", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
];

const CUSTOM = [
  { key: "sourced", name: "Sourced", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "take_home", name: "Take-home", type: "inprogress" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "offer", name: "Offer", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "declined", name: "Declined", type: "rejected" },
];

interface Company {
  co: TestCompany;
  api: ApiClient;
}

async function company(): Promise<Company> {
  const co = await createTestCompany();
  return { co, api: apiClient(app.url, co) };
}

async function customJob(api: ApiClient, stages: unknown = CUSTOM): Promise<number> {
  const res = await api.post("/jobs", { title: `Backend ${randomBytes(3).toString("hex")}`, stages });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function candidate(api: ApiClient, jobId: number, body: Record<string, unknown> = {}) {
  const res = await api.post("/candidates", { job_id: jobId, name: "Ada Lovelace", email: `${randomBytes(5).toString("hex")}@example.com`, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Record<string, any>;
}

async function stageChangedEvents(api: ApiClient, candidateId: number): Promise<any[]> {
  const res = await api.get(`/events?type=candidate.stage_changed&candidate_id=${candidateId}&limit=100`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((e: { payload: unknown }) => e.payload).reverse();
}

async function rejectReasons(api: ApiClient): Promise<{ id: number; name: string; archived: boolean }[]> {
  const res = await api.get("/reject_reasons");
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

describe("a job's stages", () => {
  it("every job starts with the default pipeline (key = type), in GET and the list", async () => {
    const got = await app.api.get(`/jobs/${app.acme.jobId}`);
    expect(got.body.data.stages).toEqual(DEFAULT);
    const listed = await app.api.get("/jobs");
    expect(listed.body.data.find((j: { id: number }) => j.id === app.acme.jobId).stages).toEqual(DEFAULT);
  });

  it("POST /jobs with stages keeps them in order; candidates get the first stage of a type by default", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    expect((await api.get(`/jobs/${jobId}`)).body.data.stages).toEqual(CUSTOM);
    const plain = await candidate(api, jobId);
    expect(plain).toMatchObject({ stage: "sourced", stage_type: "prospect", stage_name: "Sourced", reject_reason: null, rejected_at: null, hired_at: null });
    const byKey = await candidate(api, jobId, { stage: "onsite" });
    expect(byKey).toMatchObject({ stage: "onsite", stage_type: "inprogress", stage_name: "Onsite" });
    // A type: the job's first stage of it.
    const byType = await candidate(api, jobId, { stage: "inprogress" });
    expect(byType).toMatchObject({ stage: "take_home", stage_type: "inprogress", stage_name: "Take-home" });
    const hired = await candidate(api, jobId, { stage: "hired" });
    expect(hired.hired_at).toEqual(expect.stringMatching(/Z$/));
    expect((await api.get(`/candidates/${byKey.id}`)).body.data).toMatchObject({ stage: "onsite", stage_type: "inprogress", stage_name: "Onsite" });
  });

  it("a stage the job does not have is a 400 naming the job's keys (create and move)", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const refused = await api.post("/candidates", { job_id: jobId, name: "X", stage: "phonescreen_2" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("validation_error");
    expect(refused.body.error.details).toEqual([{ field: "stage", message: expect.stringContaining("recruiter_screen") }]);
    const c = await candidate(api, jobId);
    const move = await api.patch(`/candidates/${c.id}`, { stage: "interview" });
    expect(move.status).toBe(400);
    expect(move.body.error.details[0]).toEqual({ field: "stage", message: expect.stringContaining("sourced, applied, recruiter_screen") });
    expect((await api.patch(`/candidates/${c.id}`, { stage: "Bad Key!" })).status).toBe(400);
    expect((await api.get(`/candidates/${c.id}`)).body.data.stage).toBe("sourced");
  });

  it.each([
    ["a missing required type", CUSTOM.filter((s) => s.type !== "hired"), "stages"],
    ["a duplicate key", [...CUSTOM.slice(0, 3), { ...CUSTOM[3], key: "applied" }, ...CUSTOM.slice(4)], "stages[3].key"],
    ["a bad key", [{ ...CUSTOM[0], key: "Sourced Stage" }, ...CUSTOM.slice(1)], "stages[0].key"],
    ["a key over 40 characters", [{ ...CUSTOM[0], key: "a".repeat(41) }, ...CUSTOM.slice(1)], "stages[0].key"],
    ["an empty name", [CUSTOM[0], { ...CUSTOM[1], name: " " }, ...CUSTOM.slice(2)], "stages[1].name"],
    ["a name over 80 characters", [CUSTOM[0], { ...CUSTOM[1], name: "n".repeat(81) }, ...CUSTOM.slice(2)], "stages[1].name"],
    ["an unknown type", [CUSTOM[0], { ...CUSTOM[1], type: "interview" }, ...CUSTOM.slice(2)], "stages[1].type"],
    ["a hired stage first", [CUSTOM[6], ...CUSTOM.slice(0, 6), CUSTOM[7]], "stages[0].type"],
    ["an unknown field", [{ ...CUSTOM[0], id: 1 }, ...CUSTOM.slice(1)], "stages[0].id"],
    ["too many stages", [...CUSTOM, ...Array.from({ length: 30 }, (_, i) => ({ key: `s${i}`, name: `S ${i}`, type: "inprogress" }))], "stages"],
    ["not a list", { key: "x" }, "stages"],
  ])("POST and PATCH /jobs refuse %s with 400 validation_error at %s, changing nothing", async (_what, stages, field) => {
    const { api } = await company();
    const created = await api.post("/jobs", { title: "Refused", stages });
    expect(created.status, JSON.stringify(created.body)).toBe(400);
    expect(created.body.error.code).toBe("validation_error");
    expect(created.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    const jobId = await customJob(api);
    const patched = await api.patch(`/jobs/${jobId}`, { stages });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect((await api.get(`/jobs/${jobId}`)).body.data.stages).toEqual(CUSTOM);
  });

  it("PATCH renames (the key stays, candidates follow), re-orders and adds stages", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const c = await candidate(api, jobId, { stage: "onsite" });
    const next = [CUSTOM[0], CUSTOM[1], { key: "onsite", name: "Final interviews", type: "inprogress" }, CUSTOM[2], CUSTOM[3], { key: "references", name: "References", type: "inprogress" }, CUSTOM[5], CUSTOM[6], CUSTOM[7]];
    const res = await api.patch(`/jobs/${jobId}`, { stages: next });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.stages).toEqual(next);
    expect((await api.get(`/candidates/${c.id}`)).body.data).toMatchObject({ stage: "onsite", stage_name: "Final interviews", stage_type: "inprogress" });
    // The same list again changes nothing and writes no audit entry.
    expect((await api.patch(`/jobs/${jobId}`, { stages: next })).status).toBe(200);
    const audits = await getPrisma().auditLogEntry.count({ where: { targetType: "job", targetId: String(jobId), action: "job.pipeline_updated" } });
    expect(audits).toBe(1);
  });

  it("dropping an empty stage is allowed; its key is retired and cannot name another stage later", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const without = CUSTOM.filter((s) => s.key !== "take_home");
    expect((await api.patch(`/jobs/${jobId}`, { stages: without })).status).toBe(200);
    const reused = await api.patch(`/jobs/${jobId}`, { stages: [...without.slice(0, 3), { key: "take_home", name: "Homework", type: "inprogress" }, ...without.slice(3)] });
    expect(reused.status).toBe(400);
    expect(reused.body.error.details).toEqual([{ field: "stages[3].key", message: expect.stringContaining("removed stage") }]);
    expect((await api.get(`/jobs/${jobId}`)).body.data.stages).toEqual(without);
  });

  it("dropping a stage that holds candidates is a 409 naming it and the count; nothing changes", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    await candidate(api, jobId, { stage: "take_home" });
    await candidate(api, jobId, { stage: "take_home" });
    const res = await api.patch(`/jobs/${jobId}`, { title: "Renamed too", stages: CUSTOM.filter((s) => s.key !== "take_home") });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("conflict");
    // Named as people know it (its name), with the key an API client sends in stage_moves.
    expect(res.body.error.message).toContain('"Take-home" (key take_home) holds 2 candidates');
    expect(res.body.error.details).toEqual([{ field: "stage_moves.take_home", message: '"Take-home" holds 2 candidates: choose the stage they move to' }]);
    const job = (await api.get(`/jobs/${jobId}`)).body.data;
    expect(job.stages).toEqual(CUSTOM);
    expect(job.title).not.toBe("Renamed too");
  });

  it("stage_moves moves them: no events, a timeline entry each, one audit entry; outcomes follow the type", async () => {
    const { api, co } = await company();
    const jobId = await customJob(api);
    const a = await candidate(api, jobId, { stage: "take_home" });
    const b = await candidate(api, jobId, { stage: "take_home" });
    const untouched = await candidate(api, jobId, { stage: "onsite" });
    const eventsBefore = await getPrisma().event.count({ where: { companyId: co.id, type: "candidate.stage_changed" } });
    const res = await api.patch(`/jobs/${jobId}`, { stages: CUSTOM.filter((s) => s.key !== "take_home"), stage_moves: { take_home: "declined" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const id of [a.id, b.id]) {
      const moved = (await api.get(`/candidates/${id}`)).body.data;
      expect(moved).toMatchObject({ stage: "declined", stage_type: "rejected", stage_name: "Declined", reject_reason: null });
      expect(moved.rejected_at).toEqual(expect.stringMatching(/Z$/));
      const activities = await getPrisma().candidateActivity.findMany({ where: { candidateId: id, type: "stage_changed" } });
      expect(activities.map((x) => x.data)).toEqual([{ previous_stage: "take_home", new_stage: "declined", previous_stage_name: "Take-home", new_stage_name: "Declined", pipeline_edit: true }]);
    }
    expect((await api.get(`/candidates/${untouched.id}`)).body.data.stage).toBe("onsite");
    expect(await getPrisma().event.count({ where: { companyId: co.id, type: "candidate.stage_changed" } })).toBe(eventsBefore);
    const audit = await getPrisma().auditLogEntry.findMany({ where: { companyId: co.id, action: "job.pipeline_updated" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ stage_moves: { take_home: "declined" }, moved: { take_home: 2 } });
    expect((await api.get(`/candidates?stage=take_home&job_id=${jobId}`)).body.data).toEqual([]);
  });

  it("refuses stage_moves that do not fit the edit with 400 at the field", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    await candidate(api, jobId, { stage: "take_home" });
    const without = CUSTOM.filter((s) => s.key !== "take_home");
    const toDropped = await api.patch(`/jobs/${jobId}`, { stages: without, stage_moves: { take_home: "take_home" } });
    expect(toDropped.status).toBe(400);
    expect(toDropped.body.error.details).toEqual([{ field: "stage_moves.take_home", message: expect.any(String) }]);
    const notDropped = await api.patch(`/jobs/${jobId}`, { stages: without, stage_moves: { take_home: "onsite", onsite: "offer" } });
    expect(notDropped.status).toBe(400);
    expect(notDropped.body.error.details).toEqual([{ field: "stage_moves.onsite", message: expect.stringContaining("not removed") }]);
    const alone = await api.patch(`/jobs/${jobId}`, { stage_moves: { take_home: "onsite" } });
    expect(alone.status).toBe(400);
    expect(alone.body.error.details).toEqual([{ field: "stage_moves", message: expect.any(String) }]);
    expect((await api.patch(`/jobs/${jobId}`, { stages: without, stage_moves: { take_home: "Bad Key" } })).status).toBe(400);
    expect((await api.get(`/jobs/${jobId}`)).body.data.stages).toEqual(CUSTOM);
  });

  it("another company's job cannot be edited (404) and its stages are not used", async () => {
    const mine = await company();
    const theirs = await company();
    const theirJob = await customJob(theirs.api);
    const res = await mine.api.patch(`/jobs/${theirJob}`, { stages: DEFAULT });
    expect(res.status).toBe(404);
    expect((await theirs.api.get(`/jobs/${theirJob}`)).body.data.stages).toEqual(CUSTOM);
    expect((await mine.api.post("/candidates", { job_id: theirJob, name: "X", stage: "onsite" })).status).toBe(404);
  });

  it("the AI agent's advance target must be a stage of the job (key or type)", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const criteria = [{ type: "skill", value: "Go" }];
    expect((await api.patch(`/jobs/${jobId}`, { screening: { mode: "auto", criteria, advance: { min_score: 80, to_stage: "onsite" } } })).status).toBe(200);
    expect((await api.patch(`/jobs/${jobId}`, { screening: { advance: { min_score: 80, to_stage: "phonescreen" } } })).status).toBe(200);
    const unknown = await api.patch(`/jobs/${jobId}`, { screening: { advance: { min_score: 80, to_stage: "interview" } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: "screening.advance.to_stage", message: expect.stringContaining("onsite") }]);
    // Dropping the stage the agent advances to, without changing the target, is refused the same way.
    expect((await api.patch(`/jobs/${jobId}`, { screening: { advance: { min_score: 80, to_stage: "offer" } } })).status).toBe(200);
    const dropped = await api.patch(`/jobs/${jobId}`, { stages: CUSTOM.filter((s) => s.key !== "offer") });
    expect(dropped.status).toBe(400);
    expect(dropped.body.error.details[0].field).toBe("screening.advance.to_stage");
    expect((await api.get(`/jobs/${jobId}`)).body.data.stages).toEqual(CUSTOM);
  });
});

describe("moves and reject reasons", () => {
  it("PATCH by key and by type; candidate.stage_changed carries keys, types, names and the reason", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const c = await candidate(api, jobId);
    const [notFit] = await rejectReasons(api);
    expect((await api.patch(`/candidates/${c.id}`, { stage: "recruiter_screen" })).body.data).toMatchObject({ stage: "recruiter_screen", stage_type: "phonescreen", stage_name: "Recruiter screen" });
    expect((await api.patch(`/candidates/${c.id}`, { stage: "inprogress" })).body.data.stage).toBe("take_home");
    const rejected = await api.patch(`/candidates/${c.id}`, { stage: "declined", reject_reason_id: notFit!.id });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ stage: "declined", stage_type: "rejected", reject_reason: { id: notFit!.id, name: "Not a fit for the role" } });
    expect(rejected.body.data.rejected_at).toEqual(expect.stringMatching(/Z$/));
    // Leaving the rejected stage clears the outcome.
    const back = (await api.patch(`/candidates/${c.id}`, { stage: "onsite" })).body.data;
    expect(back).toMatchObject({ stage: "onsite", reject_reason: null, rejected_at: null, hired_at: null });
    const hired = (await api.patch(`/candidates/${c.id}`, { stage: "hired" })).body.data;
    expect(hired.hired_at).toEqual(expect.stringMatching(/Z$/));

    const events = await stageChangedEvents(api, c.id);
    expect(events.map((e) => e.stage_change)).toEqual([
      expect.objectContaining({ previous_stage: "sourced", new_stage: "recruiter_screen", previous_stage_type: "prospect", new_stage_type: "phonescreen", previous_stage_name: "Sourced", new_stage_name: "Recruiter screen", reject_reason: null, changed_by: "api" }),
      expect.objectContaining({ previous_stage: "recruiter_screen", new_stage: "take_home", new_stage_type: "inprogress", new_stage_name: "Take-home" }),
      expect.objectContaining({ previous_stage: "take_home", new_stage: "declined", new_stage_type: "rejected", reject_reason: { id: notFit!.id, name: "Not a fit for the role" } }),
      expect.objectContaining({ previous_stage: "declined", previous_stage_type: "rejected", new_stage: "onsite", reject_reason: null }),
      expect.objectContaining({ previous_stage: "onsite", new_stage: "hired", new_stage_type: "hired" }),
    ]);
  });

  it("the same move again records nothing; a move with the same stage by its type neither", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const c = await candidate(api, jobId, { stage: "take_home" });
    expect((await api.patch(`/candidates/${c.id}`, { stage: "take_home" })).status).toBe(200);
    expect((await api.patch(`/candidates/${c.id}`, { stage: "inprogress" })).body.data.stage).toBe("take_home");
    expect(await stageChangedEvents(api, c.id)).toEqual([]);
  });

  it("refuses a reject reason without a rejected-type move, an archived one and another company's", async () => {
    const { api, co } = await company();
    const other = await company();
    const jobId = await customJob(api);
    const c = await candidate(api, jobId);
    const [reason] = await rejectReasons(api);
    const notRejected = await api.patch(`/candidates/${c.id}`, { stage: "onsite", reject_reason_id: reason!.id });
    expect(notRejected.status).toBe(400);
    expect(notRejected.body.error.details).toEqual([{ field: "reject_reason_id", message: expect.stringContaining("rejected") }]);
    const noStage = await api.patch(`/candidates/${c.id}`, { reject_reason_id: reason!.id });
    expect(noStage.status).toBe(400);
    expect(noStage.body.error.details[0].field).toBe("reject_reason_id");
    const [theirs] = await rejectReasons(other.api);
    const foreign = await api.patch(`/candidates/${c.id}`, { stage: "declined", reject_reason_id: theirs!.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details[0]).toEqual({ field: "reject_reason_id", message: expect.stringContaining("Unknown") });
    const archived = await getPrisma().rejectReason.create({ data: { companyId: co.id, name: "Old reason", position: 99, archivedAt: new Date() } });
    const refused = await api.patch(`/candidates/${c.id}`, { stage: "declined", reject_reason_id: archived.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].message).toContain("archived");
    expect((await api.patch(`/candidates/${c.id}`, { stage: "declined", reject_reason_id: "1" })).status).toBe(400);
    expect((await api.get(`/candidates/${c.id}`)).body.data).toMatchObject({ stage: "sourced", reject_reason: null });
    expect(await stageChangedEvents(api, c.id)).toEqual([]);
  });

  it("an archived reason stays readable on the candidates that have it", async () => {
    const { api, co } = await company();
    const jobId = await customJob(api);
    const c = await candidate(api, jobId);
    const reason = await getPrisma().rejectReason.create({ data: { companyId: co.id, name: "Visa", position: 50 } });
    expect((await api.patch(`/candidates/${c.id}`, { stage: "rejected", reject_reason_id: reason.id })).status).toBe(200);
    await getPrisma().rejectReason.update({ where: { id: reason.id }, data: { archivedAt: new Date() } });
    expect((await api.get(`/candidates/${c.id}`)).body.data.reject_reason).toEqual({ id: reason.id, name: "Visa" });
    expect((await api.get(`/candidates?job_id=${jobId}`)).body.data[0].reject_reason).toEqual({ id: reason.id, name: "Visa" });
    expect((await rejectReasons(api)).find((r) => r.id === reason.id)).toEqual({ id: reason.id, name: "Visa", archived: true });
  });

  it("GET /reject_reasons lists the company's defaults in order, only its own", async () => {
    const { api } = await company();
    const reasons = await rejectReasons(api);
    expect(reasons.map((r) => r.name)).toEqual(["Not a fit for the role", "Withdrew", "Position filled", "Compensation", "Location", "No response", "Other"]);
    expect(reasons.every((r) => !r.archived)).toBe(true);
    const other = await rejectReasons((await company()).api);
    expect(other.map((r) => r.id).filter((id) => reasons.some((r) => r.id === id))).toEqual([]);
    expect((await api.get("/reject_reasons?archived=true")).status).toBe(400);
  });
});

describe("filters", () => {
  it("stage filters by keys (comma list), stage_type by types", async () => {
    const { api } = await company();
    const jobId = await customJob(api);
    const other = await addJob((await company()).co); // another company's job: never listed
    void other;
    const takeHome = await candidate(api, jobId, { stage: "take_home" });
    const onsite = await candidate(api, jobId, { stage: "onsite" });
    const screen = await candidate(api, jobId, { stage: "recruiter_screen" });
    const defaultJob = await api.post("/jobs", { title: "Default pipeline" });
    const legacy = await candidate(api, defaultJob.body.data.id, { stage: "inprogress" });
    const ids = async (query: string) => {
      const res = await api.get(`/candidates?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((c: { id: number }) => c.id).sort();
    };
    expect(await ids("stage=onsite")).toEqual([onsite.id]);
    expect(await ids("stage=onsite,take_home")).toEqual([takeHome.id, onsite.id].sort());
    expect(await ids("stage_type=inprogress")).toEqual([takeHome.id, onsite.id, legacy.id].sort());
    expect(await ids("stage_type=inprogress,phonescreen")).toEqual([takeHome.id, onsite.id, screen.id, legacy.id].sort());
    expect(await ids(`stage_type=inprogress&job_id=${jobId}`)).toEqual([takeHome.id, onsite.id].sort());
    expect(await ids("stage=inprogress")).toEqual([legacy.id]);
    expect(await ids("q=Ada&stage_type=phonescreen")).toEqual([screen.id]);
    const bad = await api.get("/candidates?stage_type=interview");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toMatch(/^stage_type/);
  });
});
