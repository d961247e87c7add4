import type { components, operations } from "./generated/openapi.ts";

type Schemas = components["schemas"];

/** The JSON body an operation takes. */
type JsonBody<Name extends keyof operations> = operations[Name] extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;
/** The query parameters an operation takes. */
type Query<Name extends keyof operations> = NonNullable<operations[Name]["parameters"]["query"]>;

export type Candidate = Schemas["Candidate"];
export type CandidateDetail = Schemas["CandidateDetail"];
export type CandidateNote = Schemas["CandidateNote"];
export type CandidateExport = Schemas["CandidateExport"];
/** GET /candidates/{id}/screening_explanation: the AI screening tool's part in plain words (after a rejection). */
export type ScreeningExplanation = Schemas["ScreeningExplanation"];
/** POST /candidates/{id}/screening_explanation/send: the e-mail queued to the candidate, with the explanation it carries. */
export type ScreeningExplanationSent = Schemas["ScreeningExplanationSent"];
export type Job = Schemas["Job"];
/** A stage of a job's pipeline: `key` is what a candidate's `stage` holds, `type` one of the six stage types. */
export type JobStage = Schemas["JobStageWithPlan"];
/** An interview of a stage's plan: give its `id` as `interview_id` when scheduling. */
export type InterviewKit = Schemas["InterviewKit"];
export type RejectReason = Schemas["RejectReason"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];
export type WebhookEndpointWithSecret = Schemas["WebhookEndpointWithSecret"];
export type DeletedWebhookEndpoint = Schemas["DeletedWebhookEndpoint"];
export type WebhookDelivery = Schemas["WebhookDelivery"];
export type WebhookTestSent = Schemas["WebhookTestSent"];
export type RescoreRequest = Schemas["RescoreRequest"];
/** GET /reports/impact_ratios: NYC LL144's bias audit tables (sex, race/ethnicity, both) of the AI screening. */
export type ImpactRatioReport = Schemas["ImpactRatioReport"];
export type InterviewsPerStageReport = Schemas["InterviewsPerStageReport"];
export type TimeToFirstInterviewReport = Schemas["TimeToFirstInterviewReport"];
export type OverdueScorecardsReport = Schemas["OverdueScorecardsReport"];
export type OffersReport = Schemas["OffersReport"];
export type Event = Schemas["Event"];
export type Me = Schemas["Me"];
/** A member of the company: name one in `interviewer_ids`. */
export type User = Schemas["User"];
export type Interview = Schemas["Interview"];
/** An interview with the overlapping interviews of its panel (`conflicts`). */
export type InterviewDetail = Schemas["InterviewDetail"];
export type InterviewConflict = Schemas["InterviewConflict"];
/** An interviewer's ratings per kit attribute, recommendation and notes for one interview. */
export type Scorecard = Schemas["Scorecard"];
/** A candidate's scorecards with the summary (each attribute's ratings, the recommendations tally). */
export type CandidateScorecards = Schemas["CandidateScorecards"];
/** An offer: the current version's terms, where it is in approval and the candidate's answer. */
export type Offer = Schemas["Offer"];
/** An offer with every version of its terms and every approval decision. */
export type OfferDetail = Schemas["OfferDetail"];
/** A link with which a candidate books one interview with one member of a pool (`url` is the candidate's page). */
export type SchedulingLink = Schemas["SchedulingLink"];
/** A member's working hours in their zone, buffer, daily cap and busy calendar: the free time scheduling links offer. */
export type UserAvailability = Schemas["Availability"];
/** One working range of a weekday (`day`: mon..sun; `start`, `end`: HH:MM in the member's zone). */
export type WorkingRange = Schemas["WorkingRange"];
export type ApiScope = Schemas["ApiScope"];
export type Pagination = Schemas["Pagination"];
export type ErrorEnvelope = Schemas["Error"];

