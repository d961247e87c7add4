-- The first REST report (GET /reports/impact_ratios, issue 25 §2) needs its own scope. It comes after the
-- interviews migration, so the constraint and the default list every scope. New keys and keys with full access
-- (every one of the seven scopes that existed before any was added) get it; a restricted key keeps exactly what
-- it was given.
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scopes_check";
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check"
    CHECK (cardinality("scopes") > 0 AND "scopes" <@ ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write', 'reports:read']::TEXT[]);
ALTER TABLE "api_keys" ALTER COLUMN "scopes"
    SET DEFAULT ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write', 'reports:read']::TEXT[];
UPDATE "api_keys" SET "scopes" = "scopes" || ARRAY['reports:read']::TEXT[]
    WHERE "scopes" @> ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read']::TEXT[]
      AND NOT ("scopes" @> ARRAY['reports:read']::TEXT[]);
