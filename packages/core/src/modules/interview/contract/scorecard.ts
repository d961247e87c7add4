import { z } from "zod";
import { idParam, storableText, timestamp } from "../../../kernel/contract/common.ts";

/**
 * Scorecards (issue 26 §3): an interviewer's structured feedback on one interview — a rating per
 * focus attribute of the interview's kit, an overall recommendation, notes. One per interviewer and
 * interview; submitting again edits it until the candidate is hired or rejected.
 */
export const RECOMMENDATIONS = ["strong_no", "no", "yes", "strong_yes"] as const;
export const ATTRIBUTE_RATINGS = [...RECOMMENDATIONS, "not_assessed"] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export type AttributeRating = (typeof ATTRIBUTE_RATINGS)[number];

export const RATING_LABELS: Record<AttributeRating, string> = {
  strong_no: "Strong no",
  no: "No",
  yes: "Yes",
  strong_yes: "Strong yes",
  not_assessed: "Not assessed",
};

/** Notes are free text for the hiring team; long enough for a written debrief. */
export const MAX_SCORECARD_NOTES = 10_000;

const recommendation = z.enum(RECOMMENDATIONS, { error: `Must be one of ${RECOMMENDATIONS.join(", ")}` }).meta({ description: "The overall recommendation on the four-point scale" });
const attributeRating = z.enum(ATTRIBUTE_RATINGS, { error: `Must be one of ${ATTRIBUTE_RATINGS.join(", ")}` });

export const scorecardRatingSchema = z
  .object({
    attribute: z.string().meta({ description: "A focus attribute of the interview's kit (GET /jobs/{id}: stages[].interviews[].attributes)" }),
    rating: attributeRating,
  })
  .meta({ id: "ScorecardRating" });

export const scorecardSchema = z
  .object({
    id: z.number().int(),
    interview_id: z.number().int().meta({ description: "The scheduled interview (GET /interviews/{id})" }),
    interview_title: z.string(),
    candidate_id: z.number().int(),
    interviewer: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }).meta({ id: "ScorecardInterviewer" }),
    ratings: z.array(scorecardRatingSchema).meta({ description: "Every attribute of the kit, in its order (not_assessed when not rated)" }),
    recommendation,
    notes: z.string().meta({ description: "Free text for the hiring team; never in the events API, in webhooks only to endpoints with `include_scorecard_notes`" }),
    submitted_at: timestamp.meta({ description: "When it was first submitted" }),
    updated_at: timestamp.meta({ description: "When it was last edited (each edit is in the candidate's timeline)" }),
  })
  .meta({ id: "Scorecard" });
export type ScorecardDto = z.infer<typeof scorecardSchema>;

const tally = z.object(Object.fromEntries(ATTRIBUTE_RATINGS.map((rating) => [rating, z.number().int()])) as Record<AttributeRating, z.ZodNumber>);

export const scorecardSummarySchema = z
  .object({
    attributes: z.array(z.object({ attribute: z.string(), ratings: tally }).meta({ id: "ScorecardAttributeSummary" })).meta({ description: "Each attribute's ratings across the visible scorecards, in the order first seen" }),
    recommendations: tally.omit({ not_assessed: true }).meta({ description: "The recommendations tally of the visible scorecards" }),
  })
  .meta({ id: "ScorecardSummary" });
export type ScorecardSummaryDto = z.infer<typeof scorecardSummarySchema>;

export const candidateScorecardsSchema = z
  .object({
    scorecards: z.array(scorecardSchema).meta({ description: "The scorecards the caller may see, oldest interview first" }),
    summary: scorecardSummarySchema,
    hidden_count: z.number().int().meta({
      description:
        "Other interviewers' scorecards kept from a member on the candidate's panel who has not submitted their own for this candidate yet (no anchoring); 0 for owners, admins, the hiring team leads of the candidate's job, members on none of the candidate's panels and API keys without on_behalf_of",
    }),
  })
  .meta({ id: "CandidateScorecards" });
export type CandidateScorecardsDto = z.infer<typeof candidateScorecardsSchema>;

/** Reading as a member with an API key: their view applies (no anchoring), as when they are signed in. */
const readOnBehalfOf = z
  .uuid("Must be a member's id (a UUID, from GET /users)")
  .transform((id) => id.toLowerCase())
  .optional()
  .meta({
    description:
      "With an API key: read as this member (GET /users), under their visibility: on the candidate's panel they see only their own scorecard until they submit it (owners, admins and the job's hiring team leads see all). Without it an API key sees all. A signed-in member reads as themself.",
  });

export const scorecardIdInput = z.strictObject({ id: idParam, on_behalf_of: readOnBehalfOf });
/** The candidate's id (the web app's scorecard forms). */
export const candidateScorecardsInput = z.strictObject({ id: idParam });
export const listCandidateScorecardsInput = z.strictObject({ id: idParam, on_behalf_of: readOnBehalfOf });

const notes = storableText(z.string().max(MAX_SCORECARD_NOTES, `At most ${MAX_SCORECARD_NOTES} characters`));

export const submitScorecardInput = z.strictObject({
  id: idParam.meta({ description: "The scheduled interview's id" }),
  ratings: z
    .array(z.strictObject({ attribute: z.string().trim().min(1, "Name an attribute of the interview's kit").max(200), rating: attributeRating }))
    .max(50, "At most 50 ratings")
    .default([])
    .meta({ description: "A rating per attribute of the interview's kit; attributes left out are not_assessed" }),
  recommendation,
  notes: notes.optional().meta({ description: "Free text for the hiring team (never in the events API; in webhooks only to endpoints with `include_scorecard_notes`)" }),
  on_behalf_of: z
    .uuid("Must be a member's id (a UUID, from GET /users)")
    .transform((id) => id.toLowerCase())
    .optional()
    .meta({ description: "With an API key (required then): the member submitting, one of the interview's interviewers. A signed-in member submits as themself." }),
});
export type SubmitScorecardInput = z.infer<typeof submitScorecardInput>;

/**
 * The web app's scorecard form (tRPC only): each scheduled interview of the candidate with the signed-in
 * member on its panel — the interviewer's own interview list on the candidate page, and a form for
 * each one that has started (`open`).
 */
export const scorecardFormSchema = z.object({
  interview: z.object({
    id: z.number().int(),
    title: z.string(),
    /** The kit it was scheduled from, when its name is not already the title (two interviews of one kit are told apart by time). */
    kit: z.string().nullable(),
    start_at: timestamp,
    end_at: timestamp,
    /** The zone it was booked in (the invitations' zone). */
    time_zone: z.string(),
    location: z.string().nullable(),
    video_url: z.string().nullable(),
    status: z.enum(["scheduled", "canceled"]),
  }),
  /** Whether the interview has started: no scorecard is offered before (there is nothing to rate yet). */
  open: z.boolean(),
  /** The kit's focus attributes to rate, its instructions and questions for the panel. */
  attributes: z.array(z.string()),
  instructions: z.string(),
  questions: z.array(z.string()),
  /** The member's own scorecard of it, once submitted. */
  scorecard: scorecardSchema.nullable(),
});
export type ScorecardFormDto = z.infer<typeof scorecardFormSchema>;

export const scorecardFormsSchema = z.object({
  /** Earliest first. */
  forms: z.array(scorecardFormSchema),
  /** The candidate is hired or rejected: scorecards can no longer be submitted or edited. */
  locked: z.boolean(),
});
export type ScorecardFormsDto = z.infer<typeof scorecardFormsSchema>;
