-- "Newest" is the applied date (created_at, which imports may backdate), ties by id, not the id alone
-- (issue 28): a job's candidates in that order without a sort. Company-wide, (company_id, created_at)
-- already serves it.
CREATE INDEX "candidates_company_id_job_id_created_at_id_idx" ON "candidates"("company_id", "job_id", "created_at" DESC, "id" DESC);
