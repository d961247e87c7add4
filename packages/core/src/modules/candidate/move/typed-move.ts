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
 * candidate.stage_changed webhook starts from — as typed SQL on one connection of Prisma's own pool,
 * in two round trips and no explicit transaction: the candidate read with its row version (`xmin`),
 * then the move, its activity and its outbox event in one statement that changes the row only if it
 * is still the version read. Any write to the row in between (another move, an erasure, a pipeline
 * re-map, an agent's placement) gives it a new xmin, the statement then changes and records nothing,
 * and the move goes the Prisma way (changeStage), which locks the row and reads it again — so each
 * event's previous_stage is still the real one. Where BEGIN, a locking read and COMMIT took four round
 * trips (and Prisma's transaction seven), this is the path's commonest case in two (docs/BENCHMARKS.md,
 * webhooks). The activity and event are what changeStage (candidates.ts) records — both build them
 * with stageChange — and candidate-move.test.ts compares the two paths' rows.
 * The job's stages (the target's key, name and type) come from this process's cache where it keeps
 * one (job-stage-cache.ts); elsewhere the read aggregates them (READ_CANDIDATE_WITH_STAGES),
 * which was about 6 % of PATCH's PostgreSQL CPU (docs/BENCHMARKS.md, "PATCH").
 * Filtered by the context's company here. The agent check reads the candidate's latest stage change
 * through candidate_activities_latest_stage_change_idx (candidate_id, id): one index entry. It names no
 * company (the candidate row already did): with one, the planner could take the reports' index
 * (company_id, candidate_id, created_at, id) and sort every stage change of the candidate, a cost that
 * grew with each move (docs/BENCHMARKS.md, "PATCH, paired"; agent-check-plan.test.ts pins the plan).
 * Undefined: use changeStage — where the client has no pool (a transaction's client), when the row
 * changed between the read and the move, for a move out of a rejected stage while its rejection e-mail
 * is still scheduled (candidate-emails.ts withdraws it; probed only for a move out of a rejected
 * stage), and for a move of a candidate the AI agent placed (the override needs its reason checked
 * and audited).
 */
const AGENT_PLACED = `coalesce((SELECT a.added_by = 'ai_agent' AND a.data ->> 'new_stage' = c.stage FROM candidate_activities a
      WHERE a.candidate_id = c.id AND a.type = 'stage_changed' ORDER BY a.id DESC LIMIT 1), false) AS "agentPlaced"`;
const JOB_STAGES = `(SELECT json_agg(json_build_object('key', p.key, 'name', p.name, 'type', p.type) ORDER BY p.position, p.id)
    FROM job_stages p WHERE p.job_id = c.job_id) AS "jobStages"`;
// xmin names the row version: every UPDATE writes a new one with the writing transaction's id.
const VERSION = `c.xmin::text AS "version"`;
const BY_ID = `WHERE c.company_id = $1 AND c.id = $2`;

export const READ_CANDIDATE = {
  name: "hireflow_candidate_read_for_cached_move",
  text: `${CANDIDATE_WITH_JOB_BUT_STAGE.replace("SELECT ", `SELECT ${VERSION}, ${AGENT_PLACED}, `)} ${BY_ID}`,
};
export const READ_CANDIDATE_WITH_STAGES = {
  name: "hireflow_candidate_read_for_move_with_stages",
  text: `${CANDIDATE_WITH_JOB_BUT_STAGE.replace("SELECT ", `SELECT ${VERSION}, ${JOB_STAGES}, ${AGENT_PLACED}, `)} ${BY_ID}`,
};

/**
 * Only a move of this candidate schedules one, and that move writes the row: should one be scheduled
 * after this answer, the move below finds a new row version and changes nothing.
 */
const REJECTION_SCHEDULED = {
  name: "hireflow_candidate_rejection_scheduled",
  text: `SELECT EXISTS (SELECT 1 FROM email_messages m WHERE m.candidate_id = $1 AND m.kind = 'rejection' AND m.status = 'scheduled') AS "scheduled"`,
};

type ReadRow = CandidateSqlRow & { version: string; jobStages?: JobStage[] | null; agentPlaced: boolean };

/**
 * Changes the row only while it is the version read ($11), so every other column is what the read saw
 * or what this statement set, and returns only updated_at: returning the whole row again cost both
 * sides the candidate's JSON columns (resume data, answers, criteria) a second time (docs/BENCHMARKS.md,
 * "PATCH"). Under READ COMMITTED a concurrent writer's row is waited for and the condition checked on
 * its new version, which has another xmin: no row, nothing inserted.
 */
const MOVE_CANDIDATE = {
  name: "hireflow_move_candidate_updated_at",
  text: `WITH moved AS (
    UPDATE candidates c SET stage = $3, hired_at = $8, rejected_at = $9, reject_reason_id = $10, updated_at = now()
    WHERE c.company_id = $1 AND c.id = $2 AND c.xmin = $11::xid
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
  try {
    const cached = jobStageCacheActive();
    const read = await client.query<ReadRow>({ ...(cached ? READ_CANDIDATE : READ_CANDIDATE_WITH_STAGES), values: [svc.companyId, id] });
    if (!read.rows[0]) return null;
    const { version, jobStages: readStages, agentPlaced, ...sqlRow } = read.rows[0];
    const holdsCurrent = (stages: readonly JobStage[]) => stages.some((stage) => stage.key === sqlRow.stage);
    let jobStages: readonly JobStage[] | null | undefined = readStages;
    if (cached && sqlRow.jobId !== null) {
      jobStages = await jobPipelineFromCache(client, sqlRow.jobId, (stages) => holdsCurrent(stages) && resolveStage(stages, value) !== undefined);
      // A pipeline edit re-maps the job's candidates before it commits, so a stage the row holds that the
      // cache lacks is a cache that stopped listening meanwhile: the Prisma path reads everything afresh.
      if (!jobStages || !holdsCurrent(jobStages)) return undefined;
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
    if (current.stage === target.key) return { row: current, moved: false };
    const rejectionScheduled = async () => (await client.query<{ scheduled: boolean }>({ ...REJECTION_SCHEDULED, values: [id] })).rows[0]!.scheduled;
    if (agentPlaced || (leavesRejection(current, target) && (await rejectionScheduled()))) return undefined;
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
        version,
      ],
    });
    // Written meanwhile: the locking path moves it from what it is now.
    if (!rows[0]) return undefined;
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
  } finally {
    client.release();
  }
}
