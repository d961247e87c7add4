-- Issue 25 §3: the screening explanation sent to the candidate is a candidate e-mail of its own kind
-- (in the candidate's timeline and the e-mail log). ADD VALUE may run in a transaction as long as
-- nothing here uses the new value.
ALTER TYPE "email_kind" ADD VALUE 'screening_explanation';

-- What a scoring was judged and acted under, so an explanation describes the decision as it was made,
-- not the job's settings of today: { mode, advance: { min_score, to_stage } | null, reject_on_required_miss }.
-- Null for runs recorded before this column (the explanation then falls back to the current settings,
-- labelled so) and for failed runs.
ALTER TABLE "screening_runs" ADD COLUMN "settings" JSONB;
