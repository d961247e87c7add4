import { type ServiceContext } from "../../kernel/context.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { queueEmail } from "../mail/outgoing.ts";
import { senderOf } from "../mail/sender.ts";
import { candidateUrl } from "../../kernel/outbox.ts";
import { escapeHtml } from "../../kernel/html.ts";
import { calendarInvitation, type CalendarPerson } from "./icalendar.ts";
import { type InterviewWhenWhereRow } from "./when-where.ts";

/**
 * The invitation e-mails of an interview: one per recipient, each with the .ics of this version of
 * the event (same UID, the interview's current SEQUENCE). The panel's carries the candidate's profile
 * link; the candidate's names only what the candidate needs (time, place, company), never the link
 * to their profile or anything meant for the panel. Queued in the caller's transaction: the delivery
 * job sends them after commit, so an API request never waits on a mail server.
 */
export interface InvitationInterview extends InterviewWhenWhereRow {
  icalUid: string;
  sequence: number;
  /** The kit's brief for the panel: in the interviewers' e-mails only. */
  panelBrief: { instructions: string; attributes: string[]; questions: string[] } | null;
}

export interface InvitationCandidate {
  id: number;
  name: string | null;
  email: string | null;
}

export type InvitationKind = "scheduled" | "updated" | "canceled";

export interface InvitationRecipients {
  /** Members on the panel of this version (they get a REQUEST, or a CANCEL when it is canceled). */
  interviewers: CalendarPerson[];
  /** Members taken off the panel by this change: a CANCEL for them alone. */
  removed: CalendarPerson[];
  /** The candidate when they are notified of this version; `candidateRemoved` when they no longer are. */
  candidate: boolean;
  candidateRemoved: boolean;
  /** The candidate's own page to reschedule or cancel (a booking through a scheduling link, #42). */
  candidateManageUrl?: string | null;
}

function when(interview: InvitationInterview): string {
  const date = new Intl.DateTimeFormat("en-GB", { timeZone: interview.timeZone, weekday: "long", day: "numeric", month: "long", year: "numeric" }).format(interview.startAt);
  const time = new Intl.DateTimeFormat("en-GB", { timeZone: interview.timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return `${date}, ${time.format(interview.startAt)}–${time.format(interview.endAt)} (${interview.timeZone})`;
}

interface Message {
  subject: string;
  lines: string[];
  link: string | null;
}

function describe(kind: InvitationKind, audience: "panel" | "candidate", interview: InvitationInterview, candidate: InvitationCandidate, companyName: string, manageUrl?: string | null): Message {
  const who = candidate.name ?? "a candidate";
  const lead = { scheduled: "", updated: "Updated: ", canceled: "Canceled: " }[kind];
  const place = [interview.location ? `Where: ${interview.location}` : null, interview.videoUrl ? `Video call: ${interview.videoUrl}` : null].filter((line): line is string => line !== null);
  if (audience === "candidate") {
    const opening = {
      scheduled: `${companyName} has scheduled an interview with you.`,
      updated: `${companyName} has changed your interview.`,
      canceled: `${companyName} has canceled your interview.`,
    }[kind];
    const manage = manageUrl && kind !== "canceled" ? ["", `To reschedule or cancel: ${manageUrl}`] : [];
    return { subject: `${lead}Interview with ${companyName}: ${interview.title}`, lines: [opening, "", interview.title, `When: ${when(interview)}`, ...place, ...manage], link: null };
  }
  const opening = {
    scheduled: `You are on the interview panel for ${who}.`,
    updated: `The interview with ${who} has changed.`,
    canceled: `The interview with ${who} has been canceled.`,
  }[kind];
  const brief = interview.panelBrief;
  const briefLines = brief
    ? [
        ...(brief.instructions ? ["", "Instructions for the panel:", brief.instructions] : []),
        ...(brief.attributes.length ? ["", `Focus on: ${brief.attributes.join(", ")}`] : []),
        ...(brief.questions.length ? ["", "Questions:", ...brief.questions.map((q) => `- ${q}`)] : []),
      ]
    : [];
  return { subject: `${lead}${interview.title} — ${who}`, lines: [opening, "", interview.title, `When: ${when(interview)}`, ...place, ...briefLines], link: candidateUrl(candidate.id) };
}

function textBody(message: Message): string {
  return [...message.lines, ...(message.link ? ["", `Candidate profile: ${message.link}`] : [])].join("\n");
}

function htmlBody(message: Message): string {
  const paragraphs = message.lines.filter((line) => line !== "").map((line) => `<p>${escapeHtml(line)}</p>`);
  const link = message.link ? [`<p><a href="${escapeHtml(message.link)}">Open the candidate's profile</a></p>`] : [];
  return ["<!doctype html>", `<html><head><meta charset="utf-8"><title>${escapeHtml(message.subject)}</title></head><body>`, ...paragraphs, ...link, "</body></html>"].join("\n");
}

/** Queues the e-mails of one change of an interview (in the caller's transaction). */
export async function queueInterviewInvitations(
  tx: ScopedTx,
  svc: Pick<ServiceContext, "companyId">,
  kind: InvitationKind,
  interview: InvitationInterview,
  candidate: InvitationCandidate,
  recipients: InvitationRecipients,
): Promise<void> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: { name: true, mailFromName: true, mailFromAddress: true, mailReplyTo: true } });
  const sender = senderOf(company);
  // The company invites (its sender name, else its own name), at the address its e-mails come from.
  const organizer: CalendarPerson = { name: company.mailFromName ?? company.name, email: sender.address };
  const candidatePerson: CalendarPerson | null = candidate.email ? { name: candidate.name, email: candidate.email } : null;
  const stamp = new Date();

  const send = async (to: CalendarPerson, audience: "panel" | "candidate", method: "REQUEST" | "CANCEL", messageKind: InvitationKind) => {
    const message = describe(messageKind, audience, interview, candidate, company.name, recipients.candidateManageUrl);
    const ics = calendarInvitation({
      method,
      uid: interview.icalUid,
      sequence: interview.sequence,
      stamp,
      start: interview.startAt,
      end: interview.endAt,
      timeZone: interview.timeZone,
      summary: audience === "candidate" ? `Interview with ${company.name}: ${interview.title}` : `${interview.title} — ${candidate.name ?? "candidate"}`,
      description: textBody(message),
      location: interview.location ?? interview.videoUrl,
      url: interview.videoUrl,
      organizer,
      // The candidate's copy lists only them: the panel's addresses are the company's to share.
      attendees: audience === "candidate" ? [to] : [...recipients.interviewers, ...(recipients.candidate && candidatePerson ? [candidatePerson] : [])],
    });
    await queueEmail(tx, svc, {
      to: to.name ? `"${to.name.replace(/["\\]/g, "\\$&")}" <${to.email}>` : to.email,
      subject: message.subject,
      text: textBody(message),
      html: htmlBody(message),
      attachments: [{ filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content: ics }],
      candidateId: candidate.id,
    });
  };

  const method = kind === "canceled" ? "CANCEL" : "REQUEST";
  for (const interviewer of recipients.interviewers) await send(interviewer, "panel", method, kind);
  for (const removed of recipients.removed) await send(removed, "panel", "CANCEL", "canceled");
  if (candidatePerson && recipients.candidate) await send(candidatePerson, "candidate", method, kind);
  else if (candidatePerson && recipients.candidateRemoved) await send(candidatePerson, "candidate", "CANCEL", "canceled");
}
