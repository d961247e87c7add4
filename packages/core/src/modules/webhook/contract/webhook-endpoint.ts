import { z } from "zod";
import { WEBHOOK_EVENT_TYPES } from "../../../kernel/contract/event-types.ts";
import { bodyBoolean, cursorParam, idParam, limitParam, singleLine, timestamp } from "../../../kernel/contract/common.ts";

/**
 * Webhook endpoints and their deliveries. The URL's scheme and address are checked by the service
 * (webhook-url.ts) because the rule depends on configuration and DNS, not on the string alone.
 */
// singleLine: the URL parser drops tabs/newlines and percent-encodes NUL while validating, but the raw string is stored.
const url = singleLine(z.url({ protocol: /^https?$/, error: "Must be a valid http(s) URL" }).max(2048, "Must be at most 2048 characters"));
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}` }))
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .transform((list) => [...new Set(list)])
  .meta({ description: "Event types to receive; empty or omitted means every event type" });
const description = singleLine(z.string().trim().max(500, "Must be at most 500 characters"));
const includeScorecardNotes = bodyBoolean.meta({
  description: "true: `scorecard.submitted` deliveries to this endpoint carry the scorecard's free-text `notes`. Default false (ratings and recommendation only).",
});

export const webhookEndpointSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    description: z.string().nullable(),
    events: z.array(z.string()).meta({ description: "Subscribed event types; empty means every event type" }),
    enabled: z.boolean(),
    include_scorecard_notes: z.boolean().meta({
      description: "Whether `scorecard.submitted` deliveries to this endpoint carry the scorecard's free-text `notes` (as they read when the delivery is sent). Off by default; the events API never carries them.",
    }),
    disabled_reason: z.string().nullable().meta({ description: "Why the endpoint was disabled (410 Gone, failing for 5 days, or through the API); null when enabled" }),
    disabled_at: timestamp.nullable(),
    previous_secret_expires_at: timestamp.nullable().meta({
      description:
        "After a rotation with a grace period: until this time deliveries are signed with the previous secret as well as the current one (two signatures in `webhook-signature`). Null when no previous secret is in use. The previous secret itself is never returned.",
    }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "WebhookEndpoint" });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({
      description: "Signing secret, `whsec_` + base64 of 32 random bytes. Returned only when the endpoint is created and when the secret is rotated.",
      example: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8nBqbM4nCmY=",
    }),
  })
  .meta({ id: "WebhookEndpointWithSecret" });

export type WebhookEndpointDto = z.infer<typeof webhookEndpointSchema>;
export type WebhookEndpointWithSecretDto = z.infer<typeof webhookEndpointWithSecretSchema>;

export const createWebhookEndpointInput = z.strictObject({
  url,
  events: events.optional(),
  description: description.nullish(),
  include_scorecard_notes: includeScorecardNotes.optional(),
});
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointInput>;

export const updateWebhookEndpointInput = z.strictObject({
  id: idParam,
  url: url.optional(),
  events: events.optional(),
  enabled: bodyBoolean.optional().meta({ description: "false disables the endpoint; true re-enables it (and clears disabled_reason)" }),
  description: description.nullish(),
  include_scorecard_notes: includeScorecardNotes.optional(),
});
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointInput>;

export const webhookEndpointIdInput = z.strictObject({ id: idParam });

/** Longest grace period of a rotated-out secret: 24 hours (Svix's default and maximum). */
export const MAX_SECRET_GRACE_SECONDS = 86_400;
const graceMessage = `Must be an integer between 0 and ${MAX_SECRET_GRACE_SECONDS}`;

export const rotateWebhookSecretInput = z.strictObject({
  id: idParam,
  // A JSON body integer (see bodyInt in common.ts): the pipe keeps trpc-to-openapi's Number() coercion
  // away, so "10", true or 1.5 are refused instead of being read as seconds.
  expire_previous_in_seconds: z
    .number({ error: graceMessage })
    .int({ error: graceMessage, abort: true })
    .min(0, graceMessage)
    .max(MAX_SECRET_GRACE_SECONDS, graceMessage)
    .pipe(z.number())
    .optional()
    .meta({
      description: `How long the replaced secret keeps signing deliveries, alongside the new one: 0..${MAX_SECRET_GRACE_SECONDS} seconds, default ${MAX_SECRET_GRACE_SECONDS} (24 h). 0 stops it at once.`,
      example: 3600,
    }),
});
export type RotateWebhookSecretInput = z.infer<typeof rotateWebhookSecretInput>;

export const listWebhookEndpointsInput = z.strictObject({ limit: limitParam, cursor: cursorParam });

export const deletedWebhookEndpointSchema = z
  .object({ id: z.number().int(), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhookEndpoint" });

export const webhookTestSentSchema = z
  .object({
    event_id: z.string().meta({ description: "Id of the webhook.test event; the `webhook-id` header of its delivery" }),
    event: z.literal("webhook.test"),
    webhook_endpoint_id: z.number().int(),
  })
  .meta({ id: "WebhookTestSent" });

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookAttemptSchema = z
  .object({
    attempt: z.number().int().meta({ description: "1 for the first attempt; keeps counting across redeliveries" }),
    at: timestamp,
    status_code: z.number().int().nullable().meta({ description: "HTTP status of the response; null when none arrived" }),
    error: z.string().nullable().meta({ description: "Transport error (timeout, connection refused, blocked address); null when a response arrived" }),
    response_ms: z.number().int().nullable(),
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    event_id: z.string().meta({ description: "The `webhook-id` header of every attempt" }),
    event_type: z.string(),
    webhook_endpoint_id: z.number().int(),
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z.number().int(),
    attempts: z.array(webhookAttemptSchema),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    last_response_ms: z.number().int().nullable().meta({ description: "Latency of the last attempt in milliseconds" }),
    response_excerpt: z.string().nullable().meta({ description: "First 1 KB of the last response body" }),
    next_attempt_at: timestamp.nullable().meta({ description: "When the next attempt is due (pending deliveries only)" }),
    last_attempt_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "WebhookDelivery" });

export type WebhookDeliveryDto = z.infer<typeof webhookDeliverySchema>;
export type WebhookAttemptDto = z.infer<typeof webhookAttemptSchema>;

export const listWebhookDeliveriesInput = z.strictObject({
  id: idParam,
  status: z.enum(DELIVERY_STATUSES).optional(),
  limit: limitParam,
  cursor: cursorParam,
});

export const webhookDeliveryIdInput = z.strictObject({ id: idParam });
