import { z } from "zod";
import { outboxEventSchema } from "../outbox/event.ts";
import { type JobEventInput } from "../runtime/index.ts";

/** Asks for a run of attempts of one delivery, starting after `attempt_count` attempts. */
export const DELIVERY_REQUESTED = "webhook/delivery.requested";

const request = z.object({
  delivery_id: z.number().int().positive(),
  attempt_count: z.number().int().min(0),
  /** Where in the retry schedule this run starts: 0 for a new delivery or a redelivery. */
  schedule_from: z.number().int().min(0).default(0),
});

// The fan-out and the sweeper send the request as is; a redelivery from the API comes through the
// outbox, which wraps it as { event_id, company_id, occurred_at, payload }.
export const deliveryRequestSchema = z.union([request, z.object({ payload: request }).transform((outbox) => outbox.payload)]);

/**
 * The event id makes repeats of one request collapse in the driver (Inngest and the local runner
 * drop an id they have seen): the fan-out's replays share one id, a sweeper lease gets its own.
 */
export function deliveryRequest(deliveryId: number, attemptCount: number, recovery?: { lease: Date }): JobEventInput {
  const suffix = recovery ? `-${recovery.lease.getTime()}` : "";
  // A recovered delivery continues the schedule where its attempts left off instead of restarting it.
  const scheduleFrom = recovery ? attemptCount : 0;
  return {
    name: DELIVERY_REQUESTED,
    id: `webhook-delivery-${deliveryId}-${attemptCount}${suffix}`,
    data: { delivery_id: deliveryId, attempt_count: attemptCount, schedule_from: scheduleFrom },
  };
}

/** A published event as the fan-out reads it: an outbox row's, whose id (a uuid) the delivery rows reference. */
export const fanOutEventSchema = outboxEventSchema.extend({ event_id: z.string().uuid() });
