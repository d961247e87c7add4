import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../../../kernel/contract/event-types.ts";
import { cursorParam, idParam, limitParam, timestamp } from "../../../kernel/contract/common.ts";

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const WEBHOOK_EVENT_SCHEMAS: Record<WebhookEventType, string> = {
  "candidate.applied": "CandidateAppliedEvent",
  "candidate.stage_changed": "CandidateStageChangedEvent",
  "candidate.scored": "CandidateScoredEvent",
  "candidate.deleted": "CandidateDeletedEvent",
  "interview.scheduled": "InterviewScheduledEvent",
  "interview.updated": "InterviewUpdatedEvent",
  "interview.canceled": "InterviewCanceledEvent",
  "scorecard.submitted": "ScorecardSubmittedEvent",
  "offer.created": "OfferCreatedEvent",
  "offer.updated": "OfferUpdatedEvent",
  "offer.approval_requested": "OfferApprovalRequestedEvent",
  "offer.approval_rejected": "OfferApprovalRejectedEvent",
  "offer.approved": "OfferApprovedEvent",
  "offer.sent": "OfferSentEvent",
  "offer.accepted": "OfferAcceptedEvent",
  "offer.declined": "OfferDeclinedEvent",
  "offer.withdrawn": "OfferWithdrawnEvent",
  "offer.expired": "OfferExpiredEvent",
  "candidate.hired": "CandidateHiredEvent",
};

export const eventSchema = z
  .object({
    id: z.string().meta({ description: "The event id: the `webhook-id` header of every delivery of this event", example: "0b6f3c1e-8f3a-4e53-9a55-2f7c7f1b9a10" }),
    type: z.enum(WEBHOOK_EVENT_TYPES),
    occurred_at: timestamp,
    payload: z.record(z.string(), z.unknown()).meta({
      description:
        "Exactly the JSON body a webhook delivery of this event carries (the `webhooks` section of this document). For candidate.applied, `resume_url` (signed, valid 24 hours), `resume_data`, `fit_score` and `applied_at` are read when the event is retrieved, as a delivery reads them when it is sent.",
      // Documented as the webhook bodies it is; validated as a plain object so it is passed on untouched.
      override: ({ jsonSchema }) => {
        const schema = jsonSchema as Record<string, unknown>;
        for (const key of Object.keys(schema)) if (key !== "description") delete schema[key];
        Object.assign(schema, { oneOf: WEBHOOK_EVENT_TYPES.map((type) => ({ $ref: `#/components/schemas/${WEBHOOK_EVENT_SCHEMAS[type]}` })) });
      },
    }),
  })
  .meta({ id: "Event", description: "Something that happened that a webhook endpoint can subscribe to. Kept 30 days." });

export type EventDto = z.infer<typeof eventSchema>;

/** `type`: one event type or a comma-separated list of them, each one a webhook endpoint can subscribe to. */
const eventTypes = z
  .string()
  .max(500)
  .transform((value, ctx) => {
    const types = value.split(",").map((part) => part.trim());
    const unknown = types.filter((type) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));
    if (unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: `Unknown event type ${unknown.map((type) => JSON.stringify(type)).join(", ")}; expected one or more of ${WEBHOOK_EVENT_TYPES.join(", ")}, comma-separated` });
      return z.NEVER;
    }
    return [...new Set(types)] as WebhookEventType[];
  })
  .meta({ description: `One event type or a comma-separated list: ${WEBHOOK_EVENT_TYPES.join(", ")}`, example: "candidate.applied,candidate.stage_changed" });

export const listEventsInput = z.strictObject({
  type: eventTypes.optional(),
  created_after: timestamp.meta({ description: "Only events that occurred after this time (`occurred_at`), ISO 8601 UTC" }).optional(),
  candidate_id: idParam.meta({ description: "Only events about this candidate (`payload.candidate.id`)" }).optional(),
  limit: limitParam,
  cursor: cursorParam,
});

export type ListEventsInput = z.infer<typeof listEventsInput>;

export const getEventInput = z.strictObject({
  id: z
    .uuid("Must be an event id (a UUID)")
    .transform((id) => id.toLowerCase())
    .meta({ description: "Event id (UUID)", example: "0b6f3c1e-8f3a-4e53-9a55-2f7c7f1b9a10" }),
});
