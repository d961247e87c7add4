import { smtpUrl } from "@hireflow/config";
import { composableEmail, parseMailbox, systemContext } from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";
import { composeEmail } from "./compose.ts";
import { claimEmailAttempt, keepInLog, recordEmailAttempt } from "./store.ts";
import { sendRaw } from "./transport.ts";

/** JSON, because it is a step result (stored by Inngest and replayed). */
export type EmailAttemptResult =
  | { outcome: "sent" | "failed"; attempt: number }
  | { outcome: "retry"; attempt: number; delay_ms: number }
  /** No SMTP_URL: kept in the e-mail log, not sent. */
  | { outcome: "stored" }
  /** Nothing sent: another run owns this attempt, or the message is done or gone (its candidate erased). */
  | { outcome: "skipped" };

/**
 * One attempt of a message: claim it, send the composed bytes, record what happened and decide
 * what comes next. A 5xx answer fails the message at once (RFC 5321: a permanent refusal is not
 * repeated); a 4xx answer or no answer is retried after `delayMs`, and is final when that is null.
 */
export async function runEmailAttempt(prisma: PrismaClient, companyId: number, id: number, expected: number, delayMs: number | null): Promise<EmailAttemptResult> {
  const { db } = systemContext(prisma, companyId);
  const url = smtpUrl();
  if (!url) return (await keepInLog(db, id)) ? { outcome: "stored" } : { outcome: "skipped" };

  const claimed = await claimEmailAttempt(db, id, expected);
  if (!claimed) return { outcome: "skipped" };
  const attempt = claimed.attempts;
  const email = composableEmail(claimed);
  const raw = await composeEmail(email);
  const envelope = { from: parseMailbox(email.from).address, to: email.to.map((to) => parseMailbox(to).address) };
  const sent = await sendRaw(url, envelope, raw);

  if (sent.ok) {
    await recordEmailAttempt(db, id, attempt, { status: "sent" });
    return { outcome: "sent", attempt };
  }
  if (!sent.permanent && delayMs !== null) {
    await recordEmailAttempt(db, id, attempt, { status: "queued", error: sent.error, nextAttemptAt: new Date(Date.now() + delayMs) });
    return { outcome: "retry", attempt, delay_ms: delayMs };
  }
  await recordEmailAttempt(db, id, attempt, { status: "failed", error: sent.error });
  return { outcome: "failed", attempt };
}
