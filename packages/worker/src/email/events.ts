import { EMAIL_QUEUED_EVENT } from "@hireflow/core";
import { z } from "zod";
import { type JobEventInput } from "../runtime/index.ts";

const request = z.object({
  company_id: z.number().int().positive(),
  email_message_id: z.number().int().positive(),
  /** Attempts already made: the run claims the next one. */
  attempts: z.number().int().min(0),
  /** Where in the retry schedule this run starts: 0 for a new message. */
  schedule_from: z.number().int().min(0),
});

export type EmailSendRequest = z.infer<typeof request>;

// queueEmail's outbox event arrives as { event_id, company_id, occurred_at, payload }; the sweeper sends the request as is.
export const emailSendRequestSchema = z.union([
  request,
  z
    .object({ company_id: z.number().int().positive(), payload: z.object({ email_message_id: z.number().int().positive() }).loose() })
    .loose()
    .transform((outbox): EmailSendRequest => ({ company_id: outbox.company_id, email_message_id: outbox.payload.email_message_id, attempts: 0, schedule_from: 0 })),
]);

/**
 * A recovered message continues the retry schedule where its attempts left off. The event id names
 * the lease, so two sweepers leasing at once send one event the driver de-duplicates.
 */
export function emailRecoveryRequest(due: { id: number; companyId: number; attempts: number; leasedUntil: Date }): JobEventInput {
  return {
    name: EMAIL_QUEUED_EVENT,
    id: `email-recovery-${due.id}-${due.attempts}-${due.leasedUntil.getTime()}`,
    data: { company_id: due.companyId, email_message_id: due.id, attempts: due.attempts, schedule_from: due.attempts } satisfies EmailSendRequest,
  };
}

/** A scheduled message that came due: a new message's first run. */
export function emailReleaseRequest(due: { id: number; companyId: number }): JobEventInput {
  return {
    name: EMAIL_QUEUED_EVENT,
    id: `email-release-${due.id}`,
    data: { company_id: due.companyId, email_message_id: due.id, attempts: 0, schedule_from: 0 } satisfies EmailSendRequest,
  };
}
