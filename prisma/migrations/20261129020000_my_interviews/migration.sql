-- "My interviews" and the sidebar's count of scorecards due (issue 26 §4, services/my-interviews.ts),
-- read with typed SQL that starts from the member's panel seats. EXPLAIN ANALYZE on the bench's data
-- (50,000 interviews, a member on 5,000 panels): docs/BENCHMARKS.md.

-- The member's seats with the interview id in the index: an index-only scan (it replaces the index
-- on (company_id, user_id), which it leads with).
CREATE INDEX "interview_interviewers_company_id_user_id_interview_id_idx" ON "interview_interviewers"("company_id", "user_id", "interview_id");
DROP INDEX "interview_interviewers_company_id_user_id_idx";

-- The company's scheduled interviews by end (upcoming: end_at > now, due: end_at <= now) with what
-- the lists join and sort on, so the seats meet the interviews index-only. Not expressible in
-- schema.prisma (INCLUDE); noted on the model.
CREATE INDEX "interviews_my_interviews_idx" ON "interviews"("company_id", "status", "end_at") INCLUDE ("id", "start_at", "candidate_id");

-- Hired or rejected candidates, whose scorecards are closed: the due list's anti-join reads this
-- small partial index instead of each due interview's candidate row. Not expressible in
-- schema.prisma (WHERE); noted on the model.
CREATE INDEX "candidates_closed_idx" ON "candidates"("company_id", "id") WHERE "hired_at" IS NOT NULL OR "rejected_at" IS NOT NULL;
