-- Issue 26 §4: a webhook endpoint opts in to the free-text notes of scorecard.submitted deliveries.
-- Off by default, so endpoints registered before this change keep receiving no notes.
ALTER TABLE "webhook_endpoints" ADD COLUMN "include_scorecard_notes" BOOLEAN NOT NULL DEFAULT false;
