import { poolOf } from "@hireflow/db";
import { type ServiceContext } from "../../../kernel/context.ts";
import { baseClientOf } from "../../../kernel/tenancy.ts";
import { CANDIDATE_WITH_JOB_BUT_STAGE, type CandidateSqlRow, toCandidateRow } from "../read.ts";
import { DEFAULT_PIPELINE, type JobStage, requireStage, resolveStage } from "../../pipeline/stages.ts";
import { jobPipelineFromCache, jobStageCacheActive } from "../../pipeline/stage-cache.ts";
import { type CandidateRow } from "../serialize.ts";
import { rejectReasonForMove, stageChange } from "./stage-change.ts";
import { leavesRejection } from "../../mail/candidate-emails.ts";

export type { StageChange } from "./stage-change.ts";

/**
 * PATCH /candidates/{id} with only a stage — the pipeline's commonest write, and the one every
 * candidate.stage_changed webhook starts from — as typed SQL on one connection of Prisma's own pool:
 * BEGIN; the candidate read under its row lock; the move, its activity and its outbox event in one
 * statement; COMMIT. Four round trips where Prisma's transaction took seven (docs/BENCHMARKS.md,
 * webhooks). The activity and event are what changeStage (candidates.ts) records — both build them
 * with stageChange — and candidate-move.test.ts compares the two paths' rows.
 * The job's stages (the target's key, name and type) come from this process's cache where it keeps
 * one (job-stage-cache.ts); elsewhere the locking read aggregates them (LOCK_CANDIDATE_WITH_STAGES),
 * which was about 6 % of PATCH's PostgreSQL CPU (docs/BENCHMARKS.md, "PATCH").
 * Filtered by the context's company here. The agent check reads the candidate's latest stage change
 * through candidate_activities_latest_stage_change_idx (candidate_id, id): one index entry. It names no
 * company (the candidate row already did): with one, the planner could take the reports' index
 * (company_id, candidate_id, created_at, id) and sort every stage change of the candidate, a cost that
 * grew with each move (docs/BENCHMARKS.md, "PATCH, paired"; agent-check-plan.test.ts pins the plan).
 * Undefined: use changeStage — where the client has no pool (a transaction's client), for a move out
 * of a rejected stage while its rejection e-mail is still scheduled (candidate-emails.ts withdraws it;
 * probed only for a move out of a rejected stage), and for a move of a candidate the AI agent placed
 * (the override needs its reason checked and audited).
 */
const AGENT_PLACED = `coalesce((SELECT a.added_by = 'ai_agent' AND a.data ->> 'new_stage' = c.stage FROM candidate_activities a
      WHERE a.candidate_id = c.id AND a.type = 'stage_changed' ORDER BY a.id DESC LIMIT 1), false) AS "agentPlaced"`;
const JOB_STAGES = `(SELECT json_agg(json_build_object('key', p.key, 'name', p.name, 'type', p.type) ORDER BY p.position, p.id)
    FROM job_stages p WHERE p.job_id = c.job_id) AS "jobStages"`;
const LOCKED_BY_ID = `WHERE c.company_id = $1 AND c.id = $2 FOR UPDATE OF c`;

export const LOCK_CANDIDATE = {
  name: "hireflow_candidate_lock_for_cached_move",
  text: `${CANDIDATE_WITH_JOB_BUT_STAGE.replace("SELECT ", `SELECT ${AGENT_PLACED}, `)} ${LOCKED_BY_ID}`,
};
export const LOCK_CANDIDATE_WITH_STAGES = {
  name: "hireflow_candidate_lock_for_move_with_stages",
  text: `${CANDIDATE_WITH_JOB_BUT_STAGE.replace("SELECT ", `SELECT ${JOB_STAGES}, ${AGENT_PLACED}, `)} ${LOCKED_BY_ID}`,
};

/** Only a move of this candidate schedules one, and it holds the row lock: the answer stands until COMMIT. */
const REJECTION_SCHEDULED = {
  name: "hireflow_candidate_rejection_scheduled",
  text: `SELECT EXISTS (SELECT 1 FROM email_messages m WHERE m.candidate_id = $1 AND m.kind = 'rejection' AND m.status = 'scheduled') AS "scheduled"`,
};

type LockedRow = CandidateSqlRow & { jobStages?: JobStage[] | null; agentPlaced: boolean };

