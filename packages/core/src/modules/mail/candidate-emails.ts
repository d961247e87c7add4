import { type Prisma } from "@hireflow/db";
import { type ServiceContext, actorKind, actorUserId } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedDb, type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { DEFAULT_TEMPLATES, placeholderValues, renderTemplate } from "./candidate-templates.ts";
import { type CandidateEmailKind } from "./contract/templates.ts";
import { queueEmail } from "./outgoing.ts";
import { type JobStage } from "../pipeline/stages.ts";

/**
 * The e-mails a candidate gets from the company (#27 §4): "application received" when they apply,
 * and a rejection when a move to a rejected-type stage asks for one. Both are written in the
 * transaction of the change that sends them (queueEmail), with the company's template of the moment,
 * and each step of a message (queued or scheduled here, canceled here, sent/failed/stored by the
 * delivery job) is an `email` activity in the candidate's timeline.
 */

/** What a move sends along when it asks for the rejection e-mail. */
export interface RejectionEmailRequest {
  /** Minutes after the move; undefined: the company's rejection_email_delay_minutes. */
  delayMinutes?: number;
}

export type EmailTimelineEvent = "queued" | "scheduled" | "canceled" | "sent" | "failed" | "stored";

/** The timeline entry of one step of a candidate e-mail (the delivery job writes the same shape). */
export function emailActivityData(message: { id: number; kind: CandidateEmailKind | null; subject: string; sendAfter?: Date | null }, event: EmailTimelineEvent) {
  return {
    email_message_id: message.id,
    kind: message.kind,
    event,
    subject: message.subject,
    ...(message.sendAfter && { send_after: message.sendAfter.toISOString() }),
  };
}

export async function recordEmailActivity(tx: ScopedTx, svc: ServiceContext, candidateId: number, data: ReturnType<typeof emailActivityData>): Promise<void> {
  await tx.candidateActivity.create({
    data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
      candidateId,
      type: "email",
      addedBy: actorKind(svc.actor),
      performerId: actorUserId(svc.actor),
      data: data as Prisma.InputJsonValue,
    }),
  });
}

const TEMPLATE_SELECT = {
  name: true,
  applicationEmailEnabled: true,
  applicationEmailForApi: true,
  applicationEmailSubject: true,
  applicationEmailBody: true,
  rejectionEmailSubject: true,
  rejectionEmailBody: true,
  rejectionEmailDelayMinutes: true,
  schedulingEmailSubject: true,
  schedulingEmailBody: true,
} as const;

interface EmailCandidate {
  id: number;
  name: string | null;
  email: string | null;
  job: { title: string } | null;
}

/** The bare address: a candidate's name is theirs to write anything in, and stays out of the headers. */
const recipient = (c: EmailCandidate) => ({ to: c.email! });

/**
 * The application-received e-mail of a new candidate, in the create's transaction. Careers
 * applications get it when the company has it on (the default); candidates created through the API
 * only when the company also chose "send for API candidates" — an integration may create candidates
 * that never applied (imports, sourcing tools), so e-mailing them is the company's decision. Once per
 * candidate: the partial unique index email_messages_application_received_key refuses a second.
 */
export async function queueApplicationReceived(tx: ScopedTx, svc: ServiceContext, candidate: EmailCandidate, source: string): Promise<void> {
  if (!candidate.email) return;
  const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: TEMPLATE_SELECT });
  if (!applicationEmailApplies(company, source)) return;
  const template = { subject: company.applicationEmailSubject ?? DEFAULT_TEMPLATES.application_received.subject, body: company.applicationEmailBody ?? DEFAULT_TEMPLATES.application_received.body };
  const rendered = renderTemplate(template, placeholderValues({ candidateName: candidate.name, jobTitle: candidate.job?.title ?? null, companyName: company.name }));
  const queued = await queueEmail(tx, svc, { ...recipient(candidate), ...rendered, candidateId: candidate.id, kind: "application_received" });
  await recordEmailActivity(tx, svc, candidate.id, emailActivityData({ id: queued.id, kind: "application_received", subject: rendered.subject }, "queued"));
}

