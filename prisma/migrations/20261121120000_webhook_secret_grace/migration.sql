-- Secret rotation with a grace period: the secret a rotation replaced keeps signing deliveries (as a
-- second signature) until previous_secret_expires_at. Only one previous secret is kept; both columns
-- are set together or are both NULL.
ALTER TABLE "webhook_endpoints"
    ADD COLUMN "previous_secret" TEXT,
    ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(3),
    ADD CONSTRAINT "webhook_endpoints_previous_secret_check"
        CHECK (("previous_secret" IS NULL) = ("previous_secret_expires_at" IS NULL));
