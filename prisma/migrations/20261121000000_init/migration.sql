-- CreateEnum
CREATE TYPE "user_role" AS ENUM ('admin', 'member');
CREATE TYPE "location_type" AS ENUM ('onsite', 'remote', 'hybrid');
CREATE TYPE "application_source" AS ENUM ('public_api', 'self_apply', 'manual', 'import');
CREATE TYPE "lead_type" AS ENUM ('applied', 'sourced', 'referred');
CREATE TYPE "resume_status" AS ENUM ('pending', 'processing', 'completed', 'failed');
CREATE TYPE "activity_type" AS ENUM ('created', 'note_added', 'stage_changed', 'resume_processed', 'updated');
CREATE TYPE "actor" AS ENUM ('api', 'user', 'system', 'ai_agent');
CREATE TYPE "webhook_delivery_status" AS ENUM ('pending', 'succeeded', 'failed');
CREATE TYPE "idempotency_status" AS ENUM ('in_progress', 'completed');

-- CreateTable
CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "default_phone_region" TEXT NOT NULL DEFAULT 'US',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "company_id" INTEGER NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT NOT NULL,
    "role" "user_role" NOT NULL DEFAULT 'admin',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "sessions" (
    "token_hash" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sessions_pkey" PRIMARY KEY ("token_hash")
);

CREATE TABLE "api_keys" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secret_hash" TEXT NOT NULL,
    "created_by_id" UUID,
    "rate_limit" INTEGER,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "idempotency_keys" (
    "id" SERIAL NOT NULL,
    "api_key_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "status" "idempotency_status" NOT NULL DEFAULT 'in_progress',
    "response_status" INTEGER,
    "response_body" TEXT,
    "response_headers" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "departments" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "departments_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "jobs" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "department_id" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_public" BOOLEAN NOT NULL DEFAULT true,
    "locations" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "location_type" "location_type" NOT NULL DEFAULT 'onsite',
    "salary_min" INTEGER,
    "salary_max" INTEGER,
    "salary_currency" TEXT,
    "screening_questions" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "jobs_salary_range_check" CHECK ("salary_min" IS NULL OR "salary_max" IS NULL OR "salary_min" <= "salary_max")
);

CREATE TABLE "candidates" (
    "id" SERIAL NOT NULL,
    "public_id" TEXT NOT NULL DEFAULT ('cand_'::text || replace((gen_random_uuid())::text, '-'::text, ''::text)),
    "company_id" INTEGER NOT NULL,
    "job_id" INTEGER,
    "name" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "linkedin" TEXT,
    "location" TEXT,
    "stage" TEXT NOT NULL DEFAULT 'prospect',
    "rating" INTEGER,
    "fit_score" DOUBLE PRECISION,
    "application_source" "application_source" NOT NULL,
    "lead_type" "lead_type" NOT NULL DEFAULT 'sourced',
    "ats_candidate_id" TEXT,
    "answers" JSONB,
    "resume_blob_key" TEXT,
    "resume_filename" TEXT,
    "resume_content_type" TEXT,
    "resume_size" INTEGER,
    "resume_status" "resume_status",
    "resume_data" JSONB,
    "resume_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "candidates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "candidates_rating_check" CHECK ("rating" IS NULL OR "rating" BETWEEN 1 AND 5),
    CONSTRAINT "candidates_fit_score_check" CHECK ("fit_score" IS NULL OR "fit_score" BETWEEN 0 AND 100)
);

CREATE TABLE "candidate_activities" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "type" "activity_type" NOT NULL,
    "note" TEXT,
    "performer_id" UUID,
    "added_by" "actor" NOT NULL,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "candidate_activities_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "webhook_endpoints" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "description" TEXT,
    "events" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "company_id" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "webhook_deliveries" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "event_id" UUID NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "status" "webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "last_response_ms" INTEGER,
    "response_excerpt" TEXT,
    "attempts" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "companies_slug_key" ON "companies"("slug");
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");
CREATE INDEX "users_company_id_idx" ON "users"("company_id");
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");
CREATE INDEX "api_keys_company_id_id_idx" ON "api_keys"("company_id", "id");
CREATE UNIQUE INDEX "idempotency_keys_api_key_id_key_key" ON "idempotency_keys"("api_key_id", "key");
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");
CREATE UNIQUE INDEX "departments_company_id_name_key" ON "departments"("company_id", "name");
CREATE INDEX "jobs_company_id_id_idx" ON "jobs"("company_id", "id");
CREATE INDEX "jobs_company_id_is_active_is_public_id_idx" ON "jobs"("company_id", "is_active", "is_public", "id");
CREATE INDEX "jobs_department_id_idx" ON "jobs"("department_id");
CREATE UNIQUE INDEX "candidates_public_id_key" ON "candidates"("public_id");
CREATE INDEX "candidates_company_id_id_idx" ON "candidates"("company_id", "id");
CREATE INDEX "candidates_company_id_job_id_id_idx" ON "candidates"("company_id", "job_id", "id");
CREATE INDEX "candidates_company_id_stage_id_idx" ON "candidates"("company_id", "stage", "id");
CREATE INDEX "candidates_company_id_created_at_idx" ON "candidates"("company_id", "created_at");
CREATE INDEX "candidates_company_id_updated_at_idx" ON "candidates"("company_id", "updated_at");
-- The duplicate rule: one candidate per e-mail (case-insensitive) within a job. Decided by the
-- database so that concurrent creates cannot both pass a read-then-write check.
CREATE UNIQUE INDEX "candidates_job_email_key" ON "candidates"("job_id", lower("email")) WHERE "email" IS NOT NULL;
-- E-mail filter of the candidate list.
CREATE INDEX "candidates_company_id_email_idx" ON "candidates"("company_id", lower("email"));
CREATE INDEX "candidate_activities_candidate_id_id_idx" ON "candidate_activities"("candidate_id", "id");
CREATE INDEX "candidate_activities_company_id_idx" ON "candidate_activities"("company_id");
CREATE INDEX "webhook_endpoints_company_id_id_idx" ON "webhook_endpoints"("company_id", "id");
CREATE INDEX "events_company_id_occurred_at_idx" ON "events"("company_id", "occurred_at");
-- The outbox sweeper looks only at unpublished rows.
CREATE INDEX "events_unpublished_idx" ON "events"("occurred_at") WHERE "published_at" IS NULL;
CREATE UNIQUE INDEX "webhook_deliveries_event_id_endpoint_id_key" ON "webhook_deliveries"("event_id", "endpoint_id");
CREATE INDEX "webhook_deliveries_endpoint_id_id_idx" ON "webhook_deliveries"("endpoint_id", "id");
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "departments" ADD CONSTRAINT "departments_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "departments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "candidate_activities" ADD CONSTRAINT "candidate_activities_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "candidate_activities" ADD CONSTRAINT "candidate_activities_candidate_id_fkey" FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "candidate_activities" ADD CONSTRAINT "candidate_activities_performer_id_fkey" FOREIGN KEY ("performer_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;
