import { z } from "zod";
import { BODY_MAX, CANDIDATE_EMAIL_KINDS, type CandidateEmailKind, MAX_DELAY_MINUTES, placeholderProblem, SUBJECT_MAX } from "./templates.ts";
import { cursorParam, INT32_MAX, singleLine, storableText, timestamp } from "../../../kernel/contract/common.ts";

/**
 * E-mail (web app only, owners and admins): Settings → E-mail log (every message the company sent or
 * kept, services/email.ts) and Settings → E-mail (the sender).
 */
export const EMAIL_STATUSES = ["queued", "sent", "failed", "stored", "scheduled", "canceled"] as const;
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
  /** A candidate e-mail's kind; null for any other (an invitation). */
  kind: z.enum(CANDIDATE_EMAIL_KINDS).nullable(),
  created_at: timestamp,
  /** A scheduled message is not sent before this. */
  send_after: timestamp.nullable(),
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

/** How long a rejection e-mail waits after the move (0: at once; at most a week). */
export const delayMinutes = z
  .number()
  .int("Must be a whole number of minutes")
  .min(0, "Must be 0 or more")
  .max(MAX_DELAY_MINUTES, `Must be at most ${MAX_DELAY_MINUTES} (a week)`);

/** A template's text: placeholders it may not use are a 400 that names them in plain words. Null: back to the built-in template. */
function templateText(kind: CandidateEmailKind, max: number, schema: z.ZodString) {
  return storableText(schema.max(max, `Must be at most ${max} characters`))
    .superRefine((value, ctx) => {
      const problem = placeholderProblem(kind, value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .nullable()
    .optional();
}

function templateFields(kind: CandidateEmailKind) {
  return {
    subject: templateText(kind, SUBJECT_MAX, singleLine(z.string().trim().min(1, "Required").regex(/^[^\r\n]*$/, "Must be one line"))),
    body: templateText(kind, BODY_MAX, z.string().trim().min(1, "Required")),
  };
}

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
  /** The candidate e-mails: their templates (the built-in one where the company has none) and switches. */
  application_received: z.object({
    enabled: z.boolean(),
    /** Also for candidates created through the API (careers applications always, when enabled). */
    send_for_api: z.boolean(),
    subject: z.string(),
    body: z.string(),
    is_default: z.boolean(),
  }),
  rejection: z.object({
    subject: z.string(),
    body: z.string(),
    is_default: z.boolean(),
    /** What a move's rejection_email_delay_minutes defaults to. */
    delay_minutes: z.number().int(),
  }),
  /** Sent with a scheduling link (POST /scheduling_links with notify_candidate). */
  scheduling_link: z.object({ subject: z.string(), body: z.string(), is_default: z.boolean() }),
  /** What {{company_name}} becomes (the live preview's). */
  company_name: z.string(),
  /** Every placeholder with what it stands for and the templates that may use it. */
  placeholders: z.array(z.object({ name: z.string(), description: z.string(), templates: z.array(z.enum(CANDIDATE_EMAIL_KINDS)) })),
});

export type EmailSettingsDto = z.infer<typeof emailSettingsSchema>;

export const updateEmailSettingsInput = z.strictObject({
  // A display name goes into a header: one line, and no characters that would break out of it.
  from_name: singleLine(z.string().trim().max(100, "Must be at most 100 characters").regex(/^[^<>"\n\t]*$/, "Must not contain < > \" or line breaks"))
    .nullable()
    .optional(),
  from_address: address.nullable().optional(),
  reply_to: address.nullable().optional(),
  application_received: z
    .strictObject({ enabled: z.boolean().optional(), send_for_api: z.boolean().optional(), ...templateFields("application_received") })
    .optional(),
  rejection: z.strictObject({ ...templateFields("rejection"), delay_minutes: delayMinutes.optional() }).optional(),
  scheduling_link: z.strictObject({ ...templateFields("scheduling_link") }).optional(),
});

export type UpdateEmailSettingsInput = z.infer<typeof updateEmailSettingsInput>;
