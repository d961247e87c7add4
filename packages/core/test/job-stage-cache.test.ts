import { randomBytes } from "node:crypto";
import { getPrisma, poolOf } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, createJob, systemContext, updateCandidate, updateJob } from "../src/index.ts";
import { readCandidateRow } from "../src/modules/candidate/read.ts";
import { moveCandidateStage } from "../src/modules/candidate/move/typed-move.ts";
import { type CandidateListQuery, listCandidateRows, listThroughPrisma } from "../src/modules/candidate/list.ts";
import { fillStagesFromCache, type JobStageCacheHandle, jobStageCacheActive, startJobStageCache, waitForJobStageCaches } from "../src/modules/pipeline/stage-cache.ts";
import { candidateRead } from "../src/modules/candidate/serialize.ts";
import { jobWithSlugAndStages, readJobRow } from "../src/modules/job/read.ts";

/**
 * Where a long-lived server caches the jobs' stages (services/job-stage-cache.ts), GET candidate and
 * the list name each candidate's stage from memory instead of joining job_stages. Their rows must stay
 * exactly Prisma's; a stage renamed through updateJob must read renamed on the very next read; a
 * change that reached the database any other way is seen once PostgreSQL's NOTIFY arrives; a stage
 * the cached pipeline lacks is read again, and one the job no longer has falls back to the join.
 */
const STAGES = [
  { key: "sourced", name: "Sourced", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "offer", name: "Offer", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
] as const;

const prisma = getPrisma();

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Changes job_stages without firing its triggers, so no server is told: what only the cache can explain. */
async function silently(statement: (tx: Parameters<Parameters<typeof prisma.$transaction>[0]>[0]) => Promise<unknown>): Promise<void> {
  await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
    await statement(tx);
  });
}

