import { z } from "zod";
import { INT32_MAX, timestamp } from "../../../kernel/contract/common.ts";
import { EMAIL_STATUSES } from "./email.ts";

/**
 * A candidate's rejection e-mail on the candidate page (web app only): the one still scheduled, which
 * the member may cancel or send at once. Addressed by the message's id, so a click acts on the e-mail
 * the page showed and not on one a later move scheduled.
 */
const id = z.number().int().positive().max(INT32_MAX);

export const rejectionEmailSchema = z.object({
  id: z.number().int(),
  candidate_id: z.number().int(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  /** When a scheduled e-mail goes; when one sent now went. */
  send_after: timestamp.nullable(),
});

export type RejectionEmailDto = z.infer<typeof rejectionEmailSchema>;

export const scheduledRejectionEmailInput = z.strictObject({ candidate_id: id });

export const rejectionEmailActionInput = z.strictObject({ id });
