import { z } from "zod";
import { interviewSchema } from "../../interview/contract/interview.ts";
import { scorecardSchema } from "../../interview/contract/scorecard.ts";
import { MATERIAL_FIELDS, OFFER_STATUSES, offerSchema } from "../../offer/contract/offer.ts";

/** Webhook payloads exactly as the spec's tables; `event` and `occurred_at` are on every one. */
const candidateRef = {
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  url: z.string().meta({ description: "The candidate's profile in the web app" }),
};
const jobRef = z.object({ id: z.number().int().nullable(), title: z.string().nullable() });
const companyRef = z.object({ id: z.number().int() });
const stageType = z.enum(["prospect", "applied", "phonescreen", "inprogress", "hired", "rejected"]);

export const candidateAppliedEventSchema = z
  .object({
    event: z.literal("candidate.applied"),
    occurred_at: z.string().meta({ description: "ISO 8601" }),
    candidate: z.object({
      ...candidateRef,
      stage: z.string().meta({ description: "Key of the stage the application landed in (the job's first applied-type stage)" }),
      stage_type: stageType,
      phone: z.string().nullable().meta({ description: "E.164" }),
      fit_score: z.number().int().min(0).max(100).nullable(),
      applied_at: z.string(),
      resume_url: z.string().nullable().meta({ description: "Signed URL, expires after 24 hours" }),
      resume_data: z.record(z.string(), z.unknown()).nullable(),
    }),
    job: jobRef,
    company: companyRef,
  })
  .meta({ id: "CandidateAppliedEvent", description: "A candidate applied through the careers page (self_apply, lead_type applied)." });

export const candidateStageChangedEventSchema = z
  .object({
    event: z.literal("candidate.stage_changed"),
    occurred_at: z.string(),
    candidate: z.object({ ...candidateRef, public_id: z.string().meta({ description: "Prefixed cand_" }) }),
    job: jobRef,
    company: companyRef,
    stage_change: z.object({
      previous_stage: z.string().meta({ description: "Key of the stage in the job's pipeline (job.stages)" }),
      new_stage: z.string().meta({ description: "Key of the stage in the job's pipeline (job.stages)" }),
      previous_stage_type: stageType,
      new_stage_type: stageType,
      previous_stage_name: z.string(),
      new_stage_name: z.string(),
      reject_reason: z
        .object({ id: z.number().int(), name: z.string() })
        .nullable()
        .meta({ description: "With a move to a rejected-type stage: the reason given, else null" }),
      changed_by: z.enum(["user", "api", "ai_agent"]),
      changed_by_user_id: z.string().nullable().meta({ description: "UUID of the acting user; null for other actors" }),
    }),
  })
  .meta({ id: "CandidateStageChangedEvent", description: "A candidate moved to a different stage." });

export const candidateScoredEventSchema = z
  .object({
    event: z.literal("candidate.scored"),
    occurred_at: z.string(),
    candidate: z.object({ id: z.number().int(), public_id: z.string() }),
    job: jobRef,
    company: companyRef,
    fit_score: z.number().int().min(0).max(100).nullable().meta({ description: "null when no criterion could be judged" }),
    engine: z.string().meta({ description: "local, or model:<id>" }),
    scored_at: z.string(),
    criteria: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        required: z.boolean(),
        weight: z.number().int(),
        met: z.boolean().nullable().meta({ description: "null: could not be judged" }),
      }),
    ),
  })
  .meta({
    id: "CandidateScoredEvent",
    description: "The AI screening agent finished scoring a candidate (at creation, after the resume was parsed, or by a re-score). No contact data: read the candidate for the evidence.",
  });

export const candidateDeletedEventSchema = z
  .object({
    event: z.literal("candidate.deleted"),
    occurred_at: z.string(),
    candidate: z.object({ id: z.number().int(), public_id: z.string() }),
    job: z.object({ id: z.number().int().nullable() }),
    company: companyRef,
    deleted_at: z.string().meta({ description: "ISO 8601" }),
  })
  .meta({
    id: "CandidateDeletedEvent",
    description:
      "A candidate was erased (DELETE /candidates/{id}, or the company's retention rule). Ids only: the person's data is gone, and so are earlier events about them (from GET /events, and their queued deliveries). Delete your copy.",
  });

