import { envInt } from "@hireflow/config";
import { type PrismaClient } from "@hireflow/db";
import { z } from "zod";
import { systemContext } from "../../../kernel/context.ts";
import { AppError, zodIssuesToDetails } from "../../../kernel/errors.ts";
import { logger } from "../../../kernel/logger.ts";
import { getRateLimiter, rateLimitHeaders } from "../../../kernel/rate-limit.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { recordAudit } from "../../audit/audit.ts";
import { createSession, type NewSession } from "./sessions.ts";

export const signInInput = z.strictObject({
  email: z.string().trim().min(1, "Enter your e-mail address").max(254, "Must be at most 254 characters"),
  password: z.string().min(1, "Enter your password").max(200, "Must be at most 200 characters"),
});

export type SignInInput = z.infer<typeof signInInput>;

/** The limits' fixed window (rate-limit.ts: aligned to the clock, so every count starts again at its end). */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
const WINDOW_MS = SIGN_IN_WINDOW_MS;
const INVALID = "E-mail or password is incorrect";

// Compared against when the e-mail is unknown, so both answers take one scrypt (no user enumeration by timing).
let dummyHash: Promise<string> | undefined;

/**
 * Checks the password and opens a session. Two limits, in fixed 15-minute windows (Redis when
 * REDIS_URL is set, else this process's memory, so with several instances and no Redis each
 * instance counts on its own):
 * - per client IP, every attempt (HIREFLOW_SIGNIN_LIMIT_PER_IP): a cap on one source's traffic;
 * - per e-mail address, the attempts that did not succeed (HIREFLOW_SIGNIN_LIMIT_PER_EMAIL): each
 *   attempt is counted before the password is checked (so parallel guesses cannot overshoot the
 *   limit) and a successful sign-in clears the count, so signing in correctly never locks anyone out.
 * A refused attempt at an existing account is recorded in its company's audit log as a failed
 * sign-in (reason `too_many_attempts`), once per e-mail and window so a flood cannot fill the log.
 */
export async function signIn(prisma: PrismaClient, raw: unknown, client: { ip: string }): Promise<{ session: NewSession; userId: string }> {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) throw AppError.validation(zodIssuesToDetails(parsed.error.issues));
  const email = parsed.data.email.toLowerCase();

  const limiter = getRateLimiter();
  const emailBucket = `signin:email:${email}`;
  const [byIp, byEmail] = await Promise.all([
    limiter.hit(`signin:ip:${client.ip}`, envInt("HIREFLOW_SIGNIN_LIMIT_PER_IP", 50), WINDOW_MS),
    limiter.hit(emailBucket, envInt("HIREFLOW_SIGNIN_LIMIT_PER_EMAIL", 10), WINDOW_MS),
  ]);
  const refused = [byIp, byEmail].find((r) => !r.allowed);
  if (refused) {
    // Not awaited: the refusal must not take longer for an existing account than for an unknown e-mail.
    void recordRefusal(prisma, email, client.ip).catch((error: unknown) =>
      logger.warn("a refused sign-in was not recorded in the audit log", { error: String(error) }),
    );
    throw new AppError("rate_limited", `Too many sign-in attempts; try again in ${Math.ceil(refused.resetSeconds / 60)} minute(s)`, {
      headers: rateLimitHeaders(refused),
    });
  }

  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, companyId: true, passwordHash: true } });
  dummyHash ??= hashPassword("not-a-real-password");
  const ok = await verifyPassword(parsed.data.password, user?.passwordHash ?? (await dummyHash));
  if (!user) throw new AppError("unauthorized", INVALID);
  // The audit log of the user's company: a wrong password for an existing account (an unknown
  // e-mail belongs to no company), and every sign-in. Never the password.
  const svc = { ...systemContext(prisma, user.companyId, { type: "user", userId: user.id }), ip: client.ip };
  const target = { type: "user" as const, id: user.id, label: email };
  if (!ok) {
    // Not awaited: a wrong password for an existing account must take as long to answer as an
    // unknown e-mail (no user enumeration by timing).
    void recordAudit(svc.db, svc, { action: "auth.sign_in_failed", target, anonymous: { label: email }, data: { reason: "wrong_password" } }).catch((error: unknown) =>
      logger.warn("a failed sign-in was not recorded in the audit log", { error: String(error) }),
    );
    throw new AppError("unauthorized", INVALID);
  }
  // The e-mail's failed attempts (and this one) are forgiven: only failures count towards its limit.
  await limiter.reset(emailBucket, WINDOW_MS);
  await recordAudit(svc.db, svc, { action: "auth.signed_in", target });
  const session = await createSession(prisma, user.id);
  // Expired sessions are ignored by verifySession; this keeps the user's rows from piling up.
  void prisma.session.deleteMany({ where: { userId: user.id, expiresAt: { lte: new Date() } } }).catch(() => {});
  return { session, userId: user.id };
}

/** A refused (rate-limited) attempt at an existing account, as a failed sign-in: the first one per e-mail and window. */
async function recordRefusal(prisma: PrismaClient, email: string, ip: string): Promise<void> {
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, companyId: true } });
  if (!user) return;
  if (!(await getRateLimiter().hit(`signin:refused:${email}`, 1, WINDOW_MS)).allowed) return;
  const svc = { ...systemContext(prisma, user.companyId, { type: "user", userId: user.id }), ip };
  await recordAudit(svc.db, svc, {
    action: "auth.sign_in_failed",
    target: { type: "user", id: user.id, label: email },
    anonymous: { label: email },
    data: { reason: "too_many_attempts" },
  });
}
