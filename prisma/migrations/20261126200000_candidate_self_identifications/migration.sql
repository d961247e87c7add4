-- Voluntary self-identification (issue 25 §1): apart from the candidate row, so that no candidate
-- read, event, search or scoring input can pick it up by accident. Read only as aggregates (the
-- impact-ratio report) and in the person's own data export; erased with the candidate (cascade).
CREATE TABLE "candidate_self_identifications" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "candidate_id" INTEGER NOT NULL,
    "sex" TEXT,
    "race_ethnicity" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "candidate_self_identifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "candidate_self_identifications_sex_check" CHECK ("sex" IN ('female', 'male', 'decline')),
    CONSTRAINT "candidate_self_identifications_race_ethnicity_check" CHECK ("race_ethnicity" IN (
        'hispanic_latino', 'white', 'black', 'native_hawaiian_pacific_islander', 'asian',
        'american_indian_alaska_native', 'two_or_more', 'decline'))
);

CREATE UNIQUE INDEX "candidate_self_identifications_candidate_id_key" ON "candidate_self_identifications"("candidate_id");
CREATE INDEX "candidate_self_identifications_company_id_candidate_id_idx" ON "candidate_self_identifications"("company_id", "candidate_id");

ALTER TABLE "candidate_self_identifications" ADD CONSTRAINT "candidate_self_identifications_company_id_fkey"
    FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "candidate_self_identifications" ADD CONSTRAINT "candidate_self_identifications_candidate_id_fkey"
    FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
