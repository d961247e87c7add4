import { z } from "zod";
import { APPLICATION_SOURCES } from "../../candidate/contract/application-source.ts";
import { candidateDetailSchema, getCandidateInput } from "../../candidate/contract/candidate.ts";
import { RECOMMENDATIONS, scorecardRatingSchema } from "../../interview/contract/scorecard.ts";
import { screeningExplanationSchema } from "../../candidate/contract/screening-explanation.ts";
import { offerDetailSchema } from "../../offer/contract/offer.ts";

export const eraseCandidateInput = getCandidateInput;
export const exportCandidateInput = getCandidateInput;

/** What the web app is told after an erasure (REST answers 204 with no body). */
export const erasedCandidateSchema = z.object({ id: z.number().int(), deleted: z.literal(true), deleted_at: z.string() });

/** GET /candidates/{id}/export: everything held about the person, for an access request (GDPR Art. 15). */
export const candidateExportSchema = z
  .object({
    exported_at: z.string().meta({ description: "ISO 8601" }),
    candidate: candidateDetailSchema.meta({ description: "The profile as GET /candidates/{id} shows it: contact data, stage, resume link (signed, 24 h) and parsed data, fit details" }),
    application: z.object({
      lead_type: z.string().meta({ description: "applied (through the careers page) or sourced" }),
      source: z.enum(APPLICATION_SOURCES).meta({ description: "Where the application came from (the candidate's application_source)" }),
      source_label: z.string().meta({ description: "The same in words, as the app shows it: Careers page, API, Added manually, Import", example: "Careers page" }),
      privacy_consent_at: z.string().nullable().meta({ description: "When the applicant agreed to the company's privacy policy on the careers form; null when not asked" }),
      ai_opt_out: z.boolean().meta({ description: "The applicant asked that a person, not the automated tool, reviews the application" }),
      answers: z.array(
        z.object({
          question_id: z.string(),
          question: z.string().nullable().meta({ description: "The question's label; null if the job no longer asks it" }),
          answer: z.union([z.string(), z.boolean()]),
        }),
      ),
    }),
    self_identification: z
      .object({
        sex: z.string().nullable(),
        race_ethnicity: z.string().nullable(),
        created_at: z.string(),
      })
      .nullable()
      .meta({ description: "The voluntary self-identification given with the application (self_id), null when none; shown nowhere else for one person" }),
    resume: z
      .object({
        filename: z.string().nullable(),
        content_type: z.string().nullable(),
        size: z.number().int().nullable(),
        extracted_text: z.string().nullable().meta({ description: "The text read from the resume (what the screening agent scored)" }),
      })
      .nullable(),
    activities: z.array(
      z.object({
        id: z.number().int(),
        type: z.string().meta({ description: "created, note_added, stage_changed, resume_processed, updated, email, scorecard" }),
        note: z.string().nullable(),
        data: z.record(z.string(), z.unknown()).nullable(),
        added_by: z.string(),
        performer_id: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    scorecards: z
      .array(
        z.object({
          id: z.number().int(),
          interview: z.object({ id: z.number().int(), title: z.string(), start_at: z.string(), end_at: z.string(), status: z.string() }),
          interviewer: z.object({ id: z.string(), name: z.string().nullable() }).meta({ description: "The member who wrote it (their e-mail is not the candidate's data)" }),
          ratings: z.array(scorecardRatingSchema),
          recommendation: z.enum(RECOMMENDATIONS),
          notes: z.string(),
          submitted_at: z.string(),
          updated_at: z.string(),
        }),
      )
      .meta({ description: "Every interviewer's scorecard about the candidate, in full (ratings, recommendation, notes), with its interview's title and time" }),
    offers: z
      .array(
        offerDetailSchema.extend({
          signature_details: z
            .object({ ip: z.string().nullable(), user_agent: z.string().nullable() })
            .nullable()
            .meta({ description: "Where the candidate signed from (kept as evidence of the electronic signature)" }),
        }),
      )
      .meta({ description: "Every offer made to the candidate, with its versions, approvals and signature; the letter links are fresh" }),
    screening_runs: z.array(
      z.object({
        id: z.number().int(),
        trigger: z.string(),
        status: z.string(),
        engine: z.string(),
        model: z.string().nullable(),
        fit_score: z.number().int().nullable(),
        criteria: z.array(z.unknown()).meta({ description: "Each criterion as scored, with its evidence" }),
        action: z.record(z.string(), z.unknown()).nullable(),
        created_at: z.string(),
      }),
    ),
    screening_explanation: screeningExplanationSchema.meta({
      description: "The automated screening tool's part, in plain words (GET /candidates/{id}/screening_explanation)",
    }),
  })
  .meta({ id: "CandidateExport" });

export type CandidateExportDto = z.infer<typeof candidateExportSchema>;
