-- Self-scheduling (#42): members' availability, scheduling links with their pools, and who chose an interview's time.

-- Members with no availability of their own work Mon–Fri 09:00–17:00 in their company's zone.
ALTER TABLE "companies" ADD COLUMN "time_zone" TEXT NOT NULL DEFAULT 'UTC';

CREATE TYPE "interview_scheduled_by" AS ENUM ('member', 'candidate');
ALTER TABLE "interviews" ADD COLUMN "scheduled_by" "interview_scheduled_by" NOT NULL DEFAULT 'member';

CREATE TABLE "member_availability" (
    "user_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "time_zone" TEXT NOT NULL,
    "working_hours" JSONB NOT NULL,
    "buffer_minutes" INTEGER NOT NULL DEFAULT 0,
    "max_interviews_per_day" INTEGER,
    "busy_calendar_url" TEXT,
    "feed_busy" JSONB,
    "feed_fetched_at" TIMESTAMPTZ(3),
    "feed_checked_at" TIMESTAMPTZ(3),
    "feed_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "member_availability_pkey" PRIMARY KEY ("user_id")
);
CREATE INDEX "member_availability_company_id_idx" ON "member_availability"("company_id");
ALTER TABLE "member_availability" ADD CONSTRAINT "member_availability_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "member_availability" ADD CONSTRAINT "member_availability_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TYPE "scheduling_link_status" AS ENUM ('open', 'booked', 'canceled', 'revoked');

CREATE TABLE "scheduling_links" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "slot_interval_minutes" INTEGER NOT NULL DEFAULT 30,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "window_end" TIMESTAMPTZ(3) NOT NULL,
    "min_notice_hours" INTEGER NOT NULL DEFAULT 24,
    "location" TEXT,
    "video_url" TEXT,
    "expires_at" TIMESTAMPTZ(3),
    "notify_candidate" BOOLEAN NOT NULL DEFAULT true,
    "status" "scheduling_link_status" NOT NULL DEFAULT 'open',
    "token" TEXT NOT NULL,
    "interview_id" INTEGER,
    "candidate_time_zone" TEXT,
    "reschedule_count" INTEGER NOT NULL DEFAULT 0,
    "booked_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "scheduling_links_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "scheduling_links_token_key" ON "scheduling_links"("token");
CREATE UNIQUE INDEX "scheduling_links_interview_id_key" ON "scheduling_links"("interview_id");
CREATE INDEX "scheduling_links_company_id_candidate_id_idx" ON "scheduling_links"("company_id", "candidate_id");
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- An erased candidate's links go with them.
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_candidate_id_fkey"
  FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_interview_id_fkey"
  FOREIGN KEY ("interview_id") REFERENCES "interviews"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_created_by_id_fkey"
  FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "scheduling_link_interviewers" (
    "link_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    CONSTRAINT "scheduling_link_interviewers_pkey" PRIMARY KEY ("link_id", "user_id")
);
CREATE INDEX "scheduling_link_interviewers_company_id_user_id_idx" ON "scheduling_link_interviewers"("company_id", "user_id");
ALTER TABLE "scheduling_link_interviewers" ADD CONSTRAINT "scheduling_link_interviewers_link_id_fkey"
  FOREIGN KEY ("link_id") REFERENCES "scheduling_links"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scheduling_link_interviewers" ADD CONSTRAINT "scheduling_link_interviewers_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scheduling_link_interviewers" ADD CONSTRAINT "scheduling_link_interviewers_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Settings → E-mail: the scheduling link's template (null: the built-in one).
ALTER TYPE "email_kind" ADD VALUE 'scheduling_link';
ALTER TABLE "companies" ADD COLUMN "scheduling_email_subject" TEXT;
ALTER TABLE "companies" ADD COLUMN "scheduling_email_body" TEXT;
