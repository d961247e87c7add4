-- The candidate notice and human oversight of the AI agent (issue 25 §3), company-wide settings:
--  screening_contact: where an applicant asks for an alternative process or an accommodation (an
--    e-mail address or an http(s) URL), shown in the notice on the careers page;
--  screening_hold_back_days: the agent scores but does not move anyone until this many business
--    days (Mon–Fri) after a job's notice went up (0: off; NYC Local Law 144 asks for 10);
--  ai_agent_paused: a person stopped every agent move at once; scoring goes on.
ALTER TABLE "companies" ADD COLUMN "screening_contact" TEXT;
ALTER TABLE "companies" ADD COLUMN "screening_hold_back_days" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "companies" ADD CONSTRAINT "companies_screening_hold_back_days_check" CHECK ("screening_hold_back_days" BETWEEN 0 AND 60);
ALTER TABLE "companies" ADD COLUMN "ai_agent_paused" BOOLEAN NOT NULL DEFAULT false;

-- When the job's notice first went up: set when the job is first public and open with screening on.
ALTER TABLE "jobs" ADD COLUMN "screening_notice_at" TIMESTAMPTZ(3);
-- Jobs open with screening on now show the notice from this release on.
UPDATE "jobs" SET "screening_notice_at" = CURRENT_TIMESTAMP
 WHERE "is_active" AND "is_public" AND ("closes_at" IS NULL OR "closes_at" > CURRENT_TIMESTAMP)
   AND "screening" ->> 'mode' IN ('score', 'auto');
