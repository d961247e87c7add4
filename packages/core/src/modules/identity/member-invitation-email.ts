import { ROLE_LABELS, type UserRole } from "../../kernel/roles.ts";
import { escapeHtml } from "../../kernel/html.ts";

/**
 * The invitation e-mail of Settings → Team (plain text and simple HTML). Names come from members and
 * companies, so they are escaped in the HTML; the link is ours (APP_BASE_URL + /invite/<token>).
 */
export interface InvitationEmailInput {
  companyName: string;
  inviter: string | null;
  role: UserRole;
  link: string;
  expiresAt: Date;
}

export function invitationEmail(input: InvitationEmailInput): { subject: string; text: string; html: string } {
  const who = input.inviter ? `${input.inviter} invited you` : "You are invited";
  const role = ROLE_LABELS[input.role].toLowerCase();
  const expires = `${input.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const subject = `Join ${input.companyName} on Hireflow`;
  const text = [
    `${who} to join ${input.companyName} on Hireflow as ${article(role)} ${role}.`,
    "",
    "Open this link to choose your name and password:",
    input.link,
    "",
    `The link works once and expires on ${expires}. If you did not expect this invitation, ignore this e-mail.`,
  ].join("\n");
  const html = [
    "<!doctype html>",
    '<html><head><meta charset="utf-8"><title>' + escapeHtml(subject) + "</title></head><body>",
    `<p>${escapeHtml(who)} to join <strong>${escapeHtml(input.companyName)}</strong> on Hireflow as ${article(role)} ${escapeHtml(role)}.</p>`,
    `<p><a href="${escapeHtml(input.link)}">Accept the invitation</a></p>`,
    `<p>Or open this link: ${escapeHtml(input.link)}</p>`,
    `<p>The link works once and expires on ${escapeHtml(expires)}. If you did not expect this invitation, ignore this e-mail.</p>`,
    "</body></html>",
  ].join("\n");
  return { subject, text, html };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");
