-- Scorecards (#26 §3): one per (interview, interviewer), and the interviewer role.

-- The role `interviewer` (packages/core/src/auth/roles.ts): sees only the candidates they interview and
-- submits scorecards. The timeline's `scorecard` entries: a scorecard submitted or edited.
-- ADD VALUE may run in a transaction as long as nothing here uses the new values.
ALTER TYPE "user_role" ADD VALUE 'interviewer';
ALTER TYPE "activity_type" ADD VALUE 'scorecard';

CREATE TYPE "scorecard_recommendation" AS ENUM ('strong_no', 'no', 'yes', 'strong_yes');

CREATE TABLE "scorecards" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "interview_id" INTEGER NOT NULL,
    -- The interview's candidate, kept here so a candidate's scorecards are one index read.
    "candidate_id" INTEGER NOT NULL,
    "interviewer_id" UUID NOT NULL,
    -- [{"attribute": <one of the kit's attributes>, "rating": strong_no|no|yes|strong_yes|not_assessed}],
    -- validated by the service against the kit at the time of each submission.
    "ratings" JSONB NOT NULL DEFAULT '[]',
    "recommendation" "scorecard_recommendation" NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "scorecards_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "scorecards_ratings_check" CHECK (jsonb_typeof("ratings") = 'array')
);
-- One scorecard per interviewer and interview: a second submission edits it.
CREATE UNIQUE INDEX "scorecards_interview_id_interviewer_id_key" ON "scorecards"("interview_id", "interviewer_id");
-- A candidate's scorecards (GET /candidates/{id}/scorecards, the summary); a member's (scorecards due).
CREATE INDEX "scorecards_company_id_candidate_id_idx" ON "scorecards"("company_id", "candidate_id");
CREATE INDEX "scorecards_company_id_interviewer_id_idx" ON "scorecards"("company_id", "interviewer_id");
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- An erased candidate's interviews, and so their scorecards, go with them.
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_interview_id_fkey"
  FOREIGN KEY ("interview_id") REFERENCES "interviews"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_candidate_id_fkey"
  FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_interviewer_id_fkey"
  FOREIGN KEY ("interviewer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
