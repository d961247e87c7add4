-- Issue 26 §3: a job's hiring team leads see every scorecard of the job's candidates (no anchoring for them).
-- Members of the job's company, never of the interviewer role (checked by the service); removing the member
-- (or the job) removes the row.
CREATE TABLE "job_hiring_team_leads" (
    "job_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "company_id" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    CONSTRAINT "job_hiring_team_leads_pkey" PRIMARY KEY ("job_id", "user_id")
);
-- "Which jobs does this member lead" (scorecard visibility, a member's removal or role change).
CREATE INDEX "job_hiring_team_leads_company_id_user_id_idx" ON "job_hiring_team_leads"("company_id", "user_id");
ALTER TABLE "job_hiring_team_leads" ADD CONSTRAINT "job_hiring_team_leads_job_id_fkey"
  FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "job_hiring_team_leads" ADD CONSTRAINT "job_hiring_team_leads_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "job_hiring_team_leads" ADD CONSTRAINT "job_hiring_team_leads_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
