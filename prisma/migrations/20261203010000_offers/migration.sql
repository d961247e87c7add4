-- Offers (#41): an offer per candidate with its versions, approval decisions and the candidate's signed answer.

-- Two new scopes. Keys that had every scope there was (full access) gain them, as a standard key gains new
-- permissions; a restricted key keeps exactly what it was given.
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scopes_check";
UPDATE "api_keys" SET "scopes" = "scopes" || ARRAY['offers:read', 'offers:write']::TEXT[]
    WHERE "scopes" @> ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write', 'reports:read']::TEXT[]
      AND NOT ("scopes" && ARRAY['offers:read', 'offers:write']::TEXT[]);
ALTER TABLE "api_keys" ALTER COLUMN "scopes"
    SET DEFAULT ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write', 'reports:read', 'offers:read', 'offers:write']::TEXT[];
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check"
    CHECK (cardinality("scopes") > 0 AND "scopes" <@ ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write', 'reports:read', 'offers:read', 'offers:write']::TEXT[]);

-- Settings → Offers.
ALTER TABLE "companies" ADD COLUMN "offer_letter_template" TEXT;
ALTER TABLE "companies" ADD COLUMN "offer_approval_steps" JSONB NOT NULL DEFAULT '[]';

CREATE TYPE "offer_status" AS ENUM ('draft', 'pending_approval', 'approved', 'sent', 'accepted', 'declined', 'withdrawn', 'expired');
CREATE TYPE "salary_period" AS ENUM ('year', 'month', 'hour');
CREATE TYPE "offer_decision" AS ENUM ('approve', 'reject');

CREATE TABLE "offers" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "job_id" INTEGER NOT NULL,
    "status" "offer_status" NOT NULL DEFAULT 'draft',
    "version" INTEGER NOT NULL DEFAULT 1,
    "start_date" DATE NOT NULL,
    "job_title" TEXT NOT NULL,
    "salary_amount" INTEGER NOT NULL,
    "salary_currency" TEXT NOT NULL,
    "salary_period" "salary_period" NOT NULL,
    "bonus_amount" INTEGER,
    "bonus_currency" TEXT,
    "equity" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "notes" TEXT NOT NULL DEFAULT '',
    "approval_steps" JSONB NOT NULL DEFAULT '[]',
    "approver_ids" UUID[] NOT NULL DEFAULT ARRAY[]::UUID[],
    "approval_round" INTEGER NOT NULL DEFAULT 0,
    "approval_step" INTEGER NOT NULL DEFAULT 0,
    "sent_at" TIMESTAMPTZ(3),
    "accepted_at" TIMESTAMPTZ(3),
    "declined_at" TIMESTAMPTZ(3),
    "decline_reason" TEXT,
    "withdrawn_at" TIMESTAMPTZ(3),
    "expired_at" TIMESTAMPTZ(3),
    "signature_name" TEXT,
    "signed_at" TIMESTAMPTZ(3),
    "signature_ip" TEXT,
    "signature_user_agent" TEXT,
    "signed_document_sha256" TEXT,
    "signed_copy_key" TEXT,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "offers_pkey" PRIMARY KEY ("id")
);
-- GET /offers: a company's offers, newest first; filtered by candidate or job.
CREATE INDEX "offers_company_id_id_idx" ON "offers"("company_id", "id" DESC);
CREATE INDEX "offers_company_id_candidate_id_idx" ON "offers"("company_id", "candidate_id");
CREATE INDEX "offers_company_id_job_id_idx" ON "offers"("company_id", "job_id");
-- The expiry sweep: sent offers whose expires_at passed.
CREATE INDEX "offers_status_expires_at_idx" ON "offers"("status", "expires_at");
-- At most one offer per candidate that is not final: a second create is a 409 even when two race.
CREATE UNIQUE INDEX "offers_one_open_per_candidate" ON "offers"("candidate_id") WHERE "status" NOT IN ('declined', 'withdrawn', 'expired');
ALTER TABLE "offers" ADD CONSTRAINT "offers_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- An erased candidate's offers go with them (their files are deleted by the erasure).
ALTER TABLE "offers" ADD CONSTRAINT "offers_candidate_id_fkey"
  FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offers" ADD CONSTRAINT "offers_job_id_fkey"
  FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_id_fkey"
  FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "offer_versions" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "offer_id" INTEGER NOT NULL,
    "number" INTEGER NOT NULL,
    "start_date" DATE NOT NULL,
    "job_title" TEXT NOT NULL,
    "salary_amount" INTEGER NOT NULL,
    "salary_currency" TEXT NOT NULL,
    "salary_period" "salary_period" NOT NULL,
    "bonus_amount" INTEGER,
    "bonus_currency" TEXT,
    "equity" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "letter_key" TEXT,
    "letter_html" TEXT,
    "letter_sha256" TEXT,
    "token_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "offer_versions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "offer_versions_offer_id_number_key" ON "offer_versions"("offer_id", "number");
CREATE UNIQUE INDEX "offer_versions_token_hash_key" ON "offer_versions"("token_hash");
CREATE INDEX "offer_versions_company_id_idx" ON "offer_versions"("company_id");
ALTER TABLE "offer_versions" ADD CONSTRAINT "offer_versions_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offer_versions" ADD CONSTRAINT "offer_versions_offer_id_fkey"
  FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "offer_approvals" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "offer_id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "round" INTEGER NOT NULL,
    "step" INTEGER NOT NULL,
    "approver_id" UUID NOT NULL,
    "decision" "offer_decision" NOT NULL,
    "comment" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "offer_approvals_pkey" PRIMARY KEY ("id")
);
-- One decision per member per step of a round: a second is a 409 even when two race.
CREATE UNIQUE INDEX "offer_approvals_offer_id_round_step_approver_id_key" ON "offer_approvals"("offer_id", "round", "step", "approver_id");
-- My approvals: a member's decisions.
CREATE INDEX "offer_approvals_company_id_approver_id_idx" ON "offer_approvals"("company_id", "approver_id");
ALTER TABLE "offer_approvals" ADD CONSTRAINT "offer_approvals_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offer_approvals" ADD CONSTRAINT "offer_approvals_offer_id_fkey"
  FOREIGN KEY ("offer_id") REFERENCES "offers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "offer_approvals" ADD CONSTRAINT "offer_approvals_approver_id_fkey"
  FOREIGN KEY ("approver_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
