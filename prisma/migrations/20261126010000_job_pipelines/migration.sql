-- Job pipelines (issue 23): each job has its own ordered stages {key, name, type}; the six public
-- stage values become the types. Every existing job gets the default pipeline (key = type), so every
-- candidate's stage string is unchanged and is now the key of a stage of its job.

CREATE TYPE "stage_type" AS ENUM ('prospect', 'applied', 'phonescreen', 'inprogress', 'hired', 'rejected');

CREATE TABLE "job_stages" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "job_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "type" "stage_type" NOT NULL,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_stages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "job_stages_key_format" CHECK ("key" ~ '^[a-z0-9_]{1,40}$'),
    CONSTRAINT "job_stages_name_length" CHECK (char_length("name") BETWEEN 1 AND 80)
);
CREATE UNIQUE INDEX "job_stages_job_id_key_key" ON "job_stages"("job_id", "key");
CREATE INDEX "job_stages_company_id_job_id_position_idx" ON "job_stages"("company_id", "job_id", "position");
ALTER TABLE "job_stages" ADD CONSTRAINT "job_stages_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "job_stages" ADD CONSTRAINT "job_stages_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Keys of stages a pipeline edit removed: never given to another stage of the job (their candidates'
-- timelines still name them).
ALTER TABLE "jobs" ADD COLUMN "retired_stage_keys" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
-- The company's template that new jobs copy (null: the default pipeline).
ALTER TABLE "companies" ADD COLUMN "pipeline_template" JSONB;

CREATE TABLE "reject_reasons" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reject_reasons_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reject_reasons_name_length" CHECK (char_length("name") BETWEEN 1 AND 100)
);
CREATE UNIQUE INDEX "reject_reasons_company_id_name_key" ON "reject_reasons"("company_id", "name");
ALTER TABLE "reject_reasons" ADD CONSTRAINT "reject_reasons_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "candidates" ADD COLUMN "reject_reason_id" INTEGER;
ALTER TABLE "candidates" ADD COLUMN "rejected_at" TIMESTAMPTZ(3);
ALTER TABLE "candidates" ADD COLUMN "hired_at" TIMESTAMPTZ(3);
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_reject_reason_id_fkey" FOREIGN KEY ("reject_reason_id") REFERENCES "reject_reasons"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "candidates_reject_reason_id_idx" ON "candidates"("reject_reason_id");

-- The default pipeline, as DEFAULT_PIPELINE in packages/core/src/services/job-pipeline.ts (a test
-- compares them). A job is never without stages: this trigger gives every new job its company's
-- template (or the default); createJob replaces them in the same transaction when the request names
-- its own.
CREATE FUNCTION hireflow_default_pipeline() RETURNS JSONB LANGUAGE sql IMMUTABLE AS $$
  SELECT '[{"key":"prospect","name":"Prospect","type":"prospect"},
           {"key":"applied","name":"Applied","type":"applied"},
           {"key":"phonescreen","name":"Phone screen","type":"phonescreen"},
           {"key":"inprogress","name":"In progress","type":"inprogress"},
           {"key":"hired","name":"Hired","type":"hired"},
           {"key":"rejected","name":"Rejected","type":"rejected"}]'::jsonb
$$;

CREATE FUNCTION job_stages_from_template() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_stages (company_id, job_id, key, name, type, position)
  SELECT NEW.company_id, NEW.id, s.value->>'key', s.value->>'name', (s.value->>'type')::stage_type, s.ordinality::int
  FROM companies c
  CROSS JOIN LATERAL jsonb_array_elements(COALESCE(c.pipeline_template, hireflow_default_pipeline())) WITH ORDINALITY AS s(value, ordinality)
  WHERE c.id = NEW.company_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_default_stages AFTER INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION job_stages_from_template();

-- Every existing job: the default pipeline.
INSERT INTO job_stages (company_id, job_id, key, name, type, position)
SELECT j.company_id, j.id, s.value->>'key', s.value->>'name', (s.value->>'type')::stage_type, s.ordinality::int
FROM jobs j CROSS JOIN LATERAL jsonb_array_elements(hireflow_default_pipeline()) WITH ORDINALITY AS s(value, ordinality);

-- A stage string outside the six (none was accepted, but rows written by hand may hold one) becomes an
-- "in progress" stage of its job at the end, so no candidate loses its stage.
INSERT INTO job_stages (company_id, job_id, key, name, type, position)
SELECT DISTINCT ON (c.job_id, c.stage) c.company_id, c.job_id,
  CASE WHEN c.stage ~ '^[a-z0-9_]{1,40}$' THEN c.stage ELSE 'legacy_' || substr(md5(c.stage), 1, 12) END,
  left(c.stage, 80), 'inprogress', 100
FROM candidates c
WHERE c.job_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM job_stages s WHERE s.job_id = c.job_id AND s.key = c.stage)
ON CONFLICT (job_id, key) DO NOTHING;
UPDATE candidates c SET stage = 'legacy_' || substr(md5(c.stage), 1, 12)
WHERE c.job_id IS NOT NULL AND c.stage !~ '^[a-z0-9_]{1,40}$';

-- Outcomes: when a candidate reached its current hired or rejected stage (its last move there, else its creation).
UPDATE candidates c SET hired_at = COALESCE(
  (SELECT max(a.created_at) FROM candidate_activities a WHERE a.candidate_id = c.id AND a.type = 'stage_changed' AND a.data->>'new_stage' = 'hired'),
  c.created_at)
WHERE c.stage = 'hired';
UPDATE candidates c SET rejected_at = COALESCE(
  (SELECT max(a.created_at) FROM candidate_activities a WHERE a.candidate_id = c.id AND a.type = 'stage_changed' AND a.data->>'new_stage' = 'rejected'),
  c.created_at)
WHERE c.stage = 'rejected';

-- A candidate's stage is a stage of its job: the database keeps it so, also against a pipeline edit that
-- races a move (the edit locks the stages it drops; the move's check waits and then fails).
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_job_stage_fkey" FOREIGN KEY ("job_id", "stage") REFERENCES "job_stages"("job_id", "key") ON DELETE NO ACTION ON UPDATE NO ACTION;
CREATE INDEX "candidates_job_id_stage_idx" ON "candidates"("job_id", "stage");

-- Every company's reject reasons, in this order (new companies get them from the trigger below).
INSERT INTO reject_reasons (company_id, name, position)
SELECT c.id, r.name, r.ordinality::int
FROM companies c CROSS JOIN unnest(ARRAY['Not a fit for the role', 'Withdrew', 'Position filled', 'Compensation', 'Location', 'No response', 'Other']) WITH ORDINALITY AS r(name, ordinality);

CREATE FUNCTION company_default_reject_reasons() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reject_reasons (company_id, name, position)
  SELECT NEW.id, r.name, r.ordinality::int
  FROM unnest(ARRAY['Not a fit for the role', 'Withdrew', 'Position filled', 'Compensation', 'Location', 'No response', 'Other']) WITH ORDINALITY AS r(name, ordinality);
  RETURN NULL;
END
$$;

CREATE TRIGGER companies_default_reject_reasons AFTER INSERT ON companies FOR EACH ROW EXECUTE FUNCTION company_default_reject_reasons();
