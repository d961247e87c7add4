import { z } from "zod";
import { storableText, timestamp } from "../../../kernel/contract/common.ts";
import { protectedTermIn, protectedTermMessage } from "./guard-rails.ts";
import { PUBLIC_API_STAGES } from "../../pipeline/contract/stages.ts";

/**
 * AI screening settings of a job (docs/SCREENING.md) and the fit they produce. The agent scores a
 * candidate against the criteria; in mode "auto" it may also move the candidate once.
 */
export const SCREENING_MODES = ["off", "score", "auto"] as const;
export const CRITERION_TYPES = ["skill", "min_years", "location", "answer", "text"] as const;
/** opted_out: the applicant asked for a person, not the automated tool (ai_opt_out): never scored. */
export const FIT_STATUSES = ["pending", "completed", "failed", "opted_out"] as const;
export const MAX_CRITERIA = 30;

const criterionId = storableText(z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - and _ only"));
const weight = z.number().int().min(1, "Must be 1 to 5").max(5, "Must be 1 to 5");
const common = {
  /** Stable id; generated from the type and value when omitted. */
  id: criterionId.optional(),
  required: z.boolean().optional(),
  weight: weight.optional(),
};
const shortText = (max: number) => storableText(z.string().trim().min(1).max(max));

/** A skill or a statement: it judges a qualification, so one naming a protected characteristic is refused (guard-rails.ts). */
const qualification = (max: number) =>
  shortText(max).superRefine((value, ctx) => {
    const found = protectedTermIn(value);
    if (found) ctx.addIssue({ code: "custom", message: protectedTermMessage(found) });
  });

/**
 * A field another type of criterion uses, which a criterion read back from the API carries as null:
 * null is accepted (and means nothing), so a job's criteria read with GET can be sent back as they are.
 */
const otherType = z.null().optional();
const notAnAnswer = { question_id: otherType, accepted: otherType };

/** What a client sends: `id`, `required` and `weight` may be left out. */
export const screeningCriterionInput = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("skill"), value: qualification(100), ...notAnAnswer, ...common }),
  z.strictObject({ type: z.literal("min_years"), value: z.number().min(0).max(60), ...notAnAnswer, ...common }),
  z.strictObject({ type: z.literal("location"), value: otherType, ...notAnAnswer, ...common }),
  z.strictObject({ type: z.literal("answer"), value: otherType, question_id: shortText(64), accepted: z.array(shortText(200)).min(1).max(20), ...common }),
  z.strictObject({ type: z.literal("text"), value: qualification(500), ...notAnAnswer, ...common }),
]);

export const screeningAdvanceSchema = z.strictObject({
  min_score: z.number().int().min(0).max(100),
  to_stage: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/, "Must be a stage key of the job or a stage type")
    .meta({ description: `A stage key of the job's pipeline, or a stage type (${PUBLIC_API_STAGES.join(", ")}): the job's first stage of that type`, example: "phonescreen" }),
});

export const screeningSettingsInput = z.strictObject({
  mode: z.enum(SCREENING_MODES).optional(),
  criteria: z.array(screeningCriterionInput).max(MAX_CRITERIA, `At most ${MAX_CRITERIA} criteria`).optional(),
  advance: screeningAdvanceSchema.nullable().optional(),
  reject_on_required_miss: z.boolean().optional(),
});

export type ScreeningSettingsInput = z.infer<typeof screeningSettingsInput>;

/** A criterion as stored and returned: every field present. */
export const screeningCriterionSchema = z
  .object({
    id: z.string(),
    type: z.enum(CRITERION_TYPES),
    value: z.union([z.string(), z.number()]).nullable().meta({ description: "The skill, the minimum years or the statement; null for location and answer" }),
    question_id: z.string().nullable().meta({ description: "answer: the screening question" }),
    accepted: z.array(z.string()).nullable().meta({ description: "answer: accepted answers (case-insensitive; yes_no answers count as \"yes\"/\"no\")" }),
    required: z.boolean(),
    weight: z.number().int(),
  })
  .meta({ id: "ScreeningCriterion" });

export type ScreeningCriterion = z.infer<typeof screeningCriterionSchema>;

export const screeningSettingsSchema = z
  .object({
    mode: z.enum(SCREENING_MODES).meta({ description: "off: no scoring; score: scores only; auto: scores and may move a candidate once" }),
    criteria: z.array(screeningCriterionSchema),
    advance: screeningAdvanceSchema.nullable(),
    reject_on_required_miss: z.boolean(),
  })
  .meta({ id: "ScreeningSettings" });

export type ScreeningSettings = z.infer<typeof screeningSettingsSchema>;

export const DEFAULT_SCREENING: ScreeningSettings = { mode: "off", criteria: [], advance: null, reject_on_required_miss: false };

/** One criterion's result: met true/false, or null when it could not be judged, with the evidence. */
export const criterionResultSchema = screeningCriterionSchema
  .extend({
    met: z.boolean().nullable(),
    evidence: z.string().meta({
      description:
        "What decided it: a quote of the resume as written (its line, or the sentence around the match; never a redaction mark), of the answer, or why it could not be judged",
    }),
    match: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "The words of `evidence` that matched (e.g. the skill as the resume writes it), to highlight; absent when the evidence quotes nothing" }),
  })
  .meta({ id: "CriterionResult" });

export type CriterionResult = z.infer<typeof criterionResultSchema>;

export const fitSchema = z
  .object({
    status: z.enum(FIT_STATUSES).nullable().meta({ description: "null when the job's screening is off; opted_out when the applicant asked that a person, not the automated tool, reviews the application (never scored)" }),
    engine: z.string().nullable().meta({ description: "local, or model:<id> when a language model judged criteria" }),
    scored_at: timestamp.nullable(),
    criteria: z.array(criterionResultSchema),
    judged: z.number().int().meta({ description: "Criteria the scoring could judge (met true or false): fit_score rests on these" }),
    total: z.number().int().meta({ description: "Criteria scored; total - judged could not be judged (say, no resume)" }),
  })
  .meta({ id: "Fit" });

export type FitDto = z.infer<typeof fitSchema>;

/**
 * Why a scoring gave no fit score (no criterion could be judged), as the candidate's record tells:
 * the job has no criteria; no resume (nothing for skills and years); a resume that could not be
 * parsed; one still being parsed (it is scored again once parsed); else the resume and answers held
 * nothing the criteria ask about (e.g. only statements, which need a language model).
 */
export const UNJUDGED_REASONS = ["no_criteria", "no_resume", "resume_failed", "resume_parsing", "nothing_to_judge"] as const;
export type UnjudgedReason = (typeof UNJUDGED_REASONS)[number];

const count = z.number().int().min(0);

/** UI only (jobs.screeningProgress): how far a job's re-score has come, and what it gave. */
export const screeningProgressSchema = z.object({
  requested_at: timestamp.nullable(),
  total: count,
  /** Scored since the re-score was requested (without one: every candidate not pending), with a score or not. */
  scored: count,
  pending: count,
  /** Of `scored`: with a fit score. */
  with_score: count,
  /** Of `scored`: no fit score, as no criterion could be judged, by why. */
  unjudged: z.object({ no_criteria: count, no_resume: count, resume_failed: count, resume_parsing: count, nothing_to_judge: count }),
  /** Scorings that failed after their retries (fit `failed`). */
  failed: count,
  /** Candidates who asked for a person, not the tool (never scored; not in `total`). */
  opted_out: count,
});

export type ScreeningProgressDto = z.infer<typeof screeningProgressSchema>;
