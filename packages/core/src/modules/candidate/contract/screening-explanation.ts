import { z } from "zod";
import { getCandidateInput } from "./candidate.ts";
import { CRITERION_TYPES } from "../../screening/contract/screening.ts";

export const screeningExplanationInput = getCandidateInput;

/** Where the tool stands for this candidate: `judged` is the one case where it assessed the application. */
export const EXPLANATION_STATUSES = ["judged", "opted_out", "screening_off", "not_scored", "pending", "failed"] as const;
export const DECIDED_BY = ["ai_agent", "person", "integration", "system"] as const;

/**
 * GET /candidates/{id}/screening_explanation (issue 25 §3, Colorado's explanation after an adverse
 * outcome): the automated tool's part in plain words, for the candidate — what it judged and how,
 * the score against the threshold, who made the rejection, and how to ask for a human review.
 */
export const screeningExplanationSchema = z
  .object({
    candidate_id: z.number().int(),
    status: z.enum(EXPLANATION_STATUSES).meta({
      description:
        "judged: the tool assessed the application; opted_out: the applicant asked for a person instead (never assessed); screening_off: the job does not use the tool; not_scored: the tool is on but did not assess this application; pending: not assessed yet; failed: the assessment failed (no result used)",
    }),
    tool_used: z.boolean().meta({ description: "Whether the automated tool assessed this application (status judged)" }),
    summary: z.string().meta({ description: "The explanation in a few plain sentences" }),
    engine: z.string().nullable().meta({ description: "local, or model:<id>; null when not judged" }),
    assessed_at: z.string().nullable().meta({ description: "When the tool assessed the application (ISO 8601); null when not judged" }),
    criteria_hash: z.string().nullable().meta({ description: "The version of the criteria the tool judged (SHA-256 of them, as in the impact-ratio report); null when not judged or not recorded" }),
    criteria: z.array(
      z.object({
        id: z.string(),
        type: z.enum(CRITERION_TYPES),
        qualification: z.string().meta({ description: "The criterion in plain words, as the careers page's notice lists it", example: "Experience with Go (required)" }),
        required: z.boolean(),
        result: z.enum(["met", "not_met", "unknown"]).meta({ description: "unknown: the tool could not judge it from the application" }),
        evidence: z.string().meta({ description: "What decided it: a quote of the resume or the answer, or why it could not be judged" }),
      }),
    ),
    score: z.number().int().nullable().meta({ description: "The fit score, 0..100 (null when no criterion could be judged or not judged)" }),
    threshold: z.number().int().nullable().meta({
      description:
        "The score at or above which the AI agent moved an application forward when it assessed this one (see threshold_basis); null when it moved no one on a score, or not judged",
    }),
    threshold_basis: z.enum(["decision", "current"]).nullable().meta({
      description:
        "decision: threshold (and mode) as recorded with the scoring the decision was made on; current: the job's setting today, for scorings recorded before the setting was kept with them; null when not judged",
    }),
    agent_action: z
      .object({ action: z.enum(["advance", "reject"]), to_stage: z.string(), reason: z.string() })
      .nullable()
      .meta({ description: "What the AI agent did after assessing the application; null when it moved no one" }),
    rejected: z.boolean().meta({ description: "The candidate is in a rejected-type stage" }),
    rejected_by: z.enum(DECIDED_BY).nullable().meta({
      description: "Who made the rejection: ai_agent (the tool, automatically), person (a member of the hiring team), integration (an API client), system; null when not rejected",
    }),
    rejected_at: z.string().nullable(),
    human_review: z.object({
      contact: z.string().nullable().meta({ description: "The company's screening contact (Settings → AI screening); null when none is set" }),
      how: z.string().meta({ description: "How to ask for a review by a person, in plain words" }),
    }),
    text: z.string().meta({ description: "The whole explanation as plain text, ready to copy or send to the candidate" }),
  })
  .meta({ id: "ScreeningExplanation" });

export type ScreeningExplanationDto = z.infer<typeof screeningExplanationSchema>;

/** POST /candidates/{id}/screening_explanation/send: the e-mail queued, and the explanation it carries. */
export const screeningExplanationSentSchema = z
  .object({
    candidate_id: z.number().int(),
    email_message_id: z.number().int().meta({ description: "The message in the company's e-mail log (Settings → E-mail log)" }),
    status: z.enum(["queued", "scheduled"]).meta({ description: "queued: on its way (sent over SMTP, or kept in the e-mail log when the server sends no mail)" }),
    to: z.string().meta({ description: "The candidate's e-mail address it goes to" }),
    subject: z.string(),
    explanation: screeningExplanationSchema,
  })
  .meta({ id: "ScreeningExplanationSent" });

export type ScreeningExplanationSentDto = z.infer<typeof screeningExplanationSentSchema>;