export const webhookTestEventSchema = z
  .object({
    event: z.literal("webhook.test"),
    occurred_at: z.string(),
    webhook_endpoint: z.object({ id: z.number().int() }),
    company: companyRef,
  })
  .meta({ id: "WebhookTestEvent", description: "Sent by POST /webhook_endpoints/{id}/test." });

/** What the interview.* events carry: the interview as the API shows it (without conflicts), its candidate and job. */
function interviewEvent<T extends "interview.scheduled" | "interview.updated" | "interview.canceled">(type: T, id: string, description: string, extra: z.ZodRawShape = {}) {
  return z
    .object({
      event: z.literal(type),
      occurred_at: z.string(),
      interview: interviewSchema,
      candidate: z.object({ ...candidateRef, public_id: z.string() }),
      job: jobRef,
      company: companyRef,
      ...extra,
      changed_by: z.enum(["user", "api", "system"]),
      changed_by_user_id: z.string().nullable().meta({ description: "UUID of the acting user; null for other actors" }),
    })
    .meta({ id, description });
}

export const interviewScheduledEventSchema = interviewEvent("interview.scheduled", "InterviewScheduledEvent", "An interview was scheduled (POST /interviews or the web app); the invitations are on their way.");
export const interviewUpdatedEventSchema = interviewEvent("interview.updated", "InterviewUpdatedEvent", "An interview was rescheduled or edited; `interview` is the new version (its `sequence` raised).", {
  changed_fields: z.array(z.enum(["title", "start_at", "end_at", "time_zone", "location", "video_url", "interviewer_ids", "notify_candidate"])).meta({ description: "What the change changed" }),
});
export const interviewCanceledEventSchema = interviewEvent("interview.canceled", "InterviewCanceledEvent", "An interview was canceled (DELETE /interviews/{id}); it is kept with status canceled.");

export const scorecardSubmittedEventSchema = z
  .object({
    event: z.literal("scorecard.submitted"),
    occurred_at: z.string(),
    scorecard: scorecardSchema
      .omit({ notes: true })
      .extend({
        notes: z.string().nullable().optional().meta({
          description:
            "The scorecard's free-text notes as they read when the delivery is sent — only in deliveries to an endpoint with `include_scorecard_notes: true` (never in the events API); null when the scorecard no longer exists",
        }),
      })
      .meta({ id: "ScorecardWithoutNotes", description: "The scorecard as GET /scorecards/{id} shows it, without its free-text notes unless the endpoint opted in to them" }),
    first_submission: z.boolean().meta({ description: "false when an interviewer edited the scorecard they had submitted" }),
    interview: z.object({ id: z.number().int(), title: z.string(), start_at: z.string() }),
    candidate: z.object({ ...candidateRef, public_id: z.string() }),
    job: jobRef,
    company: companyRef,
    changed_by: z.enum(["user", "api", "system"]),
    changed_by_user_id: z.string().nullable().meta({ description: "UUID of the signed-in member; null for an API key (the interviewer is `scorecard.interviewer`)" }),
  })
  .meta({
    id: "ScorecardSubmittedEvent",
    description: "An interviewer submitted or edited a scorecard (POST /interviews/{id}/scorecards or the web app): the ratings and the recommendation, never the notes (read them with GET /scorecards/{id}) unless the webhook endpoint opted in with `include_scorecard_notes`.",
  });

const offerChange = {
  changed_by: z.enum(["user", "api", "system"]).meta({ description: "system for the candidate's own answer (through their link) and the expiry sweep" }),
  changed_by_user_id: z.string().nullable().meta({ description: "UUID of the acting member; null for other actors" }),
};

