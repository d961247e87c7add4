import { createHash } from "node:crypto";
import { type ComposableEmail } from "@hireflow/core";
import MailComposer from "nodemailer/lib/mail-composer";

/**
 * The message as RFC 5322 bytes, built by nodemailer's MailComposer from the stored row: the delivery
 * job sends exactly these bytes, and the e-mail log's .eml download is the same call. Every input
 * that would vary is fixed by the row — Message-ID and Date were set when it was queued, and the
 * MIME boundary is derived from the Message-ID — so composing twice gives the same message, and
 * with CRLF line ends it is byte for byte what the SMTP server receives.
 */
export function composeEmail(email: ComposableEmail): Promise<Buffer> {
  const composer = new MailComposer({
    from: email.from,
    to: email.to,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    subject: email.subject,
    text: email.text,
    ...(email.html !== null ? { html: email.html } : {}),
    messageId: email.messageId,
    date: email.date,
    attachments: email.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    // Never read a file or a URL named in a message: content is always the stored bytes.
    disableFileAccess: true,
    disableUrlAccess: true,
    baseBoundary: createHash("sha256").update(email.messageId).digest("hex").slice(0, 24),
    // CRLF throughout, as SMTP puts it on the wire (a bare LF in a body would be rewritten there).
    newline: "windows",
  } as ConstructorParameters<typeof MailComposer>[0]);
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}
