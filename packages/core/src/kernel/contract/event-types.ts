
/**
 * Every event name, public and internal, in one list (kernel/outbox.ts records them; the worker
 * subscribes by them); the webhook subset is what endpoints may subscribe to.
 */
export const EVENT_TYPES = [
  "candidate.applied",
  "candidate.stage_changed",
  "candidate.scored",
  "candidate.deleted",
  "interview.scheduled",
  "interview.updated",
  "interview.canceled",
  "scorecard.submitted",
  "webhook.test",
  "candidate/resume.uploaded",
  // Internal: a scoring asked for (at creation, after parsing, or by a re-score of the job).
  "candidate/screen.requested",
  // Internal: a redelivery asked for through the API, handed to the delivery job like any event.
  "webhook/delivery.requested",
  // Internal: an e-mail queued (services/email.ts), handed to the delivery job.
  "email/message.queued",
] as const;

/** Event types webhook endpoints can subscribe to (the others are internal). */
export const WEBHOOK_EVENT_TYPES = [
  "candidate.applied",
  "candidate.stage_changed",
  "candidate.scored",
  "candidate.deleted",
  "interview.scheduled",
  "interview.updated",
  "interview.canceled",
  "scorecard.submitted",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];
