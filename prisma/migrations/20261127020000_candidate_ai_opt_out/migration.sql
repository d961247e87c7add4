-- The alternative process (issue 25 §3): an applicant may ask that a person, not the automated tool,
-- reviews the application. Such a candidate is never scored or moved by the AI agent; its fit status
-- says so ("opted_out") and the impact-ratio report counts it apart.
ALTER TYPE "fit_status" ADD VALUE 'opted_out';

ALTER TABLE "candidates" ADD COLUMN "ai_opt_out" BOOLEAN NOT NULL DEFAULT false;
