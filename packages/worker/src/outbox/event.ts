import { z } from "zod";
import { type OutboxEventData } from "./publisher.ts";

/**
 * The data of an outbox event (OutboxEventData) as the publisher hands it to jobs: the one schema of
 * it in the worker. A job narrows `payload` to what its event records with `.extend`. `event_id` is
 * any string: a sweeper re-sending an event names it itself (e.g. `resume-requeue-…`), not by a row's uuid.
 */
export const outboxEventSchema = z.object({
  event_id: z.string(),
  company_id: z.number().int().positive(),
  occurred_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
}) satisfies z.ZodType<OutboxEventData>;
