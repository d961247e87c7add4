import { mailFrom } from "@hireflow/config";

/**
 * Who a company's e-mails are from: its own sender name and address (Settings → E-mail) where set,
 * else the server's MAIL_FROM ("Hireflow <no-reply@localhost>"). An SMTP relay may refuse a From
 * address of a domain it does not send for; that is the relay's answer, recorded on the message.
 */
export interface Mailbox {
  name: string | null;
  address: string;
}

/** "Name <a@b>" or "a@b" → its parts; anything else is taken as a bare address. */
export function parseMailbox(value: string): Mailbox {
  const match = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<]*?))\s*<([^<>\s]+)>\s*$/.exec(value);
  if (!match) return { name: null, address: value.trim() };
  const name = (match[1] ?? match[2] ?? "").replace(/\\(.)/g, "$1").trim();
  return { name: name || null, address: match[3]! };
}

/** A mailbox as a header value; the name is always quoted (a comma in "Acme, Inc." would make two addresses). */
export function formatMailbox(mailbox: Mailbox): string {
  if (!mailbox.name) return mailbox.address;
  return `"${mailbox.name.replace(/["\\]/g, "\\$&")}" <${mailbox.address}>`;
}

export interface CompanySender {
  mailFromName: string | null;
  mailFromAddress: string | null;
  mailReplyTo: string | null;
}

export function senderOf(company: CompanySender): { from: string; address: string; replyTo: string | null } {
  const fallback = parseMailbox(mailFrom());
  const mailbox = { name: company.mailFromName ?? fallback.name, address: company.mailFromAddress ?? fallback.address };
  return { from: formatMailbox(mailbox), address: mailbox.address, replyTo: company.mailReplyTo };
}
