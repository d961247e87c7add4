import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { emailActivityData, recordEmailActivity } from "./candidate-emails.ts";
import { type RejectionEmailDto } from "./contract/rejection-email.ts";
import { EMAIL_QUEUED_EVENT } from "./outgoing.ts";

/**
 * A scheduled rejection e-mail from the candidate page (#43 §12): see it, cancel it, or send it now.
 * Each change is a conditional update from `scheduled`, so it races safely with the e-mail sweep that
 * releases due messages (and with a second click): one of them changes the row, the other is a 409.
 * Each is an `email` step in the candidate's timeline, by the member who did it.
 */
const SELECT = { id: true, candidateId: true, toAddresses: true, subject: true, status: true, sendAfter: true } as const;

type Row = { id: number; candidateId: number | null; toAddresses: string[]; subject: string; status: RejectionEmailDto["status"]; sendAfter: Date | null };

function serialize(row: Row & { candidateId: number }): RejectionEmailDto {
  return { id: row.id, candidate_id: row.candidateId, to: row.toAddresses, subject: row.subject, status: row.status, send_after: row.sendAfter?.toISOString() ?? null };
}

/** The candidate's rejection e-mail still waiting to go, or null (404 for a candidate the company does not have). */
export async function getScheduledRejectionEmail(svc: ServiceContext, candidateId: number): Promise<RejectionEmailDto | null> {
  const candidate = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { id: true } });
  if (!candidate) throw AppError.notFound("Candidate", candidateId);
  const row = await svc.db.emailMessage.findFirst({ where: { candidateId, kind: "rejection", status: "scheduled" }, orderBy: { id: "desc" }, select: SELECT });
  return row ? serialize({ ...row, candidateId }) : null;
}

/** The message, a rejection e-mail of one of the company's candidates (404 otherwise). */
async function rejectionEmail(tx: ScopedTx, id: number): Promise<Row & { candidateId: number }> {
  const row = await tx.emailMessage.findFirst({ where: { id, kind: "rejection", candidateId: { not: null } }, select: SELECT });
  if (!row) throw AppError.notFound("Rejection e-mail", id);
  return { ...row, candidateId: row.candidateId! };
}

/** Why a message that is no longer scheduled cannot be canceled or sent now (409). */
function notScheduled(status: RejectionEmailDto["status"]): AppError {
  if (status === "canceled") return new AppError("conflict", "This rejection e-mail was already canceled: it will not be sent");
  if (status === "queued") return new AppError("conflict", "This rejection e-mail is already being sent: it can no longer be canceled");
  return new AppError("conflict", "This rejection e-mail was already sent: it can no longer be canceled");
}

/** Moves a scheduled message on to `status`, or refuses (409) with what happened to it meanwhile. */
async function fromScheduled(tx: ScopedTx, id: number, data: { status: "canceled" | "queued"; nextAttemptAt: Date | null; sendAfter?: Date }) {
  const current = await rejectionEmail(tx, id);
  const [changed] = await tx.emailMessage.updateManyAndReturn({ where: { id, status: "scheduled" }, data, select: SELECT });
  if (!changed) throw notScheduled((await rejectionEmail(tx, id)).status);
  return { ...changed, candidateId: current.candidateId };
}

/** Cancels a scheduled rejection e-mail: it is never sent (409 once it is on its way, sent or canceled). */
export async function cancelRejectionEmail(svc: ServiceContext, id: number): Promise<RejectionEmailDto> {
  return svc.db.$transaction(async (tx) => {
    const changed = await fromScheduled(tx, id, { status: "canceled", nextAttemptAt: null });
    await recordEmailActivity(tx, svc, changed.candidateId, emailActivityData({ ...changed, kind: "rejection" }, "canceled"));
    return serialize(changed);
  });
}

/**
 * Sends a scheduled rejection e-mail now: queued with its outbox event in the same transaction, as
 * queueEmail does, and dated now (the .eml's Date is its send-after). 409 once it is no longer scheduled.
 */
export async function sendRejectionEmailNow(svc: ServiceContext, id: number): Promise<RejectionEmailDto> {
  const now = new Date();
  const result = await svc.db.$transaction(async (tx) => {
    const changed = await fromScheduled(tx, id, { status: "queued", nextAttemptAt: now, sendAfter: now });
    await recordEvent(tx, EMAIL_QUEUED_EVENT, { email_message_id: id });
    await recordEmailActivity(tx, svc, changed.candidateId, emailActivityData({ ...changed, kind: "rejection", sendAfter: null }, "queued"));
    return serialize(changed);
  });
  notifyEventsCommitted();
  return result;
}
