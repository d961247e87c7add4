import { envInt } from "@hireflow/config";
import {
  failScreening,
  loadScreeningSubject,
  logger,
  modelScoringsToday,
  saveScreeningOutcome,
  skipScreening,
  systemContext,
  type ScreeningTrigger,
} from "@hireflow/core";
// A separate entry: the AI SDK is loaded by the job only, not by every route that imports core.
import { scoreCandidate, screeningModelFromEnv } from "@hireflow/core/screening/engine";
import { getPrisma } from "@hireflow/db";
import { NonRetriableError } from "inngest";
import { z } from "zod";
import { outboxEventSchema } from "../outbox/event.ts";
import { defineJob } from "../runtime/index.ts";

export const SCREEN_REQUESTED_EVENT = "candidate/screen.requested";

/** The outbox event (OutboxEventData) requestScreening records. */
const screenRequestedData = outboxEventSchema.extend({
  payload: z.object({ candidate_id: z.number().int().positive(), trigger: z.enum(["initial", "resume_parsed", "rescore"]) }).loose(),
});

/** Model calls a company may make per UTC day; beyond it candidates are scored by the local engine. */
export const dailyModelCap = () => envInt("AI_SCREENING_DAILY_CAP", 500);

/**
 * The AI screening agent (docs/SCREENING.md): scores a candidate against its job's criteria and,
 * in mode auto at the first scoring, may move it once (core saveScreeningOutcome decides). The
 * engine is a language model when AI_SCREENING_MODEL is set (its failures are retried as steps;
 * after the last one the fit is `failed` and nobody moves), the local engine otherwise.
 */
export const candidateScreenJob = defineJob({
  id: "candidate-screen",
  event: SCREEN_REQUESTED_EVENT,
  retries: 3,
  concurrency: envInt("AI_SCREENING_CONCURRENCY", 4),
  schema: screenRequestedData,
  handler: async ({ event, step }) => {
    const companyId = event.data.company_id;
    const candidateId = event.data.payload.candidate_id;
    const trigger = event.data.payload.trigger as ScreeningTrigger;
    const svc = () => systemContext(getPrisma(), companyId);

    const engine = await step.run("choose engine", async () => {
      const model = screeningModelFromEnv();
      if (!model) return { kind: "local" as const, note: null };
      const used = await modelScoringsToday(svc());
      if (used >= dailyModelCap()) {
        return { kind: "local" as const, note: `Daily model cap (${dailyModelCap()}) reached: scored by the local engine` };
      }
      return { kind: "model" as const, note: null };
    });

    const scored = await step.run("score", async () => {
      const subject = await loadScreeningSubject(svc(), candidateId);
      if (!subject) return null;
      const model = engine.kind === "model" ? screeningModelFromEnv() : null;
      try {
        const outcome = await scoreCandidate(subject.input, model ? { model: model.model, modelId: model.id } : null);
        return { subject: { candidateId: subject.candidateId, jobId: subject.jobId, settings: subject.settings }, outcome };
      } catch (error) {
        // By name and flag, not instanceof: bundles may hold two copies of the class.
        if ((error as { name?: string }).name === "ModelScreeningError" && (error as { retryable?: boolean }).retryable === false) {
          throw new NonRetriableError((error as Error).message, { cause: error });
        }
        throw error;
      }
    });
    if (!scored) {
      await step.run("mark skipped", () => skipScreening(svc(), candidateId));
      return { candidate_id: candidateId, skipped: "screening off or candidate gone" };
    }

    const saved = await step.run("save", () => saveScreeningOutcome(svc(), scored.subject, scored.outcome, trigger, engine.note));
    return { candidate_id: candidateId, fit_score: scored.outcome.fitScore, engine: scored.outcome.engine, action: saved.action };
  },
  onFailure: async ({ data, error, step }) => {
    if (!data) return;
    const candidateId = data.payload.candidate_id;
    logger.error("screening failed after retries", { candidate_id: candidateId, company_id: data.company_id, error });
    await step.run("mark failed", async () => {
      const svc = systemContext(getPrisma(), data.company_id);
      const subject = await loadScreeningSubject(svc, candidateId);
      if (subject) await failScreening(svc, subject, error.message, data.payload.trigger as ScreeningTrigger);
    });
  },
});
