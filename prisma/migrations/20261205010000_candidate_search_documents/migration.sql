-- Candidate search documents apart from candidates (issue 44). A GIN index gets new entries for every
-- new version of its row, changed or not, and no write to a candidate is a HOT update (stage, updated_at
-- and the rest are indexed): each stage change re-indexed the candidate's every resume word, name,
-- e-mail and phone trigram. Measured with pgbench (a candidate with a 600-word resume, the move's
-- statement): 2.5–4.1 ms of PostgreSQL CPU per stage change with the four GIN indexes on candidates,
-- 0.37 ms without them. Here the searchable text has a row of its own, written by a trigger only when
-- the name, e-mail, phone or resume text changes; a stage change does not touch it.
--
-- candidates.search_name stays (generated, with its B-tree for the list sorted by name).

CREATE TABLE "candidate_search_documents" (
    "candidate_id" INTEGER NOT NULL,
    "company_id" INTEGER NOT NULL,
    -- public.search_normalize(name): trigram matching (substring, typos)
    "search_name" TEXT,
    -- lower(email)
    "email" TEXT,
    -- the phone's digits
    "phone_digits" TEXT,
    -- the words of the name and the resume text, without positions (matching only); kept out of the
    -- row (STORAGE EXTERNAL) as on candidates before
    "search_vector" TSVECTOR,

    CONSTRAINT "candidate_search_documents_pkey" PRIMARY KEY ("candidate_id"),
    CONSTRAINT "candidate_search_documents_candidate_id_fkey" FOREIGN KEY ("candidate_id") REFERENCES "candidates"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
ALTER TABLE "candidate_search_documents" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;

-- The one writer of candidate_search_documents. Everything named by schema: it runs under whatever
-- search_path the writing session has.
CREATE FUNCTION public.candidate_search_document_sync() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO public.candidate_search_documents (candidate_id, company_id, search_name, email, phone_digits, search_vector)
  VALUES (
    NEW.id,
    NEW.company_id,
    NEW.search_name,
    pg_catalog.lower(NEW.email),
    pg_catalog.regexp_replace(NEW.phone, '[^0-9]', '', 'g'),
    pg_catalog.strip(pg_catalog.to_tsvector('pg_catalog.simple'::regconfig,
      coalesce(public.search_normalize(NEW.name), '') || ' ' || coalesce(public.search_normalize(NEW.resume_text), '')))
  )
  ON CONFLICT (candidate_id) DO UPDATE SET
    company_id = EXCLUDED.company_id,
    search_name = EXCLUDED.search_name,
    email = EXCLUDED.email,
    phone_digits = EXCLUDED.phone_digits,
    search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;

CREATE TRIGGER "candidates_search_document_insert" AFTER INSERT ON "candidates"
  FOR EACH ROW EXECUTE FUNCTION public.candidate_search_document_sync();
-- Only an UPDATE that names one of these columns can fire it, and only a real change does.
CREATE TRIGGER "candidates_search_document_update" AFTER UPDATE OF "name", "email", "phone", "resume_text", "company_id" ON "candidates"
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR OLD.phone IS DISTINCT FROM NEW.phone
        OR OLD.resume_text IS DISTINCT FROM NEW.resume_text OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION public.candidate_search_document_sync();

INSERT INTO "candidate_search_documents" (candidate_id, company_id, search_name, email, phone_digits, search_vector)
SELECT id, company_id, search_name, lower(email), regexp_replace(phone, '[^0-9]', '', 'g'), search_vector FROM "candidates";

DROP INDEX "candidates_search_name_trgm_idx";
DROP INDEX "candidates_search_email_trgm_idx";
DROP INDEX "candidates_search_phone_trgm_idx";
DROP INDEX "candidates_search_vector_idx";
ALTER TABLE "candidates" DROP COLUMN "search_vector";

-- Matching, within one company (every index leads with company_id, btree_gin): trigram indexes for
-- LIKE '%fragment%' and word similarity (<%), the tsvector index for the full-text match.
CREATE INDEX "candidate_search_documents_name_trgm_idx" ON "candidate_search_documents" USING gin ("company_id", "search_name" gin_trgm_ops);
CREATE INDEX "candidate_search_documents_email_trgm_idx" ON "candidate_search_documents" USING gin ("company_id", "email" gin_trgm_ops);
CREATE INDEX "candidate_search_documents_phone_trgm_idx" ON "candidate_search_documents" USING gin ("company_id", "phone_digits" gin_trgm_ops);
CREATE INDEX "candidate_search_documents_vector_idx" ON "candidate_search_documents" USING gin ("company_id", "search_vector");