const offerWithoutNotes = offerSchema
  .omit({ notes: true })
  .meta({ id: "OfferWithoutNotes", description: "The offer as GET /offers/{id} shows it, without `notes` (internal), `versions` and `approvals`" });

/** What the offer.* events carry: the offer as GET /offers/{id} shows it, without its notes, versions or approvals; its candidate and job. */
function offerEvent<T extends `offer.${string}`>(type: T, id: string, description: string, extra: z.ZodRawShape = {}) {
  return z
    .object({
      event: z.literal(type),
      occurred_at: z.string(),
      offer: offerWithoutNotes,
      candidate: z.object({ ...candidateRef, public_id: z.string() }),
      job: jobRef,
      company: companyRef,
      ...extra,
      ...offerChange,
    })
    .meta({ id, description });
}

const previousStatus = z.enum(OFFER_STATUSES).meta({ description: "The offer's status before this change" });

export const offerCreatedEventSchema = offerEvent("offer.created", "OfferCreatedEvent", "An offer was drafted (POST /offers or the web app): version 1, status draft.");
export const offerUpdatedEventSchema = offerEvent("offer.updated", "OfferUpdatedEvent", "A material term changed: `offer` is the new version (back in draft; a sent letter's link no longer works).", {
  changed_fields: z.array(z.enum(MATERIAL_FIELDS)).meta({ description: "The material terms that changed" }),
  previous_version: z.number().int(),
  previous_status: previousStatus,
});
export const offerApprovalRequestedEventSchema = offerEvent("offer.approval_requested", "OfferApprovalRequestedEvent", "A step of the offer's approval chain waits for its approvers: sent for the first step when approval is requested, and again for each next step.", {
  step: z.number().int().meta({ description: "Index of the step in approval_steps (0 first)" }),
  approver_ids: z.array(z.string()).meta({ description: "The members who may decide at this step" }),
  required: z.number().int().meta({ description: "How many of them must approve" }),
});
export const offerApprovalRejectedEventSchema = offerEvent("offer.approval_rejected", "OfferApprovalRejectedEvent", "An approver rejected the offer: it is back in draft, the decision kept in its approvals.", {
  step: z.number().int(),
  approver_id: z.string(),
  comment: z.string(),
});
export const offerApprovedEventSchema = offerEvent("offer.approved", "OfferApprovedEvent", "The last step of the approval chain is done (or the chain is empty): the offer can be sent.");
export const offerSentEventSchema = offerEvent("offer.sent", "OfferSentEvent", "The letter was e-mailed to the candidate with their personal link.");
export const offerAcceptedEventSchema = offerEvent("offer.accepted", "OfferAcceptedEvent", "The candidate accepted and signed (`offer.signature`); `candidate.hired` follows.");
export const offerDeclinedEventSchema = offerEvent("offer.declined", "OfferDeclinedEvent", "The candidate declined (`offer.decline_reason` when they gave one).");
export const offerWithdrawnEventSchema = offerEvent("offer.withdrawn", "OfferWithdrawnEvent", "The company withdrew the offer; its link answers 410.", { previous_status: previousStatus });
export const offerExpiredEventSchema = offerEvent("offer.expired", "OfferExpiredEvent", "A sent offer passed its `expires_at` unanswered (marked within a minute; its link answers 410 from that moment).");

export const candidateHiredEventSchema = z
  .object({
    event: z.literal("candidate.hired"),
    occurred_at: z.string(),
    candidate: z.object({
      ...candidateRef,
      public_id: z.string(),
      phone: z.string().nullable().meta({ description: "E.164" }),
      hired_at: z.string().nullable(),
    }),
    job: jobRef,
    offer: offerWithoutNotes,
    company: companyRef,
    ...offerChange,
  })
  .meta({
    id: "CandidateHiredEvent",
    description: "The candidate accepted their offer and moved to the job's hired stage (a `candidate.stage_changed` is sent too): what an HR system needs to create the employee.",
  });
