import { envInt } from "@hireflow/config";
import { logger } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { defineSchedule } from "../runtime/index.ts";

export const DEFAULT_OAUTH_CLEANUP_GRACE_HOURS = 24;
const BATCH = 1_000;

/** OAUTH_CLEANUP_GRACE_HOURS: how long an expired or revoked OAuth token or code is kept before it is deleted. */
export function oauthCleanupGraceHours(): number {
  return envInt("OAUTH_CLEANUP_GRACE_HOURS", DEFAULT_OAUTH_CLEANUP_GRACE_HOURS);
}

export interface OAuthCleanupResult {
  tokens: number;
  codes: number;
}

/**
 * Deletes OAuth access and refresh tokens and authorization codes that can never be accepted again,
 * once they have been dead for the grace period: expired more than `graceHours` ago, revoked (the token
 * itself, or its whole grant) more than `graceHours` ago. A spent refresh token is kept until it
 * expires, since presenting it again is how reuse is detected (oauth/tokens.ts) — and a used code too,
 * for the same reason, until its expiry plus the grace. Grants stay (Settings → Connected apps and the
 * audit log name them). A batch at a time, rows claimed with SKIP LOCKED, like the events retention.
 */
export async function pruneOAuthTokens(prisma: PrismaClient = getPrisma(), options: { graceHours?: number; batchSize?: number } = {}): Promise<OAuthCleanupResult> {
  const hours = options.graceHours ?? oauthCleanupGraceHours();
  const batch = options.batchSize ?? BATCH;
  const result: OAuthCleanupResult = { tokens: 0, codes: 0 };
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM oauth_tokens WHERE id IN (
        SELECT t.id FROM oauth_tokens t
        WHERE t.expires_at < now() - make_interval(hours => ${hours}::int)
           OR t.revoked_at < now() - make_interval(hours => ${hours}::int)
           OR EXISTS (SELECT 1 FROM oauth_grants g WHERE g.id = t.grant_id AND g.revoked_at < now() - make_interval(hours => ${hours}::int))
        LIMIT ${batch}
        FOR UPDATE OF t SKIP LOCKED)`;
    result.tokens += count;
    if (count < batch) break;
  }
  for (;;) {
    const count = await prisma.$executeRaw`
      DELETE FROM oauth_authorization_codes WHERE id IN (
        SELECT c.id FROM oauth_authorization_codes c
        WHERE c.expires_at < now() - make_interval(hours => ${hours}::int)
           OR EXISTS (SELECT 1 FROM oauth_grants g WHERE g.id = c.grant_id AND g.revoked_at < now() - make_interval(hours => ${hours}::int))
        LIMIT ${batch}
        FOR UPDATE OF c SKIP LOCKED)`;
    result.codes += count;
    if (count < batch) break;
  }
  if (result.tokens > 0 || result.codes > 0) logger.info("deleted expired and revoked OAuth tokens and codes", { ...result, grace_hours: hours });
  return result;
}

/** Hourly, on Inngest or in-process. */
export const oauthTokenCleanupSchedule = defineSchedule({
  id: "oauth-token-cleanup",
  cron: "23 * * * *",
  intervalMs: () => envInt("OAUTH_CLEANUP_INTERVAL_MS", 60 * 60 * 1000),
  run: () => pruneOAuthTokens(),
});
