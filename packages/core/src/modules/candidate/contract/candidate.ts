import { z } from "zod";
import { selfIdInput } from "./self-identification.ts";
import { bodyBoolean, bodyInt, cursorParam, httpUrl, idParam, INT32_MAX, limitParam, queryScore, singleLine, storableText, timestamp } from "../../../kernel/contract/common.ts";

import { MAX_DELAY_MINUTES } from "../../mail/contract/templates.ts";
import { fitSchema } from "../../screening/contract/screening.ts";
import { searchQuery } from "./search-query.ts";
import { PUBLIC_API_STAGES } from "../../pipeline/contract/stages.ts";
import { APPLICATION_SOURCES } from "./application-source.ts";
import { candidateRejectReasonSchema, rejectReasonId, STAGE_KEY_PATTERN, STAGE_TYPES } from "../../pipeline/contract/job-stages.ts";

export { PUBLIC_API_STAGES };
export { APPLICATION_SOURCES } from "./application-source.ts";
export const RESUME_STATUSES = ["pending", "processing", "completed", "failed"] as const;

// A key of the job's pipeline or one of the six stage types (→ the first stage of that type in the
// job's order); which keys a job has is checked by the service (400 naming them).
const stage = z
  .string()
  .regex(STAGE_KEY_PATTERN, "Must be a stage key of the job or a stage type")
  .meta({ description: `A stage key of the job's pipeline (job.stages), or a stage type (${PUBLIC_API_STAGES.join(", ")}): the job's first stage of that type`, example: "applied" });
const name = singleLine(z.string().trim().min(1, "Must be 1 to 200 characters").max(200, "Must be 1 to 200 characters"));
const email = singleLine(z.email("Must be a valid e-mail address").max(254));
const phone = singleLine(z.string().trim().max(100, "Must be at most 100 characters"));
const location = singleLine(z.string().trim().max(500, "Must be at most 500 characters"));
// The URL parser drops tabs and newlines and percent-encodes NUL while validating; the stored value is the raw string.
const linkedin = singleLine(httpUrl);
const atsCandidateId = singleLine(z.string().trim().max(255, "Must be at most 255 characters"));

/** A query value listing several values, comma-separated ("a,b"): each item checked by `item`. */
function commaList<Out>(item: z.ZodType<Out, string>) {
  return z
    .string()
    .max(1000)
    .transform((value) => value.split(",").map((part) => part.trim()))
    .pipe(z.array(item).min(1).max(30));
}

export const jobSummarySchema = z
  .object({ id: z.number().int().nullable(), title: z.string().nullable() })
  .meta({ id: "JobSummary" });

