-- The outbox becomes insert-only: an event row is never updated after it is written. Which events
-- are still to be published is a row each in pending_events, inserted with the event (the trigger
-- below, in the same transaction) and deleted by the statement that publishes it.
--
-- Publishing used to set events.published_at, and the partial index that found unpublished rows
-- (events_unpublished_idx, WHERE published_at IS NULL) made that a non-HOT update: a new copy of the
-- whole row, payload included, written to the heap, the WAL and each of the table's indexes, and a
-- dead row for vacuum, for every event (docs/BENCHMARKS.md, "webhooks"). A pending row is three
-- columns; deleting it writes only its own tuple's header.
--
-- No foreign key to events: its check would lock the event row just written (another write to it).
-- A pending row whose event was deleted before it was published (an erasure, a company deleted) is
-- deleted by the publisher without a delivery.
CREATE TABLE "pending_events" (
    "event_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pending_events_pkey" PRIMARY KEY ("event_id")
);

-- The publisher takes the oldest first.
CREATE INDEX "pending_events_occurred_at_idx" ON "pending_events"("occurred_at");

CREATE FUNCTION queue_pending_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_events (event_id, type, occurred_at) VALUES (NEW.id, NEW.type, NEW.occurred_at);
  RETURN NULL;
END
$$;

-- Every way an event is written (recordEvent, the one-statement stage move, a re-score's batch)
-- queues it, so none can be forgotten.
CREATE TRIGGER events_queue_pending AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION queue_pending_event();

INSERT INTO "pending_events" ("event_id", "type", "occurred_at")
SELECT "id", "type", "occurred_at" FROM "events" WHERE "published_at" IS NULL;

DROP INDEX "events_unpublished_idx";
ALTER TABLE "events" DROP COLUMN "published_at";
