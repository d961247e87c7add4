-- Interviews (#26 §2): a candidate's scheduled interviews with their panel, and the API scopes for them.

-- New API-key scopes (packages/core/src/auth/scopes.ts): users:read, interviews:read|write, and
-- scorecards:read|write reserved now so that one migration widens the list. Keys holding every scope
-- there was (full access) gain the new ones, as a standard key gains new permissions; a restricted key
-- keeps exactly what it was given.
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_scopes_check";
UPDATE "api_keys"
   SET "scopes" = "scopes" || ARRAY['users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write']::TEXT[]
 WHERE "scopes" @> ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read']::TEXT[]
   AND NOT "scopes" && ARRAY['users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write']::TEXT[];
ALTER TABLE "api_keys" ALTER COLUMN "scopes" SET DEFAULT ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write']::TEXT[];
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scopes_check"
    CHECK (cardinality("scopes") > 0 AND "scopes" <@ ARRAY['candidates:read', 'candidates:write', 'jobs:read', 'jobs:write', 'webhooks:read', 'webhooks:write', 'events:read', 'users:read', 'interviews:read', 'interviews:write', 'scorecards:read', 'scorecards:write']::TEXT[]);

CREATE TYPE "interview_status" AS ENUM ('scheduled', 'canceled');

CREATE TABLE "interviews" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "start_at" TIMESTAMPTZ(3) NOT NULL,
    "end_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" TEXT NOT NULL,
    "location" TEXT,
    "video_url" TEXT,
    "notify_candidate" BOOLEAN NOT NULL DEFAULT false,
    "status" "interview_status" NOT NULL DEFAULT 'scheduled',
    -- The iCalendar UID every invitation of this interview carries, and its SEQUENCE (raised on each
    -- change), so calendars update the one event instead of adding another.
    "ical_uid" TEXT NOT NULL,
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "created_by_id" UUID,
    "canceled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "interviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "interviews_time_check" CHECK ("end_at" > "start_at")
);
CREATE UNIQUE INDEX "interviews_ical_uid_key" ON "interviews"("ical_uid");
-- GET /interviews: a company's interviews by start time; a candidate's.
CREATE INDEX "interviews_company_id_start_at_id_idx" ON "interviews"("company_id", "start_at", "id");
CREATE INDEX "interviews_candidate_id_start_at_idx" ON "interviews"("candidate_id", "start_at");
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- An erased candidate's interviews go with them.
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_candidate_id_fkey"
  FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_created_by_id_fkey"
  FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The panel: members of the interview's company (checked by the service); a removed member leaves it.
CREATE TABLE "interview_interviewers" (
    "interview_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    CONSTRAINT "interview_interviewers_pkey" PRIMARY KEY ("interview_id", "user_id")
);
-- filter interviewer_id and the conflict check: one member's interviews.
CREATE INDEX "interview_interviewers_company_id_user_id_idx" ON "interview_interviewers"("company_id", "user_id");
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_interview_id_fkey"
  FOREIGN KEY ("interview_id") REFERENCES "interviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "interview_interviewers" ADD CONSTRAINT "interview_interviewers_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
