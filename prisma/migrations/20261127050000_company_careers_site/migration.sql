-- The careers site's branding (#27): the company's own website (Google's hiringOrganization.sameAs, the
-- careers page's link home) and its logo (JobPosting hiringOrganization.logo, the careers page header).
ALTER TABLE "companies" ADD COLUMN "website_url" TEXT, ADD COLUMN "logo_url" TEXT;

ALTER TABLE "companies"
    ADD CONSTRAINT "companies_website_url_check" CHECK ("website_url" IS NULL OR ("website_url" ~ '^https?://' AND length("website_url") <= 2048)),
    -- https only: the careers pages are served over https in production and would block a mixed-content image.
    ADD CONSTRAINT "companies_logo_url_check" CHECK ("logo_url" IS NULL OR ("logo_url" ~ '^https://' AND length("logo_url") <= 2048));
