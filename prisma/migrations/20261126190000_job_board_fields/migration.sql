-- Job boards (#27 §1): what Google for Jobs, Indeed and the public job board API need of a job, and
-- the origins a company's own site may post applications from.
CREATE TYPE "employment_type" AS ENUM ('full_time', 'part_time', 'contract', 'temporary', 'internship');

ALTER TABLE "jobs" ADD COLUMN "employment_type" "employment_type",
    ADD COLUMN "closes_at" TIMESTAMPTZ(3),
    ADD COLUMN "location_details" JSONB NOT NULL DEFAULT '[]',
    ADD COLUMN "remote_countries" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];

ALTER TABLE "companies" ADD COLUMN "allowed_origins" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