export const candidateSchema = z
  .object({
    id: z.number().int(),
    public_id: z.string().meta({ example: "cand_3f1c2b9a7d5e4c1fa0b2c3d4e5f60718" }),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable().meta({ description: "E.164 when the number could be parsed, else as given" }),
    linkedin: z.string().nullable(),
    location: z.string().nullable(),
    stage: z.string().nullable().meta({ description: "Key of the candidate's stage in its job's pipeline (the six public values with the default pipeline)" }),
    stage_type: z.enum(STAGE_TYPES).meta({ description: "What the stage means: one of the six public stage values" }),
    stage_name: z.string().meta({ description: "The stage's name in the job's pipeline", example: "Phone screen" }),
    rating: z.number().int().min(1).max(5).nullable(),
    fit_score: z.number().nullable(),
    application_source: z.enum(APPLICATION_SOURCES),
    ats_candidate_id: z.string().nullable(),
    job: jobSummarySchema.nullable(),
    reject_reason: candidateRejectReasonSchema.nullable().meta({ description: "Why the candidate was rejected (in a rejected-type stage), else null" }),
    rejected_at: timestamp.nullable().meta({ description: "When the candidate entered its rejected-type stage; null outside one" }),
    hired_at: timestamp.nullable().meta({ description: "When the candidate entered its hired-type stage; null outside one" }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Candidate" });

export const candidateDetailSchema = candidateSchema
  .extend({
    applied_at: timestamp.meta({ description: "Equals created_at" }),
    resume_url: z.string().nullable().meta({ description: "Signed download URL, valid 24 hours; null without a resume" }),
    resume_data: z.record(z.string(), z.unknown()).nullable().meta({ description: "Extracted resume fields; null until processing completes" }),
    resume_status: z.enum(RESUME_STATUSES).nullable().meta({ description: "null when no resume was uploaded" }),
    fit: fitSchema.meta({ description: "How fit_score was made: each screening criterion with its evidence (docs/SCREENING.md)" }),
    ai_opt_out: z.boolean().meta({ description: "The applicant asked that a person, not the automated tool, reviews the application (never scored or moved by the AI agent)" }),
  })
  .meta({ id: "CandidateDetail" });

export type CandidateDto = z.infer<typeof candidateSchema>;
export type CandidateDetailDto = z.infer<typeof candidateDetailSchema>;

export const createCandidateInput = z
  .strictObject({
    job_id: bodyInt(1, INT32_MAX),
    // Required, except in the multipart variant with a resume (a placeholder the parser fills).
    name: name.nullish(),
    email: email.nullish(),
    phone: phone.nullish(),
    linkedin: linkedin.nullish(),
    location: location.nullish(),
    stage: stage.optional(),
    notes: storableText(z.string().max(2000, "Must be at most 2000 characters")).nullish(),
    self_id: selfIdInput.nullish(),
    ai_opt_out: bodyBoolean
      .optional()
      .meta({ description: "The applicant asked that a person, not the automated tool, reviews the application: the AI agent never scores or moves this candidate (fit.status opted_out). Set at creation only" }),
  });

export type CreateCandidateInput = z.infer<typeof createCandidateInput>;

export const getCandidateInput = z.strictObject({ id: idParam });

/**
 * Why a person moves a candidate against the AI agent's move (out of the stage the agent moved them to,
 * or back out of its rejection): required then, ignored on any other move (docs/SCREENING.md).
 */
export const overrideReason = storableText(z.string().trim().min(1, "Must be 1 to 500 characters").max(500, "Must be 1 to 500 characters"));

export const updateCandidateInput = z.strictObject({
  id: idParam,
  name: name.optional(),
  email: email.nullish(),
  phone: phone.nullish(),
  linkedin: linkedin.nullish(),
  location: location.nullish(),
  stage: stage.optional(),
  reject_reason_id: rejectReasonId.nullish().meta({ description: "A reject reason (GET /reject_reasons); only with a move to a rejected-type stage" }),
  send_rejection_email: bodyBoolean
    .optional()
    .meta({ description: "With a move to a rejected-type stage: send the company's rejection e-mail (Settings → E-mail); canceled if the candidate leaves the rejected stage before it goes" }),
  rejection_email_delay_minutes: bodyInt(0, MAX_DELAY_MINUTES)
    .optional()
    .meta({ description: `Minutes until the rejection e-mail goes (0..${MAX_DELAY_MINUTES}; default: the company's setting, 60 unless changed); only with send_rejection_email` }),
  override_reason: overrideReason.optional().meta({
    description:
      "Why the move goes against the AI agent's move (1..500 characters): required when the candidate's current stage was set by the AI agent (its advance or its rejection) and `stage` moves them elsewhere; kept in the timeline and the audit log. Ignored on any other move.",
  }),
  rating: bodyInt(1, 5).nullish(),
  ats_candidate_id: atsCandidateId.nullish(),
});

export type UpdateCandidateInput = z.infer<typeof updateCandidateInput>;

export const listCandidatesInput = z.strictObject({
  q: searchQuery.optional(),
  job_id: idParam.optional(),
  stage: commaList(singleLine(z.string().max(100)))
    .optional()
    .meta({ description: "Stage keys, comma-separated: candidates in any of them", example: "applied,phonescreen" }),
  stage_type: commaList(z.enum(STAGE_TYPES))
    .optional()
    .meta({ description: `Stage types, comma-separated (${STAGE_TYPES.join(", ")}): candidates whose stage is of any of them`, example: "phonescreen,inprogress" }),
  email: singleLine(z.string().max(254)).optional(),
  created_after: timestamp.optional(),
  updated_after: timestamp.optional(),
  min_fit_score: queryScore
    .optional()
    .meta({ description: "Only candidates scored at least this (0..100); unscored candidates are left out" }),
  sort: z.enum(["created", "fit_score"]).optional().meta({ description: "created (newest first, default) or fit_score (highest first, unscored last); with q and no sort, best match first" }),
  limit: limitParam,
  cursor: cursorParam,
});
