-- Events API (issue 13 §1): events are kept EVENTS_RETENTION_DAYS (default 30); the hourly
-- events-retention schedule deletes the oldest ones across all companies, a batch at a time.
CREATE INDEX "events_occurred_at_idx" ON "events"("occurred_at");
