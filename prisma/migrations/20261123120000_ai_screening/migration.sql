-- AI screening (docs/SCREENING.md): settings per job, the latest fit per candidate, and every scoring
-- kept for audit.
CREATE TYPE "fit_status" AS ENUM ('pending', 'completed', 'failed');

ALTER TABLE "jobs"
    ADD COLUMN "screening" JSONB NOT NULL DEFAULT '{"mode": "off", "advance": null, "criteria": [], "reject_on_required_miss": false}',
    ADD COLUMN "rescore_requested_at" TIMESTAMPTZ(3);

ALTER TABLE "candidates"
    ADD COLUMN "resume_text" TEXT,
    ADD COLUMN "fit_status" "fit_status",
    ADD COLUMN "fit_engine" TEXT,
    ADD COLUMN "fit_scored_at" TIMESTAMPTZ(3),
    ADD COLUMN "fit_criteria" JSONB;

-- GET /candidates?sort=fit_score within a job: descending, nulls last, keyset on (fit_score, id).
CREATE INDEX "candidates_company_id_job_id_fit_score_id_idx" ON "candidates"("company_id", "job_id", "fit_score" DESC, "id" DESC);

CREATE TABLE "screening_runs" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "job_id" INTEGER NOT NULL,
    "candidate_id" INTEGER,
    "trigger" TEXT NOT NULL,
    "status" "fit_status" NOT NULL,
    "engine" TEXT NOT NULL,
    "model" TEXT,
    "criteria_hash" TEXT NOT NULL,
    "input_hash" TEXT NOT NULL,
    "fit_score" DOUBLE PRECISION,
    "criteria" JSONB NOT NULL,
    "action" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "screening_runs_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "screening_runs_company_id_job_id_id_idx" ON "screening_runs"("company_id", "job_id", "id");
CREATE INDEX "screening_runs_candidate_id_id_idx" ON "screening_runs"("candidate_id", "id");
CREATE INDEX "screening_runs_company_id_engine_created_at_idx" ON "screening_runs"("company_id", "engine", "created_at");

ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_candidate_id_fkey" FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE SET NULL ON UPDATE CASCADE;
