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

/**
 * What an e-mail of the log is, for its filter (#43 §17): a candidate e-mail's kind, or for the others
 * (which have none stored) what they carry — a member's invitation (no candidate), an interview's
 * invitation (an iCalendar file), an offer (its PDF letter), or something else about a candidate.
 */
export const EMAIL_LOG_KINDS = [...CANDIDATE_EMAIL_KINDS, "interview_invitation", "offer", "member_invitation", "other"] as const;
export type EmailLogKind = (typeof EMAIL_LOG_KINDS)[number];

/** What the log calls each kind. */
export const EMAIL_LOG_KIND_LABELS: Record<EmailLogKind, string> = {
  application_received: "Application received",
  rejection: "Rejection",
  screening_explanation: "Screening explanation",
  scheduling_link: "Scheduling link",
  interview_invitation: "Interview invitation",
  offer: "Offer",
  member_invitation: "Member invitation",
  other: "Other",
};

/** The kind of a message from what is stored (the rule the list's filter applies in SQL). */
export function emailLogKind(kind: CandidateEmailKind | null, candidateId: number | null, attachmentTypes: readonly string[]): EmailLogKind {
  if (kind) return kind;
  if (candidateId === null) return "member_invitation";
  const first = attachmentTypes[0]?.toLowerCase() ?? "";
  if (first.startsWith("text/calendar")) return "interview_invitation";
  if (first === "application/pdf") return "offer";
  return "other";
}

/** The index of a message's iCalendar attachment (an interview invitation's .ics), or null. */
export function calendarAttachmentIndex(attachmentTypes: readonly string[]): number | null {
  const index = attachmentTypes.findIndex((type) => type.toLowerCase().startsWith("text/calendar"));
  return index < 0 ? null : index;
}

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
  /** What the e-mail is, for any message (emailLogKind). */
  log_kind: z.enum(EMAIL_LOG_KINDS),
  /** The index of its iCalendar attachment (downloadable on its own), or null. */
  calendar_attachment: z.number().int().nullable(),
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

const searchText = singleLine(z.string().trim().max(200, "Must be at most 200 characters"));

export const listEmailMessagesInput = z.strictObject({
  cursor: cursorParam,
  limit: z.number().int().min(1).max(100).optional(),
  kind: z.enum(EMAIL_LOG_KINDS).optional(),
  /** Part of a recipient's address or name, any case. */
  to: searchText.optional(),
  /** Words of the subject or the text, any case. */
  q: searchText.optional(),
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
