-- Long-lived servers cache verified API keys (packages/core/src/auth/api-key-cache.ts); every change
-- that matters to authentication tells them at commit, so a revocation stays immediate everywhere.
-- last_used_at (written once a minute per key) is not such a change and notifies nobody.
CREATE FUNCTION notify_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hireflow_api_keys', '*');
  ELSE
    PERFORM pg_notify('hireflow_api_keys', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_notify_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (
    OLD.secret_hash IS DISTINCT FROM NEW.secret_hash
    OR OLD.company_id IS DISTINCT FROM NEW.company_id
    OR OLD.rate_limit IS DISTINCT FROM NEW.rate_limit
    OR OLD.scopes IS DISTINCT FROM NEW.scopes
    OR OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
  )
  EXECUTE FUNCTION notify_api_key_change();

CREATE TRIGGER api_keys_notify_delete AFTER DELETE ON api_keys FOR EACH ROW
  EXECUTE FUNCTION notify_api_key_change();

CREATE TRIGGER api_keys_notify_truncate AFTER TRUNCATE ON api_keys FOR EACH STATEMENT
  EXECUTE FUNCTION notify_api_key_change();
