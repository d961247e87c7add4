-- Scoped API keys (issue 13 §2): a key holds a set of scopes (packages/core/src/auth/scopes.ts) and a
-- REST call outside them is a 403. Keys that exist already keep every scope (the column default, also
-- used when a key is created without naming any).
ALTER TABLE "api_keys"
    ADD COLUMN "scopes" TEXT[] NOT NULL DEFAULT ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read']::TEXT[];

-- Only known scopes, at least one. A new scope needs a migration that widens this list.
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check"
    CHECK (cardinality("scopes") > 0 AND "scopes" <@ ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read']::TEXT[]);
