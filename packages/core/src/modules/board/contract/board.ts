import { z } from "zod";
import { candidateDetailSchema, overrideReason, PUBLIC_API_STAGES, RESUME_STATUSES, APPLICATION_SOURCES } from "../../candidate/contract/candidate.ts";
import { INT32_MAX, storableText, timestamp } from "../../../kernel/contract/common.ts";
import { jobStageSchema, rejectReasonSchema, stageKey } from "../../pipeline/contract/job-stages.ts";
import { jobSchema } from "../../job/contract/job.ts";
import { LOCATION_TYPES, screeningQuestionSchema } from "../../screening/contract/questions.ts";
import { FIT_STATUSES } from "../../screening/contract/screening.ts";
import { MAX_DELAY_MINUTES } from "../../mail/contract/templates.ts";

/** Contracts of the web app's pipeline screens (UI-only procedures: no REST, no OpenAPI). */
export const PIPELINE_STAGES = PUBLIC_API_STAGES;

export type PublicStageKey = (typeof PIPELINE_STAGES)[number];

// Ids are int4 columns: a larger number is a validation error, not a database error.
const id = z.number().int().positive().max(INT32_MAX);

/** A job as the jobs list shows it: with its department's name and candidate counts. */
export const pipelineJobSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  department: z.string(),
  is_active: z.boolean(),
  is_public: z.boolean(),
  location_type: z.enum(LOCATION_TYPES),
  locations: z.array(z.string()),
  apply_url: z.string(),
  candidate_count: z.number().int(),
  /** Candidates per stage key. */
  stage_counts: z.record(z.string(), z.number().int()),
  stages: z.array(jobStageSchema),
  created_at: timestamp,
});

/** A card on the board. */
export const pipelineCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  location: z.string().nullable(),
  stage: z.string(),
  application_source: z.enum(APPLICATION_SOURCES),
  resume_status: z.enum(RESUME_STATUSES).nullable(),
  fit_score: z.number().nullable(),
  fit_status: z.enum(FIT_STATUSES).nullable(),
  /** Of the `fit_total` criteria scored, how many could be judged (fit_score rests on these); 0 of 0 when unscored. */
  fit_judged: z.number().int(),
  fit_total: z.number().int(),
  /** The AI agent set the candidate's current stage (its last move was the agent's): moving them elsewhere asks for override_reason. */
  agent_placed: z.boolean(),
  /** Why a rejected candidate was rejected (the reject reason's name); null otherwise. */
  reject_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A job as the web app's board and job form need it: its department's name and the stage keys it may not reuse. */
export const boardJobSchema = jobSchema.extend({ department: z.string(), retired_stage_keys: z.array(z.string()) });

export const pipelineBoardSchema = z.object({
  job: boardJobSchema,
  candidates: z.array(pipelineCandidateSchema),
  /** True when the board shows only the newest BOARD_LIMIT candidates. */
  truncated: z.boolean(),
  /** The company's reject reasons, loaded with the board: the reject dialog opens with them, not on "Loading the reasons…". */
  reject_reasons: z.array(rejectReasonSchema),
});

export const getPipelineInput = z.strictObject({ job_id: id });

export const MAX_BULK_MOVE = 200;

export const moveCandidatesInput = z.strictObject({
  candidate_ids: z.array(id).min(1, "Select at least one candidate").max(MAX_BULK_MOVE, `At most ${MAX_BULK_MOVE} candidates at once`),
  /** A stage key of the candidates' job, or a stage type (each candidate's job's first stage of it). */
  stage: stageKey,
  /** With a move to a rejected-type stage: why. */
  reject_reason_id: id.nullish(),
  /** Free text kept in the timeline (a reject's "other" reason). */
  reason: storableText(z.string().trim().max(500)).optional(),
  /** With a move to a rejected-type stage: the company's rejection e-mail to each moved candidate with an address. */
  send_rejection_email: z.boolean().optional(),
  /** Minutes until it goes (default: the company's setting). */
  rejection_email_delay_minutes: z.number().int().min(0).max(MAX_DELAY_MINUTES).optional(),
  /** Why the move goes against the AI agent's move: required for each candidate of the selection the agent placed where they are. */
  override_reason: overrideReason.optional(),
});

export const moveCandidatesResultSchema = z.object({
  /** Candidates whose stage changed (one candidate.stage_changed event each). */
  moved: z.array(z.number().int()),
  /** Candidates already in the target stage: nothing recorded. */
  unchanged: z.array(z.number().int()),
  /** The rejection e-mails the move scheduled (moved candidates with an address), so the UI can say when they go. */
  rejection_emails: z.array(
    z.object({
      candidate_id: z.number().int(),
      email_message_id: z.number().int(),
      /** When it goes; null: queued now (a delay of 0). */
      send_after: timestamp.nullable(),
    }),
  ),
});

export const timelineEntrySchema = z.object({
  id: z.number().int(),
  type: z.enum(["created", "note_added", "stage_changed", "resume_processed", "updated", "email", "scorecard"]),
  note: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  added_by: z.enum(["api", "user", "system", "ai_agent"]),
  performer: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).nullable(),
  created_at: timestamp,
});

export const candidateProfileSchema = z.object({
  candidate: candidateDetailSchema,
  resume_error: z.string().nullable(),
  resume_filename: z.string().nullable(),
  answers: z.array(z.object({ id: z.string(), label: z.string(), answer: z.unknown() })),
  job: z.object({ id: z.number().int(), title: z.string(), screening_questions: z.array(screeningQuestionSchema) }).nullable(),
  /** The AI agent set the candidate's current stage: moving them elsewhere asks for override_reason. */
  agent_placed: z.boolean(),
  /** Oldest first. */
  timeline: z.array(timelineEntrySchema),
});

export const getCandidateProfileInput = z.strictObject({ id });

/** How much of the timeline candidateBrief returns: the newest entries are what "recent" asks for. */
export const RECENT_TIMELINE_ENTRIES = 20;

/**
 * A candidate for an assistant (MCP get_candidate): the REST candidate, the screening answers and only
 * the newest timeline entries, read without the candidate page's whole timeline.
 */
export const candidateBriefSchema = z.object({
  candidate: candidateDetailSchema,
  answers: z.array(z.object({ id: z.string(), label: z.string(), answer: z.unknown() })).describe("The application form's screening answers"),
  recent_timeline: z.array(timelineEntrySchema).describe(`The newest ${RECENT_TIMELINE_ENTRIES} timeline entries, newest first`),
});

export const getCandidateBriefInput = z.strictObject({ id });

export type PipelineJobDto = z.infer<typeof pipelineJobSchema>;

export type PipelineCandidateDto = z.infer<typeof pipelineCandidateSchema>;
export type PipelineBoardDto = z.infer<typeof pipelineBoardSchema>;
export type MoveCandidatesResult = z.infer<typeof moveCandidatesResultSchema>;

export type CandidateProfileDto = z.infer<typeof candidateProfileSchema>;
export type TimelineEntryDto = z.infer<typeof timelineEntrySchema>;

export type CandidateBriefDto = z.infer<typeof candidateBriefSchema>;
export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;
