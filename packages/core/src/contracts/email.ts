import { z } from "zod";
import { cursorParam, INT32_MAX, singleLine, timestamp } from "./common.ts";

/**
 * E-mail (web app only, owners and admins): Settings → E-mail log (every message the company sent or
 * kept, services/email.ts) and Settings → E-mail (the sender).
 */
export const EMAIL_STATUSES = ["queued", "sent", "failed", "stored"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const emailAttachmentSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
});

/** A row of the log. */
export const emailMessageSummarySchema = z.object({
  id: z.number().int(),
  to: z.array(z.string()),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  candidate_id: z.number().int().nullable(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});

export type EmailMessageSummaryDto = z.infer<typeof emailMessageSummarySchema>;

/** One message with its headers, bodies, attachments and the last error (the SMTP server's answer). */
export const emailMessageSchema = emailMessageSummarySchema.extend({
  from: z.string(),
  reply_to: z.string().nullable(),
  message_id: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(emailAttachmentSchema),
  last_error: z.string().nullable(),
  last_attempt_at: timestamp.nullable(),
  next_attempt_at: timestamp.nullable(),
});

export type EmailMessageDto = z.infer<typeof emailMessageSchema>;

export const listEmailMessagesInput = z.strictObject({
  cursor: cursorParam,
  limit: z.number().int().min(1).max(100).optional(),
});

export type ListEmailMessagesInput = z.infer<typeof listEmailMessagesInput>;

export const getEmailMessageInput = z.strictObject({ id: z.number().int().positive().max(INT32_MAX) });

const address = z.email("Enter a valid e-mail address").max(254, "Must be at most 254 characters");

/** The sender of the company's e-mails; `null` fields fall back to the server's MAIL_FROM. */
export const emailSettingsSchema = z.object({
  from_name: z.string().nullable(),
  from_address: z.string().nullable(),
  reply_to: z.string().nullable(),
  /** What is used now: the company's values, or the server's default where they are null. */
  effective: z.object({ from: z.string(), reply_to: z.string().nullable() }),
  /** MAIL_FROM as configured on the server, e.g. "Hireflow <no-reply@localhost>". */
  server_default: z.string(),
  /** Whether the server sends (SMTP_URL set) or only keeps messages in the log. */
  delivery: z.enum(["smtp", "log_only"]),
});

export type EmailSettingsDto = z.infer<typeof emailSettingsSchema>;

export const updateEmailSettingsInput = z.strictObject({
  // A display name goes into a header: one line, and no characters that would break out of it.
  from_name: singleLine(z.string().trim().max(100, "Must be at most 100 characters").regex(/^[^<>"\n\t]*$/, "Must not contain < > \" or line breaks"))
    .nullable()
    .optional(),
  from_address: address.nullable().optional(),
  reply_to: address.nullable().optional(),
});

export type UpdateEmailSettingsInput = z.infer<typeof updateEmailSettingsInput>;
