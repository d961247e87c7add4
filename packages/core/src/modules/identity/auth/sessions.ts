import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { type PrismaClient } from "@hireflow/db";
import { type UserRole } from "../../../kernel/roles.ts";

/**
 * Browser sessions of company members. The cookie holds a random 32-byte token; the database holds
 * only its SHA-256, so a leaked sessions table cannot be replayed. Each session has its own CSRF
 * token, which the app hands to its own pages and which every state-changing request must echo in
 * the `x-csrf-token` header (a cross-site form can send the cookie, but cannot read the token).
 */
export const SESSION_COOKIE = "hf_session";
export const CSRF_HEADER = "x-csrf-token";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How often last_seen_at may be written per session: page loads must not each become a write. */
const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
  /** Read on every request, so a role change applies to the member's next request. */
  role: UserRole;
  company: { id: number; name: string; slug: string };
}

export interface ActiveSession {
  user: SessionUser;
  csrfToken: string;
  expiresAt: Date;
}

export interface NewSession {
  /** Goes into the cookie, never stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function createSession(prisma: PrismaClient, userId: string, now = new Date()): Promise<NewSession> {
  const token = randomBytes(32).toString("base64url");
  const csrfToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await prisma.session.create({ data: { tokenHash: hashSessionToken(token), userId, csrfToken, expiresAt } });
  return { token, csrfToken, expiresAt };
}

/** The session a cookie token belongs to, or null (unknown, malformed or expired). One indexed read. */
export async function verifySession(prisma: PrismaClient, token: string | null | undefined, now = new Date()): Promise<ActiveSession | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashSessionToken(token);
  const row = await prisma.session.findUnique({
    where: { tokenHash },
    select: {
      csrfToken: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: { id: true, email: true, name: true, role: true, company: { select: { id: true, name: true, slug: true } } } },
    },
  });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) {
    void prisma.session.deleteMany({ where: { tokenHash } }).catch(() => {});
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    // Off the request path; a lost update of last_seen_at is harmless.
    void prisma.session.updateMany({ where: { tokenHash }, data: { lastSeenAt: now } }).catch(() => {});
  }
  return { user: row.user, csrfToken: row.csrfToken, expiresAt: row.expiresAt };
}

/** Ends one session (sign-out). Unknown tokens are ignored. */
export async function deleteSession(prisma: PrismaClient, token: string | null | undefined): Promise<void> {
  if (!token || !TOKEN_PATTERN.test(token)) return;
  await prisma.session.deleteMany({ where: { tokenHash: hashSessionToken(token) } });
}

/** Ends every session of a user (password change, removal). */
export async function deleteUserSessions(prisma: PrismaClient, userId: string): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { userId } });
  return count;
}

/** Removes expired rows; verifySession already ignores them, this only keeps the table small. */
export async function deleteExpiredSessions(prisma: PrismaClient, now = new Date()): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** Constant-time comparison of the header a request sent with the session's CSRF token. */
export function csrfTokenMatches(expected: string, received: string | null | undefined): boolean {
  if (!received) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session token from a Cookie header (route handlers and the tRPC transport). */
export function sessionTokenFromCookieHeader(header: string | null | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
