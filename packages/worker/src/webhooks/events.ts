import { z } from "zod";
import { type JobEventInput } from "../runtime/index.ts";

/** Asks for a run of attempts of one delivery, starting after `attempt_count` attempts. */
export const DELIVERY_REQUESTED = "webhook/delivery.requested";

const request = z.object({
  delivery_id: z.number().int().positive(),
  attempt_count: z.number().int().min(0),
  /** Where in the retry schedule this run starts: 0 for a new delivery or a redelivery. */
  schedule_from: z.number().int().min(0).default(0),
  /** Wait this long before the first attempt of the run: a retry of a batched first attempt (deliver-batch.ts). */
  delay_ms: z.number().int().min(0).optional(),
});

// Retries of batched first attempts and the sweeper send the request as is; a redelivery from the API comes through the
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


/**
 * Asks for the first attempts of new deliveries, many at once: the publisher sends one per batch of
 * events it fanned out (outbox/publisher.ts), deliver-batch.ts claims, sends and records them together.
 */
export const DELIVERIES_REQUESTED = "webhook/deliveries.requested";

export const deliveriesRequestSchema = z.object({ delivery_ids: z.array(z.number().int().positive()).min(1).max(1000) });

/** At most this many deliveries per request: one run's claim, POSTs in flight and record. */
export const DELIVERIES_PER_REQUEST = 100;

export function deliveriesRequests(deliveryIds: readonly number[]): JobEventInput[] {
  const requests: JobEventInput[] = [];
  for (let i = 0; i < deliveryIds.length; i += DELIVERIES_PER_REQUEST) {
    const ids = deliveryIds.slice(i, i + DELIVERIES_PER_REQUEST);
    // Delivery ids are never reused: the first one names the request, so a repeat collapses in the driver.
    requests.push({ name: DELIVERIES_REQUESTED, id: `webhook-deliveries-${ids[0]}-${ids.length}`, data: { delivery_ids: ids } });
  }
  return requests;
}

/** The retry of a batched first attempt: a run of its own from the second attempt on, after `delayMs`. */
export function retryRequest(deliveryId: number, delayMs: number): JobEventInput {
  return {
    name: DELIVERY_REQUESTED,
    id: `webhook-delivery-${deliveryId}-1`,
    data: { delivery_id: deliveryId, attempt_count: 1, schedule_from: 1, delay_ms: delayMs },
  };
}
