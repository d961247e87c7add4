-- OAuth 2.1 authorization server (issue 24 §2, docs/OAUTH.md): clients, members' grants, one-use
-- authorization codes and access/refresh tokens. Codes and tokens are stored as SHA-256 hashes only;
-- a client secret likewise (it is only ever verified). Tokens are opaque, so there is no signing key.

CREATE TYPE "oauth_client_kind" AS ENUM ('preregistered', 'dynamic', 'metadata_document');
CREATE TYPE "oauth_token_kind" AS ENUM ('access', 'refresh');

CREATE TABLE "oauth_clients" (
    "id" TEXT NOT NULL,
    "kind" "oauth_client_kind" NOT NULL,
    "company_id" INTEGER,
    "name" TEXT NOT NULL,
    "client_uri" TEXT,
    "redirect_uris" TEXT[] NOT NULL,
    "secret_hash" TEXT,
    "fetched_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "oauth_clients_company_id_idx" ON "oauth_clients"("company_id");
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "oauth_grants" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "client_id" TEXT NOT NULL,
    "scopes" TEXT[] NOT NULL,
    "resource" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "oauth_grants_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "oauth_grants_company_id_user_id_idx" ON "oauth_grants"("company_id", "user_id");
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- A removed member's grants (and so their tokens) go with them.
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_user_id_fkey"
  FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "oauth_grants" ADD CONSTRAINT "oauth_grants_client_id_fkey"
  FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "oauth_authorization_codes" (
    "id" SERIAL NOT NULL,
    "grant_id" INTEGER NOT NULL,
    "code_hash" TEXT NOT NULL,
    "redirect_uri" TEXT NOT NULL,
    "code_challenge" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "oauth_authorization_codes_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "oauth_authorization_codes_code_hash_key" ON "oauth_authorization_codes"("code_hash");
ALTER TABLE "oauth_authorization_codes" ADD CONSTRAINT "oauth_authorization_codes_grant_id_fkey"
  FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "oauth_tokens" (
    "id" SERIAL NOT NULL,
    "grant_id" INTEGER NOT NULL,
    "kind" "oauth_token_kind" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "oauth_tokens_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "oauth_tokens_token_hash_key" ON "oauth_tokens"("token_hash");
CREATE INDEX "oauth_tokens_grant_id_idx" ON "oauth_tokens"("grant_id");
ALTER TABLE "oauth_tokens" ADD CONSTRAINT "oauth_tokens_grant_id_fkey"
  FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Servers cache verified access tokens like API keys (api-key-cache.ts) on the same channel: a grant's
-- revocation (or scope change, or deletion) tells every process at commit, with the payload "grant:<id>".
CREATE FUNCTION notify_oauth_grant_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('hireflow_api_keys', '*');
  ELSE
    PERFORM pg_notify('hireflow_api_keys', 'grant:' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER oauth_grants_notify_update AFTER UPDATE ON oauth_grants FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.scopes IS DISTINCT FROM NEW.scopes OR OLD.resource IS DISTINCT FROM NEW.resource)
  EXECUTE FUNCTION notify_oauth_grant_change();
CREATE TRIGGER oauth_grants_notify_delete AFTER DELETE ON oauth_grants FOR EACH ROW
  EXECUTE FUNCTION notify_oauth_grant_change();
CREATE TRIGGER oauth_grants_notify_truncate AFTER TRUNCATE ON oauth_grants FOR EACH STATEMENT
  EXECUTE FUNCTION notify_oauth_grant_change();

-- An access token acts with the member's role as it is now: a role change drops the member's cached tokens.
CREATE FUNCTION notify_user_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hireflow_api_keys', 'user:' || OLD.id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER users_role_notify_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION notify_user_role_change();