describe("stage names from the per-process cache", () => {
  let cache: JobStageCacheHandle;
  let a: ReturnType<typeof systemContext>;
  let b: ReturnType<typeof systemContext>;
  let jobId: number;
  let otherJobId: number;
  const ids: number[] = [];
  /** A candidate of the custom job in each of these stages, for the tests that change them. */
  const inStage: Record<"onsite" | "offer" | "applied", number> = { onsite: 0, offer: 0, applied: 0 };

  beforeAll(async () => {
    cache = startJobStageCache(process.env.DATABASE_URL!);
    const tag = randomBytes(4).toString("hex");
    a = systemContext(prisma, (await createCompany(prisma, { name: `Stage cache ${tag}` })).id);
    b = systemContext(prisma, (await createCompany(prisma, { name: `Other ${tag}` })).id);
    jobId = (await createJob(a, { title: "Backend Engineer", stages: STAGES.map((s) => ({ ...s })) })).id;
    otherJobId = (await createJob(a, { title: "Designer" })).id;
    const keys = STAGES.map((s) => s.key);
    for (let i = 0; i < 14; i++) {
      const onCustom = i % 2 === 0;
      const created = await createCandidate(
        a,
        { job_id: onCustom ? jobId : otherJobId, name: `Person ${i}`, email: `person.${i}.${tag}@example.com`, stage: onCustom ? keys[i % keys.length] : "phonescreen" },
        { source: "public_api" },
      );
      ids.push(created.id);
    }
    const [reason] = await prisma.rejectReason.findMany({ where: { companyId: a.companyId }, orderBy: { id: "asc" }, take: 1 });
    await prisma.candidate.update({ where: { id: ids[0]! }, data: { stage: "rejected", rejectReasonId: reason!.id, rejectedAt: new Date("2026-11-22T10:00:00.000Z") } });
    for (const stage of ["onsite", "offer", "applied"] as const) {
      inStage[stage] = (await createCandidate(a, { job_id: jobId, name: `In ${stage}`, stage }, { source: "public_api" })).id;
      ids.push(inStage[stage]);
    }
    // A candidate without a job (the column allows it) has no pipeline: no stage name from the cache or the join.
    const jobless = await createCandidate(a, { job_id: otherJobId, name: "No Job", stage: "applied" }, { source: "public_api" });
    await prisma.candidate.update({ where: { id: jobless.id }, data: { jobId: null } });
    ids.push(jobless.id);
    await until(jobStageCacheActive, "the stage cache listens");
  });
  afterAll(async () => {
    await cache?.stop();
  });

  it("GET candidate's row is Prisma's, whether the job's stages were cached or not", async () => {
    for (const pass of ["filling", "cached"]) {
      for (const id of ids) {
        const typed = await readCandidateRow(a, id);
        expect(typed, `${pass} ${id}`).toEqual(await a.db.candidate.findUnique({ where: { id }, ...candidateRead }));
      }
    }
    expect(await readCandidateRow(b, ids[1]!)).toBeNull();
  });

  it("GET job's row is Prisma's with the stages from memory: each stage's interview kits under it, in plan order", async () => {
    const kit = (stageKey: string, position: number, name: string) =>
      prisma.jobInterview.create({ data: { companyId: a.companyId, jobId, stageKey, position, name, durationMinutes: 45, instructions: `Run ${name}`, attributes: ["Clarity"], questions: [`Why ${name}?`] } });
    // Created out of plan order, so an order by id would show in the comparison.
    await kit("onsite", 2, "System design");
    await kit("recruiter_screen", 1, "Screen call");
    await kit("onsite", 1, "Coding");
    for (const pass of ["filling", "cached"]) {
      const typed = await readJobRow(a, jobId);
      expect(typed, pass).toEqual(await a.db.job.findUnique({ where: { id: jobId }, include: jobWithSlugAndStages }));
      expect(typed!.stages.find((stage) => stage.key === "onsite")!.interviews.map((k) => k.name), pass).toEqual(["Coding", "System design"]);
    }
    expect(await readJobRow(b, jobId)).toBeNull();
    // The stages come from memory (a silent rename is not seen) until PostgreSQL says they changed.
    await silently((tx) => tx.$executeRaw`UPDATE job_stages SET name = 'Sourced (silent)' WHERE job_id = ${jobId} AND key = 'sourced'`);
    expect((await readJobRow(a, jobId))!.stages[0]!.name).toBe("Sourced");
    await prisma.$executeRaw`SELECT pg_notify('hireflow_job_stages', ${String(jobId)})`;
    await waitForJobStageCaches(prisma);
    expect((await readJobRow(a, jobId))!.stages[0]!.name).toBe("Sourced (silent)");
  });

  it("the list's rows are Prisma's for filters that skip the join and for the stage type, which needs it", async () => {
    const queries: CandidateListQuery[] = [
      { filters: {}, order: "newest", take: 50 },
      { filters: { jobId }, order: "fit", take: 5 },
      { filters: { stages: ["onsite", "offer", "phonescreen"] }, order: "newest", take: 50 },
      { filters: { stageTypes: ["inprogress", "rejected"] }, order: "newest", take: 50 },
    ];
    for (const query of queries) {
      const typed = await listCandidateRows(a, query);
      expect(typed.length, JSON.stringify(query.filters)).toBeGreaterThan(0);
      expect(typed, JSON.stringify(query.filters)).toEqual(await listThroughPrisma(a, query));
    }
    expect(await listCandidateRows(b, { filters: {}, order: "newest", take: 50 })).toEqual([]);
  });

  it("a stage's name is read from memory, until PostgreSQL says it changed", async () => {
    const id = inStage.onsite;
    expect((await readCandidateRow(a, id))!.jobStage).toEqual({ name: "Onsite", type: "inprogress" });
    await silently((tx) => tx.$executeRaw`UPDATE job_stages SET name = 'Onsite (silent)' WHERE job_id = ${jobId} AND key = 'onsite'`);
    // Nobody was told: the cached name stands, in both reads. The join would have read the new one.
    expect((await readCandidateRow(a, id))!.jobStage!.name).toBe("Onsite");
    expect((await listCandidateRows(a, { filters: { jobId }, order: "newest", take: 50 })).find((c) => c.id === id)!.jobStage!.name).toBe("Onsite");
    await prisma.$executeRaw`SELECT pg_notify('hireflow_job_stages', ${String(jobId)})`;
    await waitForJobStageCaches(prisma);
    expect((await readCandidateRow(a, id))!.jobStage!.name).toBe("Onsite (silent)");
    expect((await listCandidateRows(a, { filters: { jobId }, order: "newest", take: 50 })).find((c) => c.id === id)!.jobStage!.name).toBe("Onsite (silent)");
  });

  it("a stage renamed and re-typed through updateJob reads so on the very next read", async () => {
    const id = inStage.offer;
    expect((await readCandidateRow(a, id))!.jobStage).toEqual({ name: "Offer", type: "inprogress" });
    const stages = STAGES.map((s) => (s.key === "offer" ? { ...s, name: "Offer call", type: "phonescreen" as const } : { ...s }));
    await updateJob(a, { id: jobId, stages });
    expect((await readCandidateRow(a, id))!.jobStage).toEqual({ name: "Offer call", type: "phonescreen" });
    const listed = await listCandidateRows(a, { filters: { jobId }, order: "newest", take: 50 });
    expect(listed.find((c) => c.id === id)!.jobStage).toEqual({ name: "Offer call", type: "phonescreen" });
    // Back to the original stages for the tests after this one.
    await updateJob(a, { id: jobId, stages: STAGES.map((s) => ({ ...s })) });
  });

  it("PATCH's move by type takes the first stage of that type in the job's order, however the order changed", async () => {
    const [first, second, third] = await Promise.all(
      [1, 2, 3].map(async (n) => (await createCandidate(a, { job_id: jobId, name: `By Type ${n}`, stage: "applied" }, { source: "public_api" })).id),
    );
    expect(await moveCandidateStage(a, first!, "inprogress")).toMatchObject({ moved: true, row: { stage: "onsite", jobStage: { name: "Onsite", type: "inprogress" } } });
    // Offer before Onsite through updateJob, which answers once every cache dropped the job.
    const offerFirst = [...STAGES.filter((s) => s.key !== "onsite").slice(0, 4), STAGES.find((s) => s.key === "onsite")!, ...STAGES.slice(5)].map((s) => ({ ...s }));
    expect(offerFirst.map((s) => s.key)).toEqual(["sourced", "applied", "recruiter_screen", "offer", "onsite", "hired", "rejected"]);
    await updateJob(a, { id: jobId, stages: offerFirst });
    expect(await moveCandidateStage(a, second!, "inprogress")).toMatchObject({ moved: true, row: { stage: "offer", jobStage: { name: "Offer", type: "inprogress" } } });
    // Back to Onsite first, written straight to the table: the trigger's NOTIFY tells the cache of a re-order too.
    await prisma.$executeRaw`UPDATE job_stages SET position = CASE key WHEN 'onsite' THEN 4 ELSE 5 END WHERE job_id = ${jobId} AND key IN ('onsite', 'offer')`;
    await waitForJobStageCaches(prisma);
    expect(await moveCandidateStage(a, third!, "inprogress")).toMatchObject({ moved: true, row: { stage: "onsite" } });
  });

  it("a move to a stage the cached pipeline lacks reads the job's stages again", async () => {
    const id = (await createCandidate(a, { job_id: jobId, name: "To A New Stage", stage: "applied" }, { source: "public_api" })).id;
    await readCandidateRow(a, id); // the job's pipeline is in the cache now
    await silently((tx) => tx.$executeRaw`INSERT INTO job_stages (company_id, job_id, key, name, type, position) VALUES (${a.companyId}, ${jobId}, 'final_round', 'Final round', 'inprogress', 98)`);
    expect(await moveCandidateStage(a, id, "final_round")).toMatchObject({ moved: true, row: { stage: "final_round", jobStage: { name: "Final round", type: "inprogress" } } });
    // A value the job lacks is changeStage's 400 (the typed move hands it over), naming the new stage too.
    expect(await moveCandidateStage(a, id, "no_such_stage")).toBeUndefined();
    const error = await updateCandidate(a, { id, stage: "no_such_stage" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "validation_error", message: expect.stringContaining("final_round") });
  });

  it("a stage the cached pipeline lacks is read again", async () => {
    const id = inStage.applied;
    await readCandidateRow(a, id); // the job's pipeline is in the cache now
    await silently(async (tx) => {
      await tx.$executeRaw`INSERT INTO job_stages (company_id, job_id, key, name, type, position) VALUES (${a.companyId}, ${jobId}, 'take_home', 'Take-home', 'inprogress', 99)`;
      await tx.$executeRaw`UPDATE candidates SET stage = 'take_home' WHERE id = ${id}`;
    });
    expect((await readCandidateRow(a, id))!.jobStage).toEqual({ name: "Take-home", type: "inprogress" });
    expect((await listCandidateRows(a, { filters: { stages: ["take_home"] }, order: "newest", take: 5 })).map((c) => [c.id, c.jobStage])).toEqual([
      [id, { name: "Take-home", type: "inprogress" }],
    ]);
  });

  it("a stage its job no longer has is not filled: the read falls back to the join", async () => {
    const row = { jobId, stage: "no_such_stage", stageName: null, stageType: null };
    expect(await fillStagesFromCache(poolOf(prisma), [row])).toBe(false);
    const job = { jobId: null, stage: "applied", stageName: null, stageType: null };
    expect(await fillStagesFromCache(poolOf(prisma), [job])).toBe(true);
    expect(job.stageName).toBeNull();
  });

  it("stopped (as while PostgreSQL is unreachable), the reads join again and stay right", async () => {
    await cache.stop();
    expect(jobStageCacheActive()).toBe(false);
    for (const id of ids) expect(await readCandidateRow(a, id)).toEqual(await a.db.candidate.findUnique({ where: { id }, ...candidateRead }));
    expect(await fillStagesFromCache(poolOf(prisma), [{ jobId, stage: "applied", stageName: null, stageType: null }])).toBe(false);
  });

  it("JOB_STAGE_CACHE_TTL_MS=0 turns it off: nothing is started", async () => {
    const globalState = globalThis as unknown as { __hireflowJobStageCache?: unknown };
    process.env.JOB_STAGE_CACHE_TTL_MS = "0";
    try {
      const off = startJobStageCache(process.env.DATABASE_URL!);
      expect(globalState.__hireflowJobStageCache).toBeUndefined();
      await off.stop();
      process.env.JOB_STAGE_CACHE_TTL_MS = "250";
      const on = startJobStageCache(process.env.DATABASE_URL!);
      expect(globalState.__hireflowJobStageCache).toMatchObject({ ttlMs: 250 });
      await on.stop();
    } finally {
      delete process.env.JOB_STAGE_CACHE_TTL_MS;
    }
  });
});