export function applicationEmailApplies(company: { applicationEmailEnabled: boolean; applicationEmailForApi: boolean }, source: string): boolean {
  if (!company.applicationEmailEnabled) return false;
  return source === "self_apply" || (source === "public_api" && company.applicationEmailForApi);
}

/** A move's rejection e-mail request, checked against the move's target (400 with the field otherwise). */
export function checkRejectionRequest(target: JobStage, candidate: { email: string | null }, request: RejectionEmailRequest | undefined): void {
  if (!request) return;
  if (target.type !== "rejected") {
    throw AppError.validation([{ field: "send_rejection_email", message: `Only with a move to a stage of type "rejected" ("${target.key}" is of type "${target.type}")` }]);
  }
  if (!candidate.email) throw AppError.validation([{ field: "send_rejection_email", message: "The candidate has no e-mail address" }]);
}

/**
 * The rejection e-mail of a move to a rejected-type stage, scheduled `delayMinutes` after it (0: queued
 * now). It names the reject reason only where the company's template writes {{reject_reason}}.
 * An earlier rejection e-mail still waiting is canceled first: one move, one e-mail.
 */
export async function scheduleRejectionEmail(tx: ScopedTx, svc: ServiceContext, candidate: EmailCandidate, rejectReason: string | null, request: RejectionEmailRequest): Promise<void> {
  if (!candidate.email) return;
  await cancelScheduledRejections(tx, svc, candidate.id);
  const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: TEMPLATE_SELECT });
  const template = { subject: company.rejectionEmailSubject ?? DEFAULT_TEMPLATES.rejection.subject, body: company.rejectionEmailBody ?? DEFAULT_TEMPLATES.rejection.body };
  const values = placeholderValues({ candidateName: candidate.name, jobTitle: candidate.job?.title ?? null, companyName: company.name, rejectReason });
  const rendered = renderTemplate(template, values);
  const delay = request.delayMinutes ?? company.rejectionEmailDelayMinutes;
  const sendAfter = delay > 0 ? new Date(Date.now() + delay * 60_000) : null;
  const queued = await queueEmail(tx, svc, { ...recipient(candidate), ...rendered, candidateId: candidate.id, kind: "rejection", sendAfter });
  await recordEmailActivity(tx, svc, candidate.id, emailActivityData({ id: queued.id, kind: "rejection", subject: rendered.subject, sendAfter }, queued.status));
}

/**
 * The screening explanation (issue 25 §3), queued now in the caller's transaction with the built-in
 * template: the explanation's text goes in as a placeholder's value, so nothing in it (a resume quote,
 * a name) is read as a placeholder, and the HTML part escapes it like any candidate e-mail.
 */
export async function queueScreeningExplanationEmail(
  tx: ScopedTx,
  svc: ServiceContext,
  candidate: EmailCandidate,
  explanation: string,
): Promise<{ id: number; subject: string; status: "queued" | "scheduled" }> {
  if (!candidate.email) throw new AppError("conflict", "The candidate has no e-mail address");
  const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: { name: true } });
  const values = placeholderValues({ candidateName: candidate.name, jobTitle: candidate.job?.title ?? null, companyName: company.name, screeningExplanation: explanation });
  const rendered = renderTemplate(DEFAULT_TEMPLATES.screening_explanation, values);
  const queued = await queueEmail(tx, svc, { ...recipient(candidate), ...rendered, candidateId: candidate.id, kind: "screening_explanation" });
  await recordEmailActivity(tx, svc, candidate.id, emailActivityData({ id: queued.id, kind: "screening_explanation", subject: rendered.subject }, queued.status));
  return { id: queued.id, subject: rendered.subject, status: queued.status };
}

