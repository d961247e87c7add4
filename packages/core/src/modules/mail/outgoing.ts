import { randomUUID } from "node:crypto";
import { type EmailKind, type EmailMessage, type Prisma } from "@hireflow/db";
import { calendarAttachmentIndex, type EmailMessageDto, type EmailMessageSummaryDto, emailLogKind } from "./contract/email.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { senderOf } from "./sender.ts";
import { recordEvent } from "../../kernel/outbox.ts";

/**
 * The one way to send an e-mail: `queueEmail` stores the message in the caller's transaction, with
 * the company's sender, and records an `email/message.queued` outbox event in the same transaction.
 * After commit (the caller calls notifyEventsCommitted) the delivery job of packages/worker sends it
 * over SMTP_URL with retries, or marks it `stored` when no mail server is configured: nothing is
 * ever sent inside a request, and a message committed is never lost (its row is the state).
 */
export interface EmailAttachmentInput {
  filename: string;
  contentType: string;
  content: string | Uint8Array;
}

export interface OutgoingEmail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string | null;
  attachments?: EmailAttachmentInput[];
  /** The candidate it is to or about: the message goes with them when they are erased. */
  candidateId?: number | null;
  /** A candidate e-mail's kind (one application_received per candidate: the database refuses a second). */
  kind?: EmailKind | null;
  /**
   * Not before this: a later time makes the message `scheduled` — no outbox event now; the e-mail
   * sweep queues it once due (releaseDueEmails in packages/worker), unless it was canceled by then.
   */
  sendAfter?: Date | null;
}

/** As stored in email_messages.attachments. */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

export const EMAIL_QUEUED_EVENT = "email/message.queued";

export async function queueEmail(
  tx: ScopedTx,
  svc: Pick<ServiceContext, "companyId">,
  message: OutgoingEmail,
): Promise<{ id: number; messageId: string; status: "queued" | "scheduled" }> {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: svc.companyId },
    select: { mailFromName: true, mailFromAddress: true, mailReplyTo: true },
  });
  const sender = senderOf(company);
  // Fixed now, so the message sent, a retry and the .eml download are one message (one Message-ID and Date).
  const messageId = `<${randomUUID()}@${sender.address.split("@")[1] ?? "localhost"}>`;
  const attachments: StoredAttachment[] = (message.attachments ?? []).map((a) => ({
    filename: a.filename,
    content_type: a.contentType,
    content_base64: Buffer.from(typeof a.content === "string" ? Buffer.from(a.content, "utf8") : a.content).toString("base64"),
  }));
  const now = new Date();
  const scheduled = message.sendAfter != null && message.sendAfter.getTime() > now.getTime();
  const row = await tx.emailMessage.create({
    data: tenantRow<Prisma.EmailMessageUncheckedCreateInput>({
      candidateId: message.candidateId ?? null,
      toAddresses: Array.isArray(message.to) ? message.to : [message.to],
      fromAddress: sender.from,
      replyTo: sender.replyTo,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      attachments: attachments as unknown as Prisma.InputJsonValue,
      messageId,
      kind: message.kind ?? null,
      sendAfter: message.sendAfter ?? null,
      status: scheduled ? "scheduled" : "queued",
      // Due now (or when scheduled): if the outbox event's run is lost, the sweeper finds the message by this.
      nextAttemptAt: scheduled ? message.sendAfter! : now,
    }),
    select: { id: true },
  });
  if (!scheduled) await recordEvent(tx, EMAIL_QUEUED_EVENT, { email_message_id: row.id });
  return { id: row.id, messageId, status: scheduled ? "scheduled" : "queued" };
}

/** What nodemailer's MailComposer needs to build the message (packages/worker/src/email/compose.ts). */
export interface ComposableEmail {
  from: string;
  to: string[];
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  date: Date;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

type ComposableRow = Pick<EmailMessage, "fromAddress" | "toAddresses" | "replyTo" | "subject" | "textBody" | "htmlBody" | "messageId" | "createdAt" | "attachments"> & Partial<Pick<EmailMessage, "sendAfter">>;

export function composableEmail(row: ComposableRow): ComposableEmail {
  return {
    from: row.fromAddress,
    to: row.toAddresses,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    messageId: row.messageId,
    // A scheduled message is dated when it was due, not when it was written.
    date: row.sendAfter ?? row.createdAt,
    attachments: storedAttachments(row.attachments).map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.content_base64, "base64") })),
  };
}

export function storedAttachments(value: Prisma.JsonValue): StoredAttachment[] {
  return Array.isArray(value) ? (value as unknown as StoredAttachment[]) : [];
}

type SummaryRow = Pick<EmailMessage, "id" | "toAddresses" | "subject" | "status" | "attempts" | "candidateId" | "kind" | "createdAt" | "sendAfter" | "sentAt">;

/** A row of the e-mail log; `attachmentTypes`: its attachments' content types, in order. */
export function serializeSummary(row: SummaryRow, attachmentTypes: readonly string[]): EmailMessageSummaryDto {
  return {
    id: row.id,
    to: row.toAddresses,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    candidate_id: row.candidateId,
    kind: row.kind,
    log_kind: emailLogKind(row.kind, row.candidateId, attachmentTypes),
    calendar_attachment: calendarAttachmentIndex(attachmentTypes),
    created_at: row.createdAt.toISOString(),
    send_after: row.sendAfter?.toISOString() ?? null,
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

function serializeMessage(row: EmailMessage): EmailMessageDto {
  return {
    ...serializeSummary(row, storedAttachments(row.attachments).map((a) => a.content_type)),
    from: row.fromAddress,
    reply_to: row.replyTo,
    message_id: row.messageId,
    text: row.textBody,
    html: row.htmlBody,
    attachments: storedAttachments(row.attachments).map((a) => ({
      filename: a.filename,
      content_type: a.content_type,
      size_bytes: Buffer.byteLength(a.content_base64, "base64"),
    })),
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === "queued" || row.status === "scheduled" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
  };
}

export async function findMessage(svc: ServiceContext, id: number): Promise<EmailMessage> {
  const row = await svc.db.emailMessage.findUnique({ where: { id } });
  if (!row) throw AppError.notFound("E-mail message", id);
  return row;
}

/** One message of the company (another company's is a 404). */
export async function getEmailMessage(svc: ServiceContext, id: number): Promise<EmailMessageDto> {
  return serializeMessage(await findMessage(svc, id));
}

/** One message of the company as MailComposer takes it: the .eml download (another company's is a 404). */
export async function getComposableEmail(svc: ServiceContext, id: number): Promise<ComposableEmail> {
  return composableEmail(await findMessage(svc, id));
}
