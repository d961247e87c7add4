-- Long-lived servers cache each job's stages (packages/core/src/services/job-stage-cache.ts) to name a
-- candidate's stage without a join; every change of a stage's key, name or type tells them at commit.
-- A re-order (position) is not such a change: the cache holds no order.
CREATE FUNCTION notify_job_stage_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hireflow_job_stages', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('hireflow_job_stages', NEW.job_id::text);
  ELSE
    PERFORM pg_notify('hireflow_job_stages', OLD.job_id::text);
    IF TG_OP = 'UPDATE' AND NEW.job_id IS DISTINCT FROM OLD.job_id THEN
      PERFORM pg_notify('hireflow_job_stages', NEW.job_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER job_stages_notify_insert AFTER INSERT ON job_stages FOR EACH ROW
  EXECUTE FUNCTION notify_job_stage_change();

CREATE TRIGGER job_stages_notify_update AFTER UPDATE ON job_stages FOR EACH ROW
  WHEN (
    OLD.key IS DISTINCT FROM NEW.key
    OR OLD.name IS DISTINCT FROM NEW.name
    OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.job_id IS DISTINCT FROM NEW.job_id
  )
  EXECUTE FUNCTION notify_job_stage_change();

CREATE TRIGGER job_stages_notify_delete AFTER DELETE ON job_stages FOR EACH ROW
  EXECUTE FUNCTION notify_job_stage_change();

CREATE TRIGGER job_stages_notify_truncate AFTER TRUNCATE ON job_stages FOR EACH STATEMENT
  EXECUTE FUNCTION notify_job_stage_change();
