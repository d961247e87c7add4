import { poolOf } from "@hireflow/db";
import { actorKind, actorUserId, type ServiceContext } from "../../../kernel/context.ts";
import { candidateUrl } from "../../../kernel/outbox.ts";
import { baseClientOf } from "../../../kernel/tenancy.ts";
import { type StageType } from "../../pipeline/contract/job-stages.ts";
import { CANDIDATE_COLUMNS, CANDIDATE_JOINED_COLUMNS, CANDIDATE_JOINS, type CandidateSqlRow, toCandidateRow } from "../read.ts";
import { type CandidateRow } from "../serialize.ts";

export type { StageChange } from "./stage-change.ts";

/**
 * PATCH /candidates/{id} with only a stage — the pipeline's commonest write, and the one every
 * candidate.stage_changed webhook starts from — as one SQL statement on Prisma's own pool: one round
 * trip, no explicit transaction. The statement reads the candidate with its row version (`xmin`), its
 * job's title, its stage and the target stage from the job's pipeline, and moves the row, records the
 * stage_changed activity and the candidate.stage_changed outbox event only if the row is still the
 * version read. A write to the row by another transaction (another move, an erasure, a pipeline
 * re-map, an agent's placement) gives it a new xmin: the UPDATE, which waits for that writer and
 * checks its condition again on the row it wrote, then changes and records nothing, and the move goes
 * the Prisma way (changeStage), which locks the row and reads it again — so each event's
 * previous_stage is still the real one. Each round trip cost ~0.2 ms of CPU on the bench machine
 * (server + PostgreSQL) and a network hop in production; the read-then-move of before took two
 * (docs/BENCHMARKS.md, webhooks: "After PATCH became one statement").
 *
 * The activity's data and the event's payload are what stageChange (stage-change.ts) builds for the
 * Prisma path, written here in SQL; candidate-move.test.ts compares the rows of the two paths.
 * The agent check reads the candidate's latest stage change through
 * candidate_activities_latest_stage_change_idx (candidate_id, id): one index entry. It names no company
 * (the candidate row already did): with one, the planner could take the reports' index (company_id,
 * candidate_id, created_at, id) and sort every stage change of the candidate, a cost that grew with
 * each move (docs/BENCHMARKS.md, "PATCH, paired"; agent-check-plan.test.ts pins the plan).
 *
 * Nothing is moved here, and undefined sends the move to changeStage, where that path has a rule this
 * statement does not repeat: a candidate without a job (the default pipeline) or in a stage their job
 * lacks, a stage value the job does not have (the 400 naming its keys), a reject reason that is not
 * a current one of the company or not with a move to a rejected stage (its 400), a candidate the AI
 * agent placed (the override needs its reason checked and audited), a move out of a rejected stage
 * while its rejection e-mail is still scheduled (candidate-emails.ts withdraws it), and a row written
 * meanwhile. Also undefined where the client has no pool (a transaction's client).
 */
const AGENT_PLACED = `coalesce((SELECT a.added_by = 'ai_agent' AND a.data ->> 'new_stage' = c.stage FROM candidate_activities a
      WHERE a.candidate_id = c.id AND a.type = 'stage_changed' ORDER BY a.id DESC LIMIT 1), false) AS "agentPlaced"`;

