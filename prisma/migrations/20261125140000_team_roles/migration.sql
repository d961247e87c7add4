-- Team and roles (#14 §3): owner / admin / recruiter. Until now nothing enforced roles and every
-- `admin` had full control, so they become owners; `member` becomes recruiter. A value added with
-- ALTER TYPE … ADD VALUE cannot be used in the same transaction, so the enum is replaced instead.
CREATE TYPE "user_role_new" AS ENUM ('owner', 'admin', 'recruiter');

ALTER TABLE "users" ALTER COLUMN "role" DROP DEFAULT;
ALTER TABLE "users" ALTER COLUMN "role" TYPE "user_role_new"
  USING (CASE "role"::text WHEN 'admin' THEN 'owner' ELSE 'recruiter' END)::"user_role_new";
DROP TYPE "user_role";
ALTER TYPE "user_role_new" RENAME TO "user_role";
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'owner';

-- Invitations (Settings → Team): only the SHA-256 of the link's token is stored.
CREATE TABLE "invitations" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "email" TEXT,
    "role" "user_role" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_user_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");
CREATE INDEX "invitations_company_id_id_idx" ON "invitations"("company_id", "id");
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_fkey"
  FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The audit log (#14 §4). Actor ids carry no foreign key: an entry outlives the member or key it
-- names (and a SET NULL would be an UPDATE, which the trigger below refuses).
CREATE TYPE "audit_actor_type" AS ENUM ('user', 'api_key', 'system', 'anonymous');

CREATE TABLE "audit_log" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "action" TEXT NOT NULL,
    "actor_type" "audit_actor_type" NOT NULL,
    "actor_user_id" UUID,
    "actor_api_key_id" INTEGER,
    "actor_label" TEXT NOT NULL,
    "ip" TEXT,
    "target_type" TEXT,
    "target_id" TEXT,
    "target_label" TEXT,
    "data" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "audit_log_company_id_created_at_id_idx" ON "audit_log"("company_id", "created_at" DESC, "id" DESC);
CREATE INDEX "audit_log_company_id_action_created_at_idx" ON "audit_log"("company_id", "action", "created_at");
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Append-only: the application has no update or delete path, and the database refuses UPDATE.
-- DELETE stays possible so that a company's rows go with it (ON DELETE CASCADE).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: entries cannot be updated' USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
