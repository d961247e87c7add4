-- Candidate e-mails (#27 §4): the application-received and rejection e-mails, their templates per
-- company, and scheduled sending. A rejection e-mail may wait (send_after): it is `scheduled` until
-- then, released to `queued` by the e-mail sweep when due, and `canceled` (never sent) if the candidate
-- leaves the rejected stage first. ADD VALUE may run in a transaction as long as nothing here uses
-- the new values.
ALTER TYPE "email_status" ADD VALUE 'scheduled';
ALTER TYPE "email_status" ADD VALUE 'canceled';
ALTER TYPE "activity_type" ADD VALUE 'email';

CREATE TYPE "email_kind" AS ENUM ('application_received', 'rejection');

ALTER TABLE "email_messages"
  ADD COLUMN "kind" "email_kind",
  ADD COLUMN "send_after" TIMESTAMPTZ(3);
-- Sent once per application: a retried request or a second run can only ever insert one.
CREATE UNIQUE INDEX "email_messages_application_received_key" ON "email_messages"("candidate_id")
  WHERE "kind" = 'application_received';

-- The templates (null: the built-in default) and switches per company (Settings → E-mail).
ALTER TABLE "companies"
  ADD COLUMN "application_email_enabled" BOOLEAN NOT NULL DEFAULT true,
  ADD COLUMN "application_email_for_api" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "application_email_subject" TEXT,
  ADD COLUMN "application_email_body" TEXT,
  ADD COLUMN "rejection_email_subject" TEXT,
  ADD COLUMN "rejection_email_body" TEXT,
  ADD COLUMN "rejection_email_delay_minutes" INTEGER NOT NULL DEFAULT 60;