// $1 company, $2 candidate, $3 the stage value (a key of the job's pipeline, or a stage type: its first
// stage of that type), $4 changed_by, $5 the user's id, $6 the candidate's URL, $7 the reject reason's id.
const REJECT_REASON_JSON = `CASE WHEN go.reason_id IS NOT NULL THEN jsonb_build_object('id', go.reason_id, 'name', go.reason_name) END`;
export const MOVE_CANDIDATE = {
  name: "hireflow_move_candidate_one_statement",
  text: `WITH cur AS (
    SELECT c.xmin AS version, ${AGENT_PLACED}, ${CANDIDATE_COLUMNS}, ${CANDIDATE_JOINED_COLUMNS}
    FROM candidates c ${CANDIDATE_JOINS}
    WHERE c.company_id = $1 AND c.id = $2
  ), target AS (
    -- The stage of that key, else the first of that type (coalesce asks the second only without the first).
    SELECT p.key, p.name, p.type::text AS type FROM cur JOIN job_stages p ON p.job_id = cur."jobId" AND p.key = coalesce(
      (SELECT q.key FROM job_stages q WHERE q.job_id = cur."jobId" AND q.key = $3),
      (SELECT q.key FROM job_stages q WHERE q.job_id = cur."jobId" AND q.type::text = $3 ORDER BY q.position, q.id LIMIT 1))
  ), reason AS (
    SELECT r.id, r.name, r.archived_at FROM reject_reasons r WHERE $7::int IS NOT NULL AND r.id = $7 AND r.company_id = $1
  ), go AS (
    SELECT cur.id, cur.version, cur.stage, cur."stageName", cur."stageType", cur."publicId", cur.name, cur.email, cur."jobId", cur."jobTitle",
      target.key AS target_key, target.name AS target_name, target.type AS target_type,
      CASE WHEN target.type = 'rejected' THEN reason.id END AS reason_id, reason.name AS reason_name
    FROM cur JOIN target ON true LEFT JOIN reason ON true
    WHERE cur."stageName" IS NOT NULL AND target.key <> cur.stage AND NOT cur."agentPlaced"
      AND ($7::int IS NULL OR (target.type = 'rejected' AND reason.id IS NOT NULL AND reason.archived_at IS NULL))
      AND NOT (target.type <> 'rejected' AND (cur."rejectedAt" IS NOT NULL OR cur."stageType" = 'rejected')
        AND EXISTS (SELECT 1 FROM email_messages m WHERE m.candidate_id = cur.id AND m.kind = 'rejection' AND m.status = 'scheduled'))
  ), moved AS (
    UPDATE candidates c SET stage = go.target_key,
      hired_at = CASE WHEN go.target_type = 'hired' THEN now() END,
      rejected_at = CASE WHEN go.target_type = 'rejected' THEN now() END,
      reject_reason_id = go.reason_id, updated_at = now()
    FROM go WHERE c.company_id = $1 AND c.id = go.id AND c.xmin = go.version
    RETURNING c.id, c.company_id, c.hired_at, c.rejected_at, c.updated_at
  ), activity AS (
    INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, performer_id, data)
    SELECT moved.company_id, moved.id, 'stage_changed', $4::actor, $5::uuid,
      jsonb_build_object('previous_stage', go.stage, 'new_stage', go.target_key, 'previous_stage_name', go."stageName", 'new_stage_name', go.target_name)
        || CASE WHEN go.reason_id IS NOT NULL THEN jsonb_build_object('reject_reason', ${REJECT_REASON_JSON}) ELSE '{}'::jsonb END
    FROM moved, go
  ), event AS (
    INSERT INTO events (company_id, type, payload)
    SELECT moved.company_id, 'candidate.stage_changed', jsonb_build_object(
      'candidate', jsonb_build_object('id', go.id, 'public_id', go."publicId", 'name', go.name, 'email', go.email, 'url', $6::text),
      'job', jsonb_build_object('id', go."jobId", 'title', go."jobTitle"),
      'company', jsonb_build_object('id', moved.company_id),
      'stage_change', jsonb_build_object('previous_stage', go.stage, 'new_stage', go.target_key,
        'previous_stage_type', go."stageType", 'new_stage_type', go.target_type,
        'previous_stage_name', go."stageName", 'new_stage_name', go.target_name,
        'reject_reason', ${REJECT_REASON_JSON}, 'changed_by', $4::text, 'changed_by_user_id', $5::text))
    FROM moved, go
  )
  SELECT cur.*, target.key AS "targetKey", target.name AS "targetName", target.type AS "targetType", go.reason_id AS "reasonId",
    go.reason_name AS "reasonName", moved.hired_at AS "movedHiredAt", moved.rejected_at AS "movedRejectedAt", moved.updated_at AS "movedAt"
  FROM cur LEFT JOIN target ON true LEFT JOIN go ON true LEFT JOIN moved ON true`,
};

type MoveRow = CandidateSqlRow & {
  version: string;
  agentPlaced: boolean;
  targetKey: string | null;
  targetName: string | null;
  targetType: StageType | null;
  reasonId: number | null;
  reasonName: string | null;
  movedHiredAt: Date | null;
  movedRejectedAt: Date | null;
  movedAt: Date | null;
};

/**
 * The move, or null when the company has no such candidate, or undefined for changeStage to make it
 * (above). `moved` is false when the candidate already was in that stage: nothing is recorded then.
 */
export async function moveCandidateStage(
  svc: ServiceContext,
  id: number,
  value: string,
  options: { rejectReasonId?: number | null } = {},
): Promise<{ row: CandidateRow; moved: boolean } | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const rejectReasonId = options.rejectReasonId ?? null;
  const { rows } = await poolOf(base).query<MoveRow>({
    ...MOVE_CANDIDATE,
    values: [svc.companyId, id, value, actorKind(svc.actor), actorUserId(svc.actor), candidateUrl(id), rejectReasonId],
  });
  if (!rows[0]) return null;
  const { version: _version, agentPlaced: _agentPlaced, targetKey, targetName, targetType, reasonId, reasonName, movedHiredAt, movedRejectedAt, movedAt, ...sqlRow } = rows[0];
  const current = toCandidateRow(sqlRow);
  if (movedAt !== null) {
    const row: CandidateRow = {
      ...current,
      stage: targetKey!,
      hiredAt: movedHiredAt,
      rejectedAt: movedRejectedAt,
      rejectReasonId: reasonId,
      updatedAt: movedAt,
      jobStage: { name: targetName!, type: targetType! },
      rejectReason: reasonId === null ? null : { id: reasonId, name: reasonName! },
    };
    return { row, moved: true };
  }
  // Moving to the current stage records nothing (a reject reason given is checked first: changeStage's 400).
  if (targetKey !== null && targetKey === current.stage && current.jobStage && rejectReasonId === null) return { row: current, moved: false };
  return undefined;
}
