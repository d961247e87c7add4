-- Issue 24: Idempotency-Key for OAuth callers. A stored key belongs to an API key or to an OAuth grant
-- (one app acting as one member); exactly one of the two.
ALTER TABLE "idempotency_keys" ALTER COLUMN "api_key_id" DROP NOT NULL;
ALTER TABLE "idempotency_keys" ADD COLUMN "oauth_grant_id" INTEGER;
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_oauth_grant_id_fkey" FOREIGN KEY ("oauth_grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "idempotency_keys_oauth_grant_id_key_key" ON "idempotency_keys"("oauth_grant_id", "key");
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_one_caller" CHECK (num_nonnulls("api_key_id", "oauth_grant_id") = 1);

-- The hourly cleanup job (packages/jobs/src/oauth/token-cleanup.ts) finds expired tokens and codes by expiry.
CREATE INDEX "oauth_tokens_expires_at_idx" ON "oauth_tokens"("expires_at");
CREATE INDEX "oauth_authorization_codes_expires_at_idx" ON "oauth_authorization_codes"("expires_at");
