import { randomBytes } from "node:crypto";
import { getPrisma, poolOf } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createCandidate, createCompany, createJob, getCandidate, systemContext, updateCandidate } from "../src/index.ts";
import { type ServiceContext } from "../src/kernel/context.ts";
import { baseClientOf, scopeToCompany } from "../src/kernel/tenancy.ts";
import { moveCandidateStage } from "../src/modules/candidate/move/typed-move.ts";
import { type JobStageCacheHandle, jobStageCacheActive, startJobStageCache } from "../src/modules/pipeline/stage-cache.ts";

/**
 * A stage-only update is one SQL statement on the pool (candidate/move/typed-move.ts); any other
 * update, and any through a client without a pool, is Prisma's transaction (changeStage). Both must
 * leave the same rows: the candidate, a stage_changed activity, a candidate.stage_changed event. The
 * statement reads the job's stages itself; the Prisma path, and the answers' reads, take them from
 * job-stage-cache.ts in a process that caches them (as the long-lived server does): every test runs both ways.
 */
describe.each([
  { how: "the job's stages read with the candidate", cached: false },
  { how: "the job's stages from this process's cache", cached: true },
])("the typed stage move writes what Prisma's transaction writes ($how)", ({ cached }) => {
  const prisma = getPrisma();
  let cache: JobStageCacheHandle | undefined;
  let typed: ServiceContext;
  let viaPrisma: ServiceContext;
  let other: ServiceContext;
  let jobId: number;
  const tag = randomBytes(4).toString("hex");

  beforeAll(async () => {
    const company = await createCompany(prisma, { name: `Move ${tag}` });
    typed = systemContext(prisma, company.id, { type: "api", apiKeyId: 7 });
    viaPrisma = { ...typed, db: scopeToCompany(prisma, company.id) as never };
    other = systemContext(prisma, (await createCompany(prisma, { name: `Other ${tag}` })).id);
    expect(baseClientOf(typed.db)).toBeDefined();
    expect(baseClientOf(viaPrisma.db)).toBeUndefined();
    jobId = (await createJob(typed, { title: "Site Reliability Engineer" })).id;
    if (cached) {
      cache = startJobStageCache(process.env.DATABASE_URL!);
      const deadline = Date.now() + 10_000;
      while (!jobStageCacheActive()) {
        if (Date.now() > deadline) throw new Error("Timed out waiting until the stage cache listens");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    expect(jobStageCacheActive()).toBe(cached);
  });
  afterAll(async () => {
    await cache?.stop();
  });

  const newCandidate = async (name: string) => (await createCandidate(typed, { job_id: jobId, name, email: `${name.toLowerCase().replace(/\W/g, "")}-${tag}@example.com` }, { source: "public_api" })).id;

  const trail = async (id: number) => {
    const candidate = await prisma.candidate.findUniqueOrThrow({ where: { id }, omit: { resumeText: true } });
    const activities = await prisma.candidateActivity.findMany({ where: { candidateId: id, type: "stage_changed" }, orderBy: { id: "asc" } });
    const events = await prisma.event.findMany({ where: { companyId: typed.companyId, type: "candidate.stage_changed" }, orderBy: { occurredAt: "asc" } });
    return { candidate, activities, events: events.filter((e) => (e.payload as { candidate: { id: number } }).candidate.id === id) };
  };

  it("a move: the same candidate row, activity and event on both paths, and the same answer", async () => {
    const a = await newCandidate("Path A");
    const b = await newCandidate("Path B");
    const answerA = await updateCandidate(typed, { id: a, stage: "phonescreen" });
    const answerB = await updateCandidate(viaPrisma, { id: b, stage: "phonescreen" });
    const [ta, tb] = [await trail(a), await trail(b)];
    expect(ta.candidate.stage).toBe("phonescreen");
    expect(ta.activities).toHaveLength(1);
    expect(ta.events).toHaveLength(1);
    expect(ta.candidate.updatedAt.getTime()).toBeGreaterThan(ta.candidate.createdAt.getTime() - 1);
    // Everything but ids, names, e-mails and times is equal.
    const strip = (t: typeof ta, id: number) => ({
      candidate: { ...t.candidate, id: 0, publicId: "", name: "", email: "", createdAt: 0, updatedAt: 0 },
      activities: t.activities.map((x) => ({ ...x, id: 0, candidateId: x.candidateId === id ? "self" : x.candidateId, createdAt: 0 })),
      events: t.events.map((e) => {
        const payload = e.payload as { candidate: Record<string, unknown> };
        expect(payload.candidate).toEqual({ id, public_id: t.candidate.publicId, name: t.candidate.name, email: t.candidate.email, url: expect.stringMatching(new RegExp(`/candidates/${id}$`)) });
        return { ...e, id: "", occurredAt: 0, payload: { ...payload, candidate: {} } };
      }),
    });
    expect(strip(ta, a)).toEqual(strip(tb, b));
    expect(ta.activities[0]!.data).toEqual({ previous_stage: "prospect", new_stage: "phonescreen", previous_stage_name: "Prospect", new_stage_name: "Phone screen" });
    expect(ta.activities[0]!.addedBy).toBe("api");
    const answer = (value: typeof answerA) => without(value, "id", "public_id", "name", "email", "created_at", "updated_at", "applied_at");
    expect(answer(answerA)).toEqual(answer(answerB));
    expect(answerA.stage).toBe("phonescreen");
    expect(answerA.job).toEqual({ id: jobId, title: "Site Reliability Engineer" });
  });

  it("out of a rejected stage: the typed path unless a rejection e-mail is still scheduled, and the same rows as Prisma's", async () => {
    const a = await newCandidate("Back A");
    const b = await newCandidate("Back B");
    for (const id of [a, b]) await updateCandidate(viaPrisma, { id, stage: "rejected" });
    // No e-mail scheduled: the typed move makes it (undefined would mean it handed over to changeStage).
    expect(await moveCandidateStage(typed, a, "phonescreen")).toMatchObject({ moved: true, row: { stage: "phonescreen", rejectedAt: null } });
    await updateCandidate(viaPrisma, { id: b, stage: "phonescreen" });
    const [ta, tb] = [await trail(a), await trail(b)];
    const strip = (t: typeof ta) => ({
      candidate: { ...t.candidate, id: 0, publicId: "", name: "", email: "", createdAt: 0, updatedAt: 0 },
      activities: t.activities.map((x) => ({ ...x, id: 0, candidateId: 0, createdAt: 0 })),
      events: t.events.map((e) => ({ ...e, id: "", occurredAt: 0, payload: { ...(e.payload as object), candidate: {} } })),
    });
    expect(strip(ta)).toEqual(strip(tb));
    expect(ta.candidate.rejectedAt).toBeNull();

    // A rejection e-mail still scheduled: the typed path hands the move to changeStage, which cancels it.
    const c = await newCandidate("Back C");
    await updateCandidate(viaPrisma, { id: c, stage: "rejected" });
    await prisma.emailMessage.create({
      data: {
        companyId: typed.companyId,
        candidateId: c,
        kind: "rejection",
        status: "scheduled",
        toAddresses: ["c@example.com"],
        fromAddress: "jobs@example.com",
        subject: "About your application",
        textBody: "t",
        messageId: `<${tag}-c@example.com>`,
        sendAfter: new Date(Date.now() + 3_600_000),
      },
    });
    expect(await moveCandidateStage(typed, c, "phonescreen")).toBeUndefined();
    expect((await prisma.candidate.findUniqueOrThrow({ where: { id: c } })).stage).toBe("rejected");
  });

  it("the answer is the row as stored: outcome columns, reject reason, updated_at (the move returns only updated_at)", async () => {
    const id = await newCandidate("As Stored");
    const reason = await prisma.rejectReason.findFirstOrThrow({ where: { companyId: typed.companyId, archivedAt: null }, orderBy: { id: "asc" } });
    const moves = [{ stage: "hired" }, { stage: "rejected", reject_reason_id: reason.id }, { stage: "phonescreen" }, { stage: "rejected" }] as const;
    for (const move of moves) {
      const answer = await updateCandidate(typed, { id, ...move });
      expect(answer).toEqual(await getCandidate(typed, id));
    }
    const last = await getCandidate(typed, id);
    expect(last).toMatchObject({ stage: "rejected", reject_reason: null, hired_at: null });
    expect(last.rejected_at).not.toBeNull();
  });

  it("a rejection with a reason: the same rows on both paths; a reason it may not take is changeStage's 400, and nothing moves", async () => {
    const [reason, archived] = await Promise.all([
      prisma.rejectReason.findFirstOrThrow({ where: { companyId: typed.companyId, archivedAt: null }, orderBy: { id: "asc" } }),
      prisma.rejectReason.create({ data: { companyId: typed.companyId, name: `Archived ${tag}`, position: 999, archivedAt: new Date() } }),
    ]);
    const a = await newCandidate("Reason A");
    const b = await newCandidate("Reason B");
    expect(await moveCandidateStage(typed, a, "rejected", { rejectReasonId: reason.id })).toMatchObject({ moved: true, row: { stage: "rejected", rejectReasonId: reason.id, rejectReason: { id: reason.id, name: reason.name } } });
    await updateCandidate(viaPrisma, { id: b, stage: "rejected", reject_reason_id: reason.id });
    const [ta, tb] = [await trail(a), await trail(b)];
    const strip = (t: typeof ta) => ({
      candidate: { ...t.candidate, id: 0, publicId: "", name: "", email: "", createdAt: 0, updatedAt: 0, rejectedAt: t.candidate.rejectedAt !== null },
      activities: t.activities.map((x) => ({ ...x, id: 0, candidateId: 0, createdAt: 0 })),
      events: t.events.map((e) => ({ ...e, id: "", occurredAt: 0, payload: { ...(e.payload as object), candidate: {} } })),
    });
    expect(strip(ta)).toEqual(strip(tb));
    expect(ta.activities[0]!.data).toMatchObject({ reject_reason: { id: reason.id, name: reason.name } });
    expect((ta.events[0]!.payload as { stage_change: unknown }).stage_change).toMatchObject({ new_stage: "rejected", new_stage_type: "rejected", reject_reason: { id: reason.id, name: reason.name } });

    // An archived reason, another company's, or a reason with a move that is not a rejection: the statement moves nothing.
    const c = await newCandidate("Reason C");
    const otherReason = await prisma.rejectReason.findFirstOrThrow({ where: { companyId: other.companyId }, orderBy: { id: "asc" } });
    const before = await trail(c);
    for (const [stage, id] of [["rejected", archived.id], ["rejected", otherReason.id], ["phonescreen", reason.id]] as const) {
      expect(await moveCandidateStage(typed, c, stage, { rejectReasonId: id })).toBeUndefined();
      const error = await updateCandidate(typed, { id: c, stage, reject_reason_id: id }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "validation_error" });
    }
    expect(await trail(c)).toEqual(before);
  });

  it("a candidate without a job (the default pipeline) is moved by changeStage", async () => {
    // The API always names a job; the column allows none (rows from before jobs were required).
    const id = await newCandidate("No Job");
    await prisma.candidate.update({ where: { id }, data: { jobId: null } });
    expect(await moveCandidateStage(typed, id, "phonescreen")).toBeUndefined();
    expect((await updateCandidate(typed, { id, stage: "phonescreen" })).stage).toBe("phonescreen");
    expect((await trail(id)).events).toHaveLength(1);
  });

  it("moving to the current stage records nothing", async () => {
    const id = await newCandidate("Same Stage");
    const before = await trail(id);
    const answer = await updateCandidate(typed, { id, stage: "prospect" });
    expect(answer.stage).toBe("prospect");
    expect(await trail(id)).toEqual(before);
  });

  it("concurrent moves of one candidate are serialised: each event's previous stage is the real one", async () => {
    const id = await newCandidate("Raced");
    const stages = ["applied", "phonescreen", "inprogress", "hired", "rejected", "applied", "inprogress", "phonescreen"] as const;
    await Promise.all(stages.map((stage) => updateCandidate(typed, { id, stage })));
    const { candidate, activities, events } = await trail(id);
    const chain = activities.map((a) => a.data as { previous_stage: string; new_stage: string; previous_stage_name: string; new_stage_name: string });
    expect(chain[0]!.previous_stage).toBe("prospect");
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.previous_stage).toBe(chain[i - 1]!.new_stage);
    expect(chain.at(-1)!.new_stage).toBe(candidate.stage);
    // One event per activity, with the same stages (occurred_at is each transaction's start, not its commit order).
    const sorted = (list: unknown[]) => list.map((x) => JSON.stringify(x, Object.keys(x as object).sort())).sort();
    expect(sorted(events.map((e) => (e.payload as { stage_change: unknown }).stage_change))).toEqual(
      sorted(
        chain.map((c) => ({
          previous_stage: c.previous_stage,
          new_stage: c.new_stage,
          // The default pipeline: key = type.
          previous_stage_type: c.previous_stage,
          new_stage_type: c.new_stage,
          previous_stage_name: c.previous_stage_name,
          new_stage_name: c.new_stage_name,
          reject_reason: null,
          changed_by: "api",
          changed_by_user_id: null,
        })),
      ),
    );
  });

  it("a write between the statement's read and its UPDATE: the move changes nothing, and the locking path moves from the stage the row holds now", async () => {
    const id = await newCandidate("Overtaken");
    const blocker = await poolOf(prisma).connect();
    try {
      // Another transaction holds the row from before the typed read, so its write lands between that read and the move.
      await blocker.query("BEGIN");
      await blocker.query("SELECT 1 FROM candidates WHERE id = $1 FOR UPDATE", [id]);
      const moving = updateCandidate(typed, { id, stage: "phonescreen" });
      // The typed move's statement is waiting for the row: the condition, not a guess at a time. Asked outside
      // the blocker's transaction, whose first look at pg_stat_activity would be its view until it ends.
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [waiting] = await prisma.$queryRawUnsafe<{ n: number }[]>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH cur AS (%c.xmin AS version%'",
        );
        if (waiting!.n > 0) break;
        if (Date.now() > deadline) throw new Error("Timed out waiting until the move waits for the row");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await blocker.query("UPDATE candidates SET stage = 'applied', updated_at = now() WHERE id = $1", [id]);
      await blocker.query("COMMIT");
      const answer = await moving;
      expect(answer.stage).toBe("phonescreen");
      const { candidate, activities, events } = await trail(id);
      expect(candidate.stage).toBe("phonescreen");
      // One move recorded, from the stage the other transaction wrote (not the "prospect" the typed read saw).
      expect(activities.map((a) => a.data)).toEqual([expect.objectContaining({ previous_stage: "applied", new_stage: "phonescreen" })]);
      expect(events.map((e) => (e.payload as { stage_change: { previous_stage: string } }).stage_change.previous_stage)).toEqual(["applied"]);
    } finally {
      await blocker.query("ROLLBACK").catch(() => {});
      blocker.release();
    }
  });

  it("another company's candidate is a 404 and nothing changes", async () => {
    const id = await newCandidate("Not Yours");
    const before = await trail(id);
    const error = await updateCandidate(other, { id, stage: "hired" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("not_found");
    expect(await trail(id)).toEqual(before);
  });

  it("a move that fails midway leaves nothing behind and the pool keeps working", async () => {
    const id = await newCandidate("Rolled Back");
    const before = await trail(id);
    // A stage PostgreSQL cannot store (NUL) fails inside the transaction, after the lock.
    const error = await updateCandidate(typed, { id, stage: "bad\u0000stage" as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await trail(id)).toEqual(before);
    for (let i = 0; i < 12; i++) await updateCandidate(typed, { id, stage: i % 2 ? "applied" : "hired" });
    expect((await trail(id)).activities).toHaveLength(12);
  });
});

/** A copy without the given keys (ids and times that differ between two otherwise equal rows). */
function without<T extends object>(value: T, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key)));
}
