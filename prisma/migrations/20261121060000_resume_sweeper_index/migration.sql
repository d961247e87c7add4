-- The stuck-resume sweeper looks only at candidates whose resume is still being processed.
CREATE INDEX "candidates_resume_in_flight_idx" ON "candidates"("updated_at") WHERE "resume_status" IN ('pending', 'processing');
