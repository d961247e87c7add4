import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startApiServer, waitForOutput } from "../helpers/built-server.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Long-lived servers name each candidate's stage from a per-process cache of the jobs' stages
 * (packages/core/src/modules/pipeline/stage-cache.ts) instead of joining job_stages. Two server processes
 * — the production server under test:build, the same node server from source otherwise — share one
 * database: a pipeline edited through one reads edited through the other on the very next request.
 */
const STAGES = [
  { key: "sourced", name: "Sourced", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
];

describe("job stages cached per process, edited everywhere at once", () => {
  let company: TestCompany;
  let a: BuiltServer;
  let b: BuiltServer;
  let viaA: ApiClient;
  let viaB: ApiClient;
  let jobId: number;

  beforeAll(async () => {
    company = await createTestCompany();
    const quiet = { HIREFLOW_BACKGROUND_WORK: "off", RATE_LIMIT_MAX: "1000000" };
    [a, b] = await Promise.all([startApiServer(quiet), startApiServer(quiet)]);
    for (const server of [a, b]) await waitForOutput(server, "job stage cache listening");
    viaA = apiClient(a.url, company);
    viaB = apiClient(b.url, company);
    const job = await viaA.post("/jobs", { title: "Cached pipeline", stages: STAGES });
    expect(job.status).toBe(201);
    jobId = job.body.data.id;
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  async function candidateIn(stage: string): Promise<number> {
    const created = await viaA.post("/candidates", { job_id: jobId, name: `In ${stage}`, stage });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  const stageOf = (body: { data: { stage: string; stage_name: string; stage_type: string } }) => {
    const { stage, stage_name, stage_type } = body.data;
    return { stage, stage_name, stage_type };
  };

  async function listedStageOf(client: ApiClient, id: number) {
    const page = await client.get(`/candidates?job_id=${jobId}&limit=100`);
    expect(page.status).toBe(200);
    const row = page.body.data.find((c: { id: number }) => c.id === id);
    return { stage: row.stage, stage_name: row.stage_name, stage_type: row.stage_type };
  }

  it("a stage renamed and re-typed through A reads so through B on the very next request", async () => {
    const id = await candidateIn("onsite");
    // B has the job's pipeline in memory after these.
    expect(stageOf((await viaB.get(`/candidates/${id}`)).body)).toEqual({ stage: "onsite", stage_name: "Onsite", stage_type: "inprogress" });
    expect(await listedStageOf(viaB, id)).toEqual({ stage: "onsite", stage_name: "Onsite", stage_type: "inprogress" });

    const renamed = STAGES.map((s) => (s.key === "onsite" ? { ...s, name: "Onsite loop", type: "phonescreen" } : s));
    expect((await viaA.patch(`/jobs/${jobId}`, { stages: renamed })).status).toBe(200);
    const want = { stage: "onsite", stage_name: "Onsite loop", stage_type: "phonescreen" };
    expect(stageOf((await viaB.get(`/candidates/${id}`)).body)).toEqual(want);
    expect(await listedStageOf(viaB, id)).toEqual(want);
    const byType = await viaB.get(`/candidates?job_id=${jobId}&stage_type=phonescreen&limit=100`);
    expect(byType.body.data.map((c: { id: number }) => c.id)).toContain(id);

    expect((await viaA.patch(`/jobs/${jobId}`, { stages: STAGES })).status).toBe(200);
    expect(stageOf((await viaB.get(`/candidates/${id}`)).body)).toEqual({ stage: "onsite", stage_name: "Onsite", stage_type: "inprogress" });
  });

  it("a stage added through A, and a candidate moved into it, read through B", async () => {
    const id = await candidateIn("applied");
    expect(stageOf((await viaB.get(`/candidates/${id}`)).body).stage_name).toBe("Applied");
    const withTakeHome = [...STAGES.slice(0, 3), { key: "take_home", name: "Take-home", type: "inprogress" }, ...STAGES.slice(3)];
    expect((await viaA.patch(`/jobs/${jobId}`, { stages: withTakeHome })).status).toBe(200);
    expect((await viaA.patch(`/candidates/${id}`, { stage: "take_home" })).status).toBe(200);
    const want = { stage: "take_home", stage_name: "Take-home", stage_type: "inprogress" };
    expect(stageOf((await viaB.get(`/candidates/${id}`)).body)).toEqual(want);
    expect(await listedStageOf(viaB, id)).toEqual(want);

    // Dropped again through A, its candidates moved: B reads them in the stage they went to.
    const dropped = await viaA.patch(`/jobs/${jobId}`, { stages: STAGES, stage_moves: { take_home: "onsite" } });
    expect(dropped.status).toBe(200);
    const moved = { stage: "onsite", stage_name: "Onsite", stage_type: "inprogress" };
    expect(stageOf((await viaB.get(`/candidates/${id}`)).body)).toEqual(moved);
    expect(await listedStageOf(viaB, id)).toEqual(moved);
  });
});

