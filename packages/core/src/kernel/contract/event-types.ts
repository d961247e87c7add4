/**
 * Every event name, public and internal, in one list (kernel/outbox.ts records them; the worker
 * subscribes by them). "webhook" marks what endpoints may subscribe to and the Events API lists;
 * the order is the order the OpenAPI document and the settings page show them in.
 */
const EVENTS = {
  "candidate.applied": "webhook",
  "candidate.stage_changed": "webhook",
  "candidate.scored": "webhook",
  "candidate.deleted": "webhook",
  "interview.scheduled": "webhook",
  "interview.updated": "webhook",
  "interview.canceled": "webhook",
  "scorecard.submitted": "webhook",
  "offer.created": "webhook",
  "offer.updated": "webhook",
  "offer.approval_requested": "webhook",
  "offer.approval_rejected": "webhook",
  "offer.approved": "webhook",
  "offer.sent": "webhook",
  "offer.accepted": "webhook",
  "offer.declined": "webhook",
  "offer.withdrawn": "webhook",
  "offer.expired": "webhook",
  "candidate.hired": "webhook",
  // Internal: a test delivery to one endpoint (POST /webhook_endpoints/{id}/test); never subscribed to.
  "webhook.test": "internal",
  // Internal: a resume to parse, written in the candidate's transaction.
  "candidate/resume.uploaded": "internal",
  // Internal: a scoring asked for (at creation, after parsing, or by a re-score of the job).
  "candidate/screen.requested": "internal",
  // Internal: a redelivery asked for through the API, handed to the delivery job like any event.
  "webhook/delivery.requested": "internal",
  // Internal: an e-mail queued (modules/mail/outgoing.ts), handed to the delivery job.
  "email/message.queued": "internal",
} as const;

export type EventType = keyof typeof EVENTS;
type SubscribableType = { [T in EventType]: (typeof EVENTS)[T] extends "webhook" ? T : never }[EventType];

type NonEmpty<T> = readonly [T, ...T[]];

export const EVENT_TYPES = Object.keys(EVENTS) as unknown as NonEmpty<EventType>;

/** Event types webhook endpoints can subscribe to (the others are internal). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES.filter((type) => EVENTS[type] === "webhook") as unknown as NonEmpty<SubscribableType>;
