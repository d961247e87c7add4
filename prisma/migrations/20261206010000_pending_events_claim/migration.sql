-- The publisher's statement (webhooks/store.ts, publishWebhookEvents) claims the oldest pending rows
-- through this function, so that the claim always walks pending_events_occurred_at_idx.
--
-- The queue is small most of the time: a few rows live, whatever autovacuum last counted. Planned for
-- that size, the claim became a sequential scan with a sort of every row, and the publisher's
-- statements are prepared once per connection, so that plan stayed when the queue grew: a backlog of
-- 6,000 events (bench, "the delivery path alone") sorted all of them for each batch of 100 (3 ms a
-- batch instead of 0.15; 900 deliveries/s against 2,900, 1.1 ms of PostgreSQL CPU a delivery against
-- 0.14), and between two vacuums each claim read every page of the rows already published.
-- The index returns the oldest rows first and skips the published ones' entries once they are dead to
-- everyone, so its cost does not grow with the backlog or the dead rows.
--
-- A volatile function's query takes a snapshot of its own: it may claim a row committed after the
-- calling statement's snapshot, which that statement's DELETE then does not see. Such a row stays
-- queued, unlocked at commit, and the next batch publishes it.
CREATE FUNCTION claim_pending_events(older_than_seconds float8, max_rows int)
RETURNS SETOF pending_events
LANGUAGE sql
SET enable_seqscan = off
SET enable_bitmapscan = off
SET enable_sort = off
AS $$
  SELECT * FROM pending_events
  WHERE occurred_at <= now() - make_interval(secs => older_than_seconds)
  ORDER BY occurred_at
  LIMIT max_rows
  FOR UPDATE SKIP LOCKED
$$;
