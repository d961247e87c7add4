import { recordEmailOutcome, type ScopedDb } from "@hireflow/core";
import { type EmailMessage, type PrismaClient } from "@hireflow/db";
import { emailAttemptLeaseMs } from "./config.ts";

/**
 * The message rows are the durable state of e-mail; job runs only drive them. Each write that
 * starts an attempt is a conditional update on (status, attempts) through the company's scoped
 * client, so however many runs or sweepers race for a message, each attempt is claimed — and sent —
 * once. (A crash between the SMTP server's 250 and the record below sends it again on recovery:
 * at least once, as for webhooks.)
 */

/** Claims attempt `expected + 1` of a queued message and leases it for the attempt; null when another run got there first or it is done. */
export async function claimEmailAttempt(db: ScopedDb, id: number, expected: number): Promise<EmailMessage | null> {
  const now = new Date();
  const [row] = await db.emailMessage.updateManyAndReturn({
    where: { id, status: "queued", attempts: expected },
    data: { attempts: { increment: 1 }, lastAttemptAt: now, nextAttemptAt: new Date(now.getTime() + emailAttemptLeaseMs()) },
  });
  return row ?? null;
}

export type EmailAttemptRecord =
  | { status: "sent" }
  | { status: "queued"; error: string; nextAttemptAt: Date }
  | { status: "failed"; error: string };

/** The attempt's result; only the claimant of attempt `attempt` writes. */
export async function recordEmailAttempt(db: ScopedDb, id: number, attempt: number, record: EmailAttemptRecord): Promise<void> {
  const data =
    record.status === "sent"
      ? { status: "sent" as const, sentAt: new Date(), nextAttemptAt: null, lastError: null }
      : record.status === "queued"
        ? { status: "queued" as const, lastError: record.error, nextAttemptAt: record.nextAttemptAt }
        : { status: "failed" as const, lastError: record.error, nextAttemptAt: null };
  const [row] = await db.emailMessage.updateManyAndReturn({ where: { id, attempts: attempt }, data, select: OUTCOME });
  if (row && record.status !== "queued") await recordEmailOutcome(db, row, record.status);
}

/** What a candidate's timeline entry of the outcome needs. */
const OUTCOME = { id: true, companyId: true, candidateId: true, kind: true, subject: true } as const;

/** No SMTP server configured: the queued message is kept in the log, viewable and never sent. */
export async function keepInLog(db: ScopedDb, id: number): Promise<boolean> {
  const [row] = await db.emailMessage.updateManyAndReturn({ where: { id, status: "queued" }, data: { status: "stored", nextAttemptAt: null }, select: OUTCOME });
  if (row) await recordEmailOutcome(db, row, "stored");
  return row !== undefined;
}

export interface DueEmail {
  id: number;
  companyId: number;
  attempts: number;
  leasedUntil: Date;
}

/**
 * Queued messages overdue by `marginMs` (no run is driving them: a crash, a lost event), of every
 * company — maintenance, so raw SQL that filters by nothing but the due time — leased again so
 * concurrent sweepers take each once. `dispatch` runs before the lease commits.
 */
export async function leaseOverdueEmails(prisma: PrismaClient, marginMs: number, limit: number, dispatch: (due: DueEmail[]) => Promise<void>): Promise<number> {
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; company_id: number; attempts: number; next_attempt_at: Date }[]>`
      UPDATE email_messages SET next_attempt_at = now() + make_interval(secs => ${emailAttemptLeaseMs() / 1000}), updated_at = now()
      WHERE id IN (
        SELECT id FROM email_messages
        WHERE status = 'queued' AND next_attempt_at < now() - make_interval(secs => ${marginMs / 1000})
        ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, company_id, attempts, next_attempt_at`;
    if (rows.length > 0) await dispatch(rows.map((r) => ({ id: r.id, companyId: r.company_id, attempts: r.attempts, leasedUntil: r.next_attempt_at })));
    return rows.length;
  });
}

export interface ReleasedEmail {
  id: number;
  companyId: number;
}

/**
 * Scheduled messages whose send_after has come (a delayed rejection), of every company, made
 * `queued` — due now — for the delivery job. `dispatch` runs after the change commits: a delivery run
 * started before it would still read the message as scheduled and claim nothing (CI once saw a
 * released rejection stay queued so). A crash in between leaves them queued and due, and the overdue
 * sweep (leaseOverdueEmails) requests them after its margin. A message canceled first is no longer
 * `scheduled` and is never released. next_attempt_at holds send_after while scheduled (the
 * (status, next_attempt_at) index serves both sweeps).
 */
export async function releaseDueEmails(prisma: PrismaClient, limit: number, dispatch: (due: ReleasedEmail[]) => Promise<void>): Promise<number> {
  const rows = await prisma.$queryRaw<{ id: number; company_id: number }[]>`
    UPDATE email_messages SET status = 'queued', next_attempt_at = now(), updated_at = now()
    WHERE id IN (
      SELECT id FROM email_messages
      WHERE status = 'scheduled' AND next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, company_id`;
  if (rows.length > 0) await dispatch(rows.map((r) => ({ id: r.id, companyId: r.company_id })));
  return rows.length;
}
