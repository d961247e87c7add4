import { type ServiceContext } from "../../../kernel/context.ts";
import { AppError } from "../../../kernel/errors.ts";
import { type ScopedDb, type ScopedTx } from "../../../kernel/tenancy.ts";
import { recordAudit } from "../../audit/audit.ts";
import { type JobStage } from "../../pipeline/stages.ts";
import { type CandidateRow } from "../serialize.ts";

/**
 * Human oversight of the AI agent (issue 25 §3, docs/SCREENING.md "Overriding the agent"): a person
 * who moves a candidate against the agent's move — out of the stage the agent advanced them to, or
 * back out of its rejection — gives a reason, kept in the stage_changed activity (the timeline) and
 * in the audit log as `candidate.agent_overridden`. "The agent's move" is read from the timeline: the
 * candidate's last stage_changed activity was added by the agent and the candidate is still in the
 * stage it moved them to. Every other move is unchanged.
 */

/**
 * Does the candidate sit where the AI agent put them (their last move was the agent's)? Raw SQL, so it
 * filters by company itself, on the candidate: the latest stage change is then one probe of
 * candidate_activities_latest_stage_change_idx (candidate_id, id), which a company condition on the
 * activities would trade for a sort of all the candidate's stage changes (candidate-move.ts).
 */
export async function agentPlaced(db: ScopedDb | ScopedTx, current: Pick<CandidateRow, "id" | "companyId" | "stage">): Promise<boolean> {
  const rows = await db.$queryRaw<{ placed: boolean }[]>`
    SELECT (SELECT a.added_by = 'ai_agent' AND a.data ->> 'new_stage' = ${current.stage}
              FROM candidate_activities a
             WHERE a.candidate_id = c.id AND a.type = 'stage_changed'
             ORDER BY a.id DESC LIMIT 1) IS TRUE AS placed
      FROM candidates c
     WHERE c.company_id = ${current.companyId} AND c.id = ${current.id}`;
  return rows[0]?.placed ?? false;
}

/**
 * The candidates of `candidateIds` who sit where the agent put them, in one query (the board and the
 * candidate list mark them). A raw query bypasses the company scoping, so it filters on the
 * context's company itself.
 */
export async function agentPlacedIds(svc: ServiceContext, candidateIds: readonly number[]): Promise<Set<number>> {
  if (candidateIds.length === 0) return new Set();
  const rows = await svc.db.$queryRaw<{ id: number }[]>`
    SELECT last.candidate_id AS id
      FROM (SELECT DISTINCT ON (a.candidate_id) a.candidate_id, a.added_by, a.data ->> 'new_stage' AS new_stage
              FROM candidate_activities a
             WHERE a.company_id = ${svc.companyId} AND a.candidate_id = ANY(${candidateIds}::int[]) AND a.type = 'stage_changed'
             ORDER BY a.candidate_id, a.id DESC) last
      JOIN candidates c ON c.id = last.candidate_id AND c.company_id = ${svc.companyId}
     WHERE last.added_by = 'ai_agent' AND last.new_stage = c.stage`;
  return new Set(rows.map((row) => row.id));
}

export const OVERRIDE_REASON_MESSAGE = "Required: the AI agent moved this candidate to their current stage; say why you move them elsewhere (1 to 500 characters)";

/**
 * Checks a move of `current` to `target` by a person or an integration (never the agent itself):
 * against the agent's move it needs `reason` (else a 400 naming override_reason). Returns the
 * reason to record, or null when the move does not go against the agent.
 */
export async function checkAgentOverride(
  tx: ScopedTx,
  svc: ServiceContext,
  current: CandidateRow,
  target: JobStage,
  reason: string | undefined,
): Promise<string | null> {
  if (svc.actor.type === "ai_agent" || current.stage === target.key) return null;
  if (!(await agentPlaced(tx, current))) return null;
  if (!reason) {
    throw AppError.validation(
      [{ field: "override_reason", message: `${OVERRIDE_REASON_MESSAGE} (candidate ${current.id}, in "${current.stage}")` }],
      "Moving this candidate goes against the AI agent's move: give override_reason",
    );
  }
  return reason;
}

/** The audit entry of an override, in the move's transaction. */
export async function recordAgentOverride(tx: ScopedTx, svc: ServiceContext, current: CandidateRow, target: JobStage, reason: string): Promise<void> {
  await recordAudit(tx, svc, {
    action: "candidate.agent_overridden",
    target: { type: "candidate", id: current.id, label: current.publicId },
    data: { from_stage: current.stage, to_stage: target.key, reason },
  });
}