/**
 * Returns only updated_at: the row is locked since it was read, so every other column is what the
 * locking read saw or what this statement set. Returning the whole row again cost both sides the
 * candidate's JSON columns (resume data, answers, criteria) a second time (docs/BENCHMARKS.md, "PATCH").
 */
const MOVE_CANDIDATE = {
  name: "hireflow_move_candidate_updated_at",
  text: `WITH moved AS (
    UPDATE candidates c SET stage = $3, hired_at = $8, rejected_at = $9, reject_reason_id = $10, updated_at = now()
    WHERE c.company_id = $1 AND c.id = $2
    RETURNING c.id, c.company_id, c.updated_at
  ), activity AS (
    INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, performer_id, data)
    SELECT moved.company_id, moved.id, 'stage_changed', $4::actor, $5::uuid, $6::jsonb FROM moved
  ), event AS (
    INSERT INTO events (company_id, type, payload)
    SELECT moved.company_id, 'candidate.stage_changed', $7::jsonb FROM moved
  )
  SELECT updated_at AS "updatedAt" FROM moved`,
};

export async function moveCandidateStage(
  svc: ServiceContext,
  id: number,
  value: string,
  options: { rejectReasonId?: number | null } = {},
): Promise<{ row: CandidateRow; moved: boolean } | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const client = await poolOf(base).connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const cached = jobStageCacheActive();
    const locked = await client.query<LockedRow>({ ...(cached ? LOCK_CANDIDATE : LOCK_CANDIDATE_WITH_STAGES), values: [svc.companyId, id] });
    if (!locked.rows[0]) {
      await client.query("COMMIT");
      return null;
    }
    const { jobStages: lockedStages, agentPlaced, ...sqlRow } = locked.rows[0];
    const holdsCurrent = (stages: readonly JobStage[]) => stages.some((stage) => stage.key === sqlRow.stage);
    let jobStages: readonly JobStage[] | null | undefined = lockedStages;
    if (cached && sqlRow.jobId !== null) {
      jobStages = await jobPipelineFromCache(client, sqlRow.jobId, (stages) => holdsCurrent(stages) && resolveStage(stages, value) !== undefined);
      // The row lock keeps the candidate's stage in the job (a pipeline edit re-maps under it), so this
      // is a cache that stopped listening meanwhile: the Prisma path reads everything afresh.
      if (!jobStages || !holdsCurrent(jobStages)) {
        await client.query("COMMIT");
        return undefined;
      }
    }
    // The current stage's name and type from the job's stages: one snapshot with the target's.
    const currentStage = jobStages?.find((stage) => stage.key === sqlRow.stage);
    if (currentStage) {
      sqlRow.stageName = currentStage.name;
      sqlRow.stageType = currentStage.type;
    }
    const current = toCandidateRow(sqlRow);
    const target = requireStage(jobStages ?? DEFAULT_PIPELINE, value);
    const rejectReason = await rejectReasonForMove(svc.db, target, options.rejectReasonId);
    // Moving to the current stage records nothing.
    if (current.stage === target.key) {
      await client.query("COMMIT");
      return { row: current, moved: false };
    }
    const rejectionScheduled = async () => (await client.query<{ scheduled: boolean }>({ ...REJECTION_SCHEDULED, values: [id] })).rows[0]!.scheduled;
    if (agentPlaced || (leavesRejection(current, target) && (await rejectionScheduled()))) {
      await client.query("COMMIT");
      return undefined;
    }
    const { changedBy, userId, activityData, eventPayload, outcome } = stageChange(svc, current, target, { rejectReason });
    const { rows } = await client.query<Pick<CandidateRow, "updatedAt">>({
      ...MOVE_CANDIDATE,
      values: [
        svc.companyId,
        id,
        target.key,
        changedBy,
        userId,
        JSON.stringify(activityData),
        JSON.stringify(eventPayload),
        outcome.hiredAt,
        outcome.rejectedAt,
        outcome.rejectReasonId,
      ],
    });
    await client.query("COMMIT");
    const row: CandidateRow = {
      ...current,
      stage: target.key,
      hiredAt: outcome.hiredAt,
      rejectedAt: outcome.rejectedAt,
      rejectReasonId: outcome.rejectReasonId,
      updatedAt: rows[0]!.updatedAt,
      jobStage: { name: target.name, type: target.type },
      rejectReason: target.type === "rejected" ? rejectReason : null,
    };
    return { row, moved: true };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw error;
  } finally {
    // A connection whose ROLLBACK did not go through is closed, not given back to the pool.
    client.release(broken);
  }
}
