-- The job stage cache (packages/core/src/services/job-stage-cache.ts) now keeps each job's stages in
-- order: PATCH resolves a move by type ("the first stage of that type") from it. A re-order must
-- reach it too.
DROP TRIGGER job_stages_notify_update ON job_stages;

CREATE TRIGGER job_stages_notify_update AFTER UPDATE ON job_stages FOR EACH ROW
  WHEN (
    OLD.key IS DISTINCT FROM NEW.key
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.position IS DISTINCT FROM NEW.position
    OR OLD.job_id IS DISTINCT FROM NEW.job_id
  )
  EXECUTE FUNCTION notify_job_stage_change();
