import { type Job, poolOf } from "@hireflow/db";
import { type ServiceContext } from "../context.ts";
import { baseClientOf } from "../tenancy.ts";

/**
 * GET /jobs/{id} as one typed SQL statement on Prisma's own pool, like candidate-read.ts (and for the
 * same measured reason); filtered by the context's company here. job-read.test.ts compares the row
 * with Prisma's on every column.
 */
const JOB_BY_ID = {
  name: "hireflow_job_by_id",
  text: `SELECT j.id, j.company_id AS "companyId", j.department_id AS "departmentId", j.title, j.description,
    j.is_active AS "isActive", j.is_public AS "isPublic", j.locations, j.location_type AS "locationType",
    j.salary_min AS "salaryMin", j.salary_max AS "salaryMax", j.salary_currency AS "salaryCurrency",
    j.screening_questions AS "screeningQuestions", j.screening, j.rescore_requested_at AS "rescoreRequestedAt",
    j.created_at AS "createdAt", j.updated_at AS "updatedAt", c.slug AS "companySlug"
  FROM jobs j JOIN companies c ON c.id = j.company_id
  WHERE j.company_id = $1 AND j.id = $2`,
};

export type JobWithCompanySlug = Job & { company: { slug: string } };

export async function readJobRow(svc: ServiceContext, id: number): Promise<JobWithCompanySlug | null> {
  const base = baseClientOf(svc.db);
  if (!base) return svc.db.job.findUnique({ where: { id }, include: { company: { select: { slug: true } } } });
  const { rows } = await poolOf(base).query<Job & { companySlug: string }>({ ...JOB_BY_ID, values: [svc.companyId, id] });
  const row = rows[0];
  if (!row) return null;
  const { companySlug, ...job } = row;
  return { ...job, company: { slug: companySlug } };
}
