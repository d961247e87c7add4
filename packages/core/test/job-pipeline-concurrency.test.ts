import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it, onTestFinished } from "vitest";
import { type AppError, createCandidate, createCompany, createJob, systemContext, toAppError, updateCandidate, updateJob } from "../src/index.ts";
import { type ServiceContext } from "../src/kernel/context.ts";
import { replaceJobStages } from "../src/modules/job/edit-stages.ts";
import { jobStageCacheActive, startJobStageCache } from "../src/modules/pipeline/stage-cache.ts";
import { scopeToCompany } from "../src/kernel/tenancy.ts";

/**
 * A pipeline edit that drops a stage while candidates are being moved into it must leave no
 * candidate in a stage the job no longer has (issue 23): the edit locks the dropped stage before
 * counting its candidates, a move into it waits and then fails the candidates → job_stages foreign key
 * (409), and the database is the final judge. Real PostgreSQL, real concurrency on the pool.
 */
const STAGES = [
  { key: "sourced", name: "Sourced", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "take_home", name: "Take-home", type: "inprogress" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
] as const;
const WITHOUT_ONSITE = STAGES.filter((s) => s.key !== "onsite").map((s) => ({ ...s }));

const prisma = getPrisma();

async function setup(svc: ServiceContext, count: number) {
  const jobId = (await createJob(svc, { title: "Raced pipeline", stages: STAGES.map((s) => ({ ...s })) })).id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await createCandidate(svc, { job_id: jobId, name: `Mover ${i}`, stage: "take_home" }, { source: "public_api" })).id);
  }
  return { jobId, ids };
}

/** Candidates of the job whose stage is not one of the job's stages: must always be none. */
async function orphans(jobId: number): Promise<number> {
  const [row] = await prisma.$queryRaw<{ count: number }[]>`
    SELECT count(*)::int AS count FROM candidates c
    WHERE c.job_id = ${jobId} AND NOT EXISTS (SELECT 1 FROM job_stages s WHERE s.job_id = c.job_id AND s.key = c.stage)`;
  return row!.count;
}

async function settle<T>(work: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}

