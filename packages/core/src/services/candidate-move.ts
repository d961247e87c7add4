import { poolOf } from "@hireflow/db";
import { type ServiceContext } from "../context.ts";
import { baseClientOf } from "../tenancy.ts";
import { CANDIDATE_COLUMNS, CANDIDATE_WITH_JOB, type CandidateSqlRow, toCandidateRow } from "./candidate-read.ts";
import { type CandidateRow } from "./serialize.ts";

/**
 * PATCH /candidates/{id} with only a stage — the pipeline's commonest write, and the one every
 * candidate.stage_changed webhook starts from — as typed SQL on one connection of Prisma's own pool:
 * BEGIN; the candidate read under its row lock; the move, its activity and its outbox event in one
 * statement; COMMIT. Four round trips where Prisma's transaction took seven (docs/BENCHMARKS.md,
 * webhooks). The activity and event are what changeStage (candidates.ts) records — both build them
 * with stageChange — and candidate-move.test.ts compares the two paths' rows. Filtered by the
 * context's company here. Undefined: the client has no pool (a transaction's client), use changeStage.
 */
export interface StageChange {
  changedBy: "api" | "user" | "system" | "ai_agent";
  userId: string | null;
  activityData: Record<string, unknown>;
  eventPayload: Record<string, unknown>;
}

const LOCK_CANDIDATE = {
  name: "hireflow_candidate_for_update",
  text: `${CANDIDATE_WITH_JOB} WHERE c.company_id = $1 AND c.id = $2 FOR UPDATE OF c`,
};

const MOVE_CANDIDATE = {
  name: "hireflow_move_candidate",
  text: `WITH moved AS (
    UPDATE candidates c SET stage = $3, updated_at = now() WHERE c.company_id = $1 AND c.id = $2
    RETURNING ${CANDIDATE_COLUMNS}
  ), activity AS (
    INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, performer_id, data)
    SELECT moved."companyId", moved.id, 'stage_changed', $4::actor, $5::uuid, $6::jsonb FROM moved
  ), event AS (
    INSERT INTO events (company_id, type, payload)
    SELECT moved."companyId", 'candidate.stage_changed', $7::jsonb FROM moved
  )
  SELECT * FROM moved`,
};

export async function moveCandidateStage(
  svc: ServiceContext,
  id: number,
  newStage: string,
  change: (current: CandidateRow) => StageChange,
): Promise<{ row: CandidateRow; moved: boolean } | null | undefined> {
  const base = baseClientOf(svc.db);
  if (!base) return undefined;
  const client = await poolOf(base).connect();
  let broken = false;
  try {
    await client.query("BEGIN");
    const locked = await client.query<CandidateSqlRow>({ ...LOCK_CANDIDATE, values: [svc.companyId, id] });
    if (!locked.rows[0]) {
      await client.query("COMMIT");
      return null;
    }
    const current = toCandidateRow(locked.rows[0]);
    // Moving to the current stage records nothing.
    if (current.stage === newStage) {
      await client.query("COMMIT");
      return { row: current, moved: false };
    }
    const { changedBy, userId, activityData, eventPayload } = change(current);
    const { rows } = await client.query<Omit<CandidateRow, "job">>({
      ...MOVE_CANDIDATE,
      values: [svc.companyId, id, newStage, changedBy, userId, JSON.stringify(activityData), JSON.stringify(eventPayload)],
    });
    await client.query("COMMIT");
    return { row: { ...rows[0]!, job: current.job }, moved: true };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => (broken = true));
    throw error;
  } finally {
    // A connection whose ROLLBACK did not go through is closed, not given back to the pool.
    client.release(broken);
  }
}
