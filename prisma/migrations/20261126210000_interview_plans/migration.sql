-- Interview plans (#26 §1): each stage of a job's pipeline may have interviews (kits) — a name, a
-- duration, instructions for the panel, the attributes to rate, optional questions. A table rather than
-- JSON on the stage, so that scheduled interviews (and later scorecards) reference a kit by id.
CREATE TABLE "job_interviews" (
    "id" SERIAL NOT NULL,
    "company_id" INTEGER NOT NULL,
    "job_id" INTEGER NOT NULL,
    "stage_key" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "instructions" TEXT NOT NULL DEFAULT '',
    "attributes" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "questions" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "job_interviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "job_interviews_duration_check" CHECK ("duration_minutes" BETWEEN 5 AND 480),
    CONSTRAINT "job_interviews_attributes_check" CHECK (cardinality("attributes") <= 15)
);
CREATE INDEX "job_interviews_job_id_stage_key_position_idx" ON "job_interviews"("job_id", "stage_key", "position");
CREATE INDEX "job_interviews_company_id_idx" ON "job_interviews"("company_id");
ALTER TABLE "job_interviews" ADD CONSTRAINT "job_interviews_company_id_fkey"
  FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
-- A kit lives with its stage: dropping the stage (a pipeline edit) or the job drops its kits.
ALTER TABLE "job_interviews" ADD CONSTRAINT "job_interviews_job_stage_fkey"
  FOREIGN KEY ("job_id", "stage_key") REFERENCES "job_stages"("job_id", "key") ON DELETE CASCADE ON UPDATE CASCADE;

-- The kit a scheduled interview was planned from; it stays scheduled when the kit goes.
ALTER TABLE "interviews" ADD COLUMN "job_interview_id" INTEGER;
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_job_interview_id_fkey"
  FOREIGN KEY ("job_interview_id") REFERENCES "job_interviews"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "interviews_job_interview_id_idx" ON "interviews"("job_interview_id");

-- New jobs copy the company's template with its stages' interviews (`interviews` of each stage in
-- companies.pipeline_template, written by services/job-pipeline.ts updatePipelineTemplate).
CREATE OR REPLACE FUNCTION job_stages_from_template() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_stages (company_id, job_id, key, name, type, position)
  SELECT NEW.company_id, NEW.id, s.value->>'key', s.value->>'name', (s.value->>'type')::stage_type, s.ordinality::int
  FROM companies c
  CROSS JOIN LATERAL jsonb_array_elements(COALESCE(c.pipeline_template, hireflow_default_pipeline())) WITH ORDINALITY AS s(value, ordinality)
  WHERE c.id = NEW.company_id;
  INSERT INTO job_interviews (company_id, job_id, stage_key, position, name, duration_minutes, instructions, attributes, questions)
  SELECT NEW.company_id, NEW.id, s.value->>'key', k.ordinality::int, k.value->>'name', (k.value->>'duration_minutes')::int,
    COALESCE(k.value->>'instructions', ''),
    ARRAY(SELECT a.value FROM jsonb_array_elements_text(COALESCE(k.value->'attributes', '[]'::jsonb)) WITH ORDINALITY AS a(value, n) ORDER BY a.n),
    ARRAY(SELECT q.value FROM jsonb_array_elements_text(COALESCE(k.value->'questions', '[]'::jsonb)) WITH ORDINALITY AS q(value, n) ORDER BY q.n)
  FROM companies c
  CROSS JOIN LATERAL jsonb_array_elements(c.pipeline_template) AS s(value)
  CROSS JOIN LATERAL jsonb_array_elements(COALESCE(s.value->'interviews', '[]'::jsonb)) WITH ORDINALITY AS k(value, ordinality)
  WHERE c.id = NEW.company_id AND c.pipeline_template IS NOT NULL;
  RETURN NULL;
END
$$;