/** What `verifyWebhook` returns: one of the bodies the `webhooks` section documents, told apart by `event`. */
export type WebhookEvent =
  | Schemas["CandidateAppliedEvent"]
  | Schemas["CandidateStageChangedEvent"]
  | Schemas["CandidateScoredEvent"]
  | Schemas["CandidateDeletedEvent"]
  | Schemas["InterviewScheduledEvent"]
  | Schemas["InterviewUpdatedEvent"]
  | Schemas["InterviewCanceledEvent"]
  | Schemas["ScorecardSubmittedEvent"]
  | Schemas["OfferCreatedEvent"]
  | Schemas["OfferUpdatedEvent"]
  | Schemas["OfferApprovalRequestedEvent"]
  | Schemas["OfferApprovalRejectedEvent"]
  | Schemas["OfferApprovedEvent"]
  | Schemas["OfferSentEvent"]
  | Schemas["OfferAcceptedEvent"]
  | Schemas["OfferDeclinedEvent"]
  | Schemas["OfferWithdrawnEvent"]
  | Schemas["OfferExpiredEvent"]
  | Schemas["CandidateHiredEvent"]
  | Schemas["WebhookTestEvent"];
export type WebhookEventType = WebhookEvent["event"];

/** `resume`: a PDF, DOC or DOCX (a Blob or File); the request is then sent as multipart/form-data. */
export type CandidateCreateParams = JsonBody<"candidates-create"> | (Partial<JsonBody<"candidates-create">> & { job_id: number; resume: Blob; resume_filename?: string });
export type CandidateUpdateParams = JsonBody<"candidates-update">;
export type CandidateListParams = Omit<Query<"candidates-list">, "cursor">;
export type JobCreateParams = JsonBody<"jobs-create">;
export type JobUpdateParams = JsonBody<"jobs-update">;
export type JobListParams = Omit<Query<"jobs-list">, "cursor">;
export type WebhookEndpointCreateParams = JsonBody<"webhookEndpoints-create">;
export type WebhookEndpointUpdateParams = JsonBody<"webhookEndpoints-update">;
export type WebhookEndpointRotateSecretParams = JsonBody<"webhookEndpoints-rotateSecret">;
export type WebhookEndpointListParams = Omit<Query<"webhookEndpoints-list">, "cursor">;
export type WebhookDeliveryListParams = Omit<Query<"webhookEndpoints-listDeliveries">, "cursor">;
export type EventListParams = Omit<Query<"events-list">, "cursor">;
export type UserListParams = Omit<Query<"users-list">, "cursor">;
export type InterviewCreateParams = JsonBody<"interviews-create">;
export type InterviewUpdateParams = JsonBody<"interviews-update">;
export type InterviewListParams = Omit<Query<"interviews-list">, "cursor">;
/** `on_behalf_of`: the interviewer (a member on the interview's panel) the API key submits for. */
export type ScorecardSubmitParams = JsonBody<"scorecards-submit">;
/** `on_behalf_of`: read as this member (their no-anchoring view) instead of the key's (every scorecard). */
export type ScorecardReadParams = Omit<Query<"scorecards-listForCandidate">, "id">;
export type OfferCreateParams = JsonBody<"offers-create">;
export type OfferUpdateParams = JsonBody<"offers-update">;
export type OfferListParams = Omit<Query<"offers-list">, "cursor">;
/** `on_behalf_of`: with an API key, the member deciding (an approver of the offer's current step). */
export type OfferDecideParams = JsonBody<"offers-decide">;
export type SchedulingLinkCreateParams = JsonBody<"schedulingLinks-create">;
export type SchedulingLinkListParams = Omit<Query<"schedulingLinks-list">, "cursor">;
/** The whole availability: what is left out goes back to its default (no buffer, no cap); `busy_calendar_url: null` removes the calendar, leaving it out keeps it. */
export type UserAvailabilitySetParams = JsonBody<"availability-put">;
export type ImpactRatioParams = Query<"reports-impactRatios">;
export type InterviewsPerStageParams = Query<"reports-interviewsPerStage">;
export type TimeToFirstInterviewParams = Query<"reports-timeToFirstInterview">;
export type OverdueScorecardsParams = Query<"reports-overdueScorecards">;
export type OffersReportParams = Query<"reports-offers">;