/** A scheduling link to the candidate (issue 42 §2), queued in the link's transaction with the company's template. */
export async function queueSchedulingLinkEmail(tx: ScopedTx, svc: ServiceContext, candidate: EmailCandidate, link: { title: string; url: string }): Promise<void> {
  if (!candidate.email) throw AppError.validation([{ field: "notify_candidate", message: `Candidate ${candidate.id} has no e-mail address to send the link to` }]);
  const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: TEMPLATE_SELECT });
  const template = { subject: company.schedulingEmailSubject ?? DEFAULT_TEMPLATES.scheduling_link.subject, body: company.schedulingEmailBody ?? DEFAULT_TEMPLATES.scheduling_link.body };
  const values = placeholderValues({ candidateName: candidate.name, jobTitle: candidate.job?.title ?? null, companyName: company.name, interviewTitle: link.title, schedulingLink: link.url });
  const rendered = renderTemplate(template, values);
  const queued = await queueEmail(tx, svc, { ...recipient(candidate), ...rendered, candidateId: candidate.id, kind: "scheduling_link" });
  await recordEmailActivity(tx, svc, candidate.id, emailActivityData({ id: queued.id, kind: "scheduling_link", subject: rendered.subject }, queued.status));
}

/**
 * A candidate moved out of the rejected stage before their rejection e-mail went: it is canceled and
 * never sent. Only `scheduled` messages — a queued one is already on its way. The conditional update
 * races safely with the sweep that releases due messages: one of the two changes the row.
 */
export async function cancelScheduledRejections(tx: ScopedTx, svc: ServiceContext, candidateId: number): Promise<number> {
  const canceled = await tx.emailMessage.updateManyAndReturn({
    where: { candidateId, kind: "rejection", status: "scheduled" },
    data: { status: "canceled", nextAttemptAt: null },
    select: { id: true, kind: true, subject: true, sendAfter: true },
  });
  for (const message of canceled) await recordEmailActivity(tx, svc, candidateId, emailActivityData(message, "canceled"));
  return canceled.length;
}

/**
 * After a pipeline edit re-mapped a job's candidates (or changed a stage's type): whoever is no longer
 * rejected loses their scheduled rejection e-mail, as with a move.
 */
export async function cancelScheduledRejectionsOfJob(tx: ScopedTx, svc: ServiceContext, jobId: number): Promise<number> {
  const canceled = await tx.emailMessage.updateManyAndReturn({
    where: { kind: "rejection", status: "scheduled", candidate: { jobId, rejectedAt: null } },
    data: { status: "canceled", nextAttemptAt: null },
    select: { id: true, candidateId: true, kind: true, subject: true, sendAfter: true },
  });
  for (const message of canceled) await recordEmailActivity(tx, svc, message.candidateId!, emailActivityData(message, "canceled"));
  return canceled.length;
}

/** Whether a candidate left a rejected stage in this move (their scheduled rejection e-mail, if any, is withdrawn). */
export const leavesRejection = (current: { rejectedAt: Date | null; jobStage: { type: string } | null }, target: JobStage) =>
  target.type !== "rejected" && (current.rejectedAt !== null || current.jobStage?.type === "rejected");

/**
 * The delivery job's steps of a candidate e-mail (sent, failed, kept in the log) in their timeline, by
 * the system. INSERT … SELECT: a candidate erased meanwhile gets nothing (and no foreign-key error);
 * raw SQL, so it filters by company itself.
 */
export async function recordEmailOutcome(
  db: ScopedDb,
  message: { id: number; companyId: number; candidateId: number | null; kind: CandidateEmailKind | null; subject: string },
  event: "sent" | "failed" | "stored",
): Promise<void> {
  if (message.candidateId === null || message.kind === null) return;
  const data = JSON.stringify(emailActivityData(message, event));
  await db.$executeRaw`
    INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, data)
    SELECT company_id, id, 'email', 'system', ${data}::jsonb FROM candidates WHERE id = ${message.candidateId} AND company_id = ${message.companyId}`;
}
