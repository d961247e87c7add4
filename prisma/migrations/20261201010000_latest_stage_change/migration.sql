-- Each candidate's latest stage change in one index probe: PATCH's locking read asks whether the AI
-- agent placed the candidate (issue 25 §3: its last stage_changed activity was the agent's), and so do
-- the board and the candidate page. candidate_activities_stage_changes_idx (the reports' index) leads
-- with company_id and orders by created_at, so reading the latest there meant every stage change of
-- the candidate, then a sort: a cost that grew with each move (docs/BENCHMARKS.md, "PATCH, paired").
CREATE INDEX "candidate_activities_latest_stage_change_idx" ON "candidate_activities"("candidate_id", "id") WHERE "type" = 'stage_changed';
