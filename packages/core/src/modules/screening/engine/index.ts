import { scoreLocally } from "./local.ts";
import { type ModelEngineOptions, scoreWithModel } from "./model.ts";
import { type ScreeningInput, type ScreeningOutcome } from "./types.ts";

/**
 * Scores a candidate against a job's screening criteria: the local engine when no model is given
 * (the default: offline, deterministic), else a language model for `skill` and `text` criteria.
 * Throws ModelScreeningError (with `retryable`) only on the model path.
 */
export async function scoreCandidate(input: ScreeningInput, engine?: ModelEngineOptions | null): Promise<ScreeningOutcome> {
  return engine ? scoreWithModel(input, engine) : scoreLocally(input);
}

export { blindText, blindMapped, type BlindMapped, REMOVED } from "./blind.ts";
export { quoteOriginal, quoteBlind, quoteModelEvidence, MAX_QUOTE, MIN_QUOTE } from "./evidence.ts";
export { fitScoreOf, criteriaHash, inputHash, REQUIRED_MISS_CAP } from "./fit.ts";
export { findSkill, skillAliases } from "./skills.ts";
export { scoreLocally, judgeLocally, blindResume, blindResumeMapped } from "./local.ts";
export {
  scoreWithModel,
  screeningModelFromEnv,
  timeoutFromEnv,
  ModelScreeningError,
  type ModelScreeningErrorKind,
  type ModelEngineOptions,
  MODEL_CRITERION_TYPES,
} from "./model.ts";
export type { ScreeningInput, ScreeningOutcome, ScreeningPerson, ResumeDataLike, ScreeningQuestionLike } from "./types.ts";
