import { type ScopedTx } from "../../kernel/tenancy.ts";
import { recordEvent } from "../../kernel/outbox.ts";

/**
 * When a candidate is scored (docs/SCREENING.md): at creation, after the resume is parsed, or by a
 * re-score. Asking only records an outbox event; the engines run in the worker's `candidate-screen`.
 */
export type ScreeningTrigger = "initial" | "resume_parsed" | "rescore";

/**
 * Asks for a scoring of one candidate: fit pending, and an outbox event for the candidate-screen job.
 * Not for a candidate who opted out of the tool (ai_opt_out): nothing is marked or asked.
 */
export async function requestScreening(tx: ScopedTx, candidateId: number, trigger: ScreeningTrigger, options = { markPending: true }): Promise<void> {
  if (options.markPending) {
    const { count } = await tx.candidate.updateMany({ where: { id: candidateId, aiOptOut: false }, data: { fitStatus: "pending" } });
    if (count === 0) return;
  }
  await recordEvent(tx, "candidate/screen.requested", { candidate_id: candidateId, trigger });
}

/** Is screening on for a job's stored settings? Read without parsing them: it is on every candidate create. */
export function screeningOn(stored: unknown): boolean {
  const mode = (stored as { mode?: unknown } | null)?.mode;
  return mode === "score" || mode === "auto";
}