describe("a pipeline edit racing moves into the stage it drops", () => {
  const typed = (svc: ServiceContext) => svc;
  for (const [name, contextOf, cached] of [
    ["typed moves (PATCH with only a stage)", typed, false],
    // As in the long-lived server: the move resolves its target from the job stage cache.
    ["typed moves, the job's stages from this process's cache", typed, true],
    ["Prisma's transaction (moves through a client without a pool)", (svc: ServiceContext) => ({ ...svc, db: scopeToCompany(prisma, svc.companyId) as never }), false],
  ] as const) {
    it(`${name}: 50 moves + 1 edit with stage_moves leave nobody in the dropped stage`, async () => {
      const cache = cached ? startJobStageCache(process.env.DATABASE_URL!) : undefined;
      onTestFinished(() => cache?.stop());
      if (cached) await expect.poll(jobStageCacheActive, { timeout: 10_000 }).toBe(true);
      const company = await createCompany(prisma, { name: `Race ${randomBytes(4).toString("hex")}` });
      const svc = systemContext(prisma, company.id, { type: "api", apiKeyId: 1 });
      const { jobId, ids } = await setup(svc, 50);
      // Five streams move the candidates one after another; the edit starts once ten moves landed, so
      // moves land before it, race it and come after it.
      const queue = [...ids];
      const moveResults: Awaited<ReturnType<typeof settle>>[] = [];
      let landed = 0;
      let startEdit!: () => void;
      const tenLanded = new Promise<void>((resolve) => (startEdit = resolve));
      const stream = async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const result = await settle(updateCandidate(contextOf(svc), { id, stage: "onsite" }));
          moveResults.push(result);
          if (result.ok && ++landed === 10) startEdit();
        }
      };
      const streams = Promise.all(Array.from({ length: 5 }, stream));
      await tenLanded;
      const editResult = await settle(updateJob(svc, { id: jobId, stages: WITHOUT_ONSITE, stage_moves: { onsite: "rejected" } }));
      await streams;

      expect(editResult.ok, editResult.ok ? "" : editResult.error.message).toBe(true);
      // Every move either landed before the edit (and was re-mapped) or was refused: 409 when it raced
      // the edit (the foreign key), 400 when it started after it (the job has no such stage any more).
      for (const result of moveResults) if (!result.ok) expect(["conflict", "validation_error"]).toContain(result.error.code);
      expect(await orphans(jobId)).toBe(0);
      const rows = await prisma.candidate.findMany({ where: { jobId }, select: { id: true, stage: true, rejectedAt: true } });
      expect(rows).toHaveLength(50);
      for (const row of rows) expect(["take_home", "rejected"]).toContain(row.stage);
      const refused = moveResults.filter((r) => !r.ok).length;
      expect(moveResults).toHaveLength(50);
      expect(50 - refused).toBeGreaterThanOrEqual(10);
      expect(rows.filter((r) => r.stage === "take_home")).toHaveLength(refused);
      // Re-mapped candidates are rejected: the outcome follows the stage's type.
      for (const row of rows.filter((r) => r.stage === "rejected")) expect(row.rejectedAt).not.toBeNull();
      expect((await prisma.jobStage.findMany({ where: { jobId }, orderBy: { position: "asc" } })).map((s) => s.key)).toEqual(WITHOUT_ONSITE.map((s) => s.key));
    });
  }

  it("a move waiting on the edit's lock of the dropped stage is refused with 409 once the edit commits", async () => {
    const company = await createCompany(prisma, { name: `Race ${randomBytes(4).toString("hex")}` });
    const svc = systemContext(prisma, company.id, { type: "api", apiKeyId: 1 });
    const { jobId, ids } = await setup(svc, 1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const editLocked = new Promise<void>((resolve) => (locked = resolve));
    // The edit, kept open after it locked and deleted the dropped stage.
    const edit = prisma.$transaction(
      async (tx) => {
        await replaceJobStages(tx as never, svc, { jobId, stages: WITHOUT_ONSITE });
        locked();
        await held;
      },
      { timeout: 30_000 },
    );
    await editLocked;
    const move = settle(updateCandidate(svc, { id: ids[0]!, stage: "onsite" }));
    // Wait until the move is blocked on a lock (the foreign key's check of the dropped stage).
    await expect
      .poll(async () => (await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0]!.n, { timeout: 10_000 })
      .toBeGreaterThan(0);
    release();
    await edit;
    const result = await move;
    expect(result.ok).toBe(false);
    if (!result.ok) expect([result.error.code, result.error.status, result.error.message]).toEqual(["conflict", 409, expect.stringContaining("pipeline changed")]);
    expect(await orphans(jobId)).toBe(0);
    expect((await prisma.candidate.findUniqueOrThrow({ where: { id: ids[0]! } })).stage).toBe("take_home");
  });

  it("50 moves + 1 edit without stage_moves: either the edit is refused (409) or the moves are, never both landing", async () => {
    const company = await createCompany(prisma, { name: `Race ${randomBytes(4).toString("hex")}` });
    const svc = systemContext(prisma, company.id, { type: "api", apiKeyId: 1 });
    const { jobId, ids } = await setup(svc, 50);
    const movers = ids.map((id) => settle(updateCandidate(svc, { id, stage: "onsite" })));
    const edit = settle(updateJob(svc, { id: jobId, stages: WITHOUT_ONSITE }));
    const [editResult, ...moveResults] = await Promise.all([edit, ...movers]);
    expect(await orphans(jobId)).toBe(0);
    const inOnsite = await prisma.candidate.count({ where: { jobId, stage: "onsite" } });
    if (editResult.ok) {
      expect(inOnsite).toBe(0);
      expect(moveResults.filter((r) => r.ok).length).toBe(0);
    } else {
      expect(editResult.error.code).toBe("conflict");
      expect(inOnsite).toBe(moveResults.filter((r) => r.ok).length);
      expect(inOnsite).toBeGreaterThan(0);
    }
    for (const result of moveResults) if (!result.ok) expect(["conflict", "validation_error"]).toContain(result.error.code);
  });
});
