-- Privacy settings (#14 §2): the retention rule and the privacy-policy consent of the careers form.
CREATE TYPE "retention_scope" AS ENUM ('rejected', 'not_hired');

ALTER TABLE "companies"
  ADD COLUMN "retention_months" INTEGER,
  ADD COLUMN "retention_scope" "retention_scope" NOT NULL DEFAULT 'rejected',
  ADD COLUMN "privacy_policy_url" TEXT,
  ADD CONSTRAINT "companies_retention_months_check" CHECK ("retention_months" IS NULL OR "retention_months" BETWEEN 1 AND 120);

ALTER TABLE "candidates" ADD COLUMN "privacy_consent_at" TIMESTAMPTZ(3);
