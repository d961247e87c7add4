-- Reports (issue 15 §2, packages/core/src/services/reports.ts).
-- A company's candidates by application date with every column a report reads: the report's cohort
-- is an index-only scan instead of one heap page per candidate.
CREATE INDEX "candidates_report_cohort_idx" ON "candidates"("company_id", "created_at", "job_id", "stage", "application_source", "fit_score", "id");

-- Each candidate's stage changes in time order, with their data ({previous_stage, new_stage, reason?}):
-- the funnel and the time-in-stage report read them per candidate without touching the table.
-- Only stage changes are indexed; their data is small (two stage names and a reason of at most 300
-- characters, services/screening.ts), far below the ~2.7 kB a B-tree entry may hold.
CREATE INDEX "candidate_activities_stage_changes_idx" ON "candidate_activities"("company_id", "candidate_id", "created_at", "id") INCLUDE ("data") WHERE "type" = 'stage_changed';
