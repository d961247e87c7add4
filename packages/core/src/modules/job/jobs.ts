import { type Prisma } from "@hireflow/db";
import { tenantRow } from "../../kernel/tenancy.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { type CreateJobInput, type JobDto, type UpdateJobInput } from "./contract/job.ts";
import { type ScreeningQuestion } from "../screening/contract/questions.ts";
import { DEFAULT_SCREENING, type ScreeningSettings } from "../screening/contract/screening.ts";
import { AppError, isUniqueViolation } from "../../kernel/errors.ts";
import { jobWithSlugAndStages, readJobRow } from "./read.ts";
import { waitForJobStageCaches } from "../pipeline/stage-cache.ts";
import { type JobStage, readJobStages, readPipelineTemplate, resolveStage, setNewJobStages } from "../pipeline/stages.ts";
import { replaceJobStages } from "./edit-stages.ts";
import { DEFAULT_PAGE_SIZE, decodeCursor, page } from "../../kernel/pagination.ts";
import { applyScreening, readScreening } from "../screening/settings.ts";
import { noticeIsUp } from "../screening/notice.ts";
import { writeInterviewPlans } from "../pipeline/interview-plans.ts";
import { checkHiringTeamLeads, writeHiringTeamLeads } from "./hiring-team.ts";
import { serializeJob } from "./serialize.ts";

const withCompanySlug = jobWithSlugAndStages;

export async function getJob(svc: ServiceContext, id: number): Promise<JobDto> {
  const job = await readJobRow(svc, id);
  if (!job) throw AppError.notFound("Job", id);
  return serializeJob(job, job.company.slug, job.stages);
}

export async function listJobs(
  svc: ServiceContext,
  input: { is_active?: boolean; is_public?: boolean; limit?: number; cursor?: string },
) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const before = decodeCursor(input.cursor);
  const rows = await svc.db.job.findMany({
    where: {
      ...(input.is_active === undefined ? {} : { isActive: input.is_active }),
      ...(input.is_public === undefined ? {} : { isPublic: input.is_public }),
      ...(before === undefined ? {} : { id: { lt: before } }),
    },
    include: withCompanySlug,
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  return page(rows, limit, (job) => serializeJob(job, job.company.slug, job.stages));
}

async function departmentId(svc: ServiceContext, name: string): Promise<number> {
  const where = { companyId_name: { companyId: svc.companyId, name } };
  try {
    const department = await svc.db.department.upsert({
      where,
      create: tenantRow<Prisma.DepartmentUncheckedCreateInput>({ name }),
      update: {},
      select: { id: true },
    });
    return department.id;
  } catch (error) {
    // Two creates of the same new department race on the unique index; the loser reads the winner's row.
    if (!isUniqueViolation(error)) throw error;
    return (await svc.db.department.findUniqueOrThrow({ where, select: { id: true } })).id;
  }
}

/** The department a create or update names: an existing one by id (of this company), or one by name. */
async function chosenDepartment(svc: ServiceContext, input: { department?: string; department_id?: number }): Promise<number | undefined> {
  if (input.department_id !== undefined) {
    const found = await svc.db.department.findUnique({ where: { id: input.department_id }, select: { id: true } });
    // Like job_id of a candidate: another company's department is not found, never a hint that it exists.
    if (!found) throw AppError.notFound("Department", input.department_id);
    return found.id;
  }
  return input.department === undefined ? undefined : departmentId(svc, input.department);
}

type JobFields = Omit<CreateJobInput, "title" | "department" | "department_id" | "screening" | "stages" | "hiring_team_lead_ids"> & { title?: string };

/** The AI agent's advance target must name a stage of the pipeline the job will have. */
function checkAdvanceStage(settings: ScreeningSettings | undefined, stages: readonly JobStage[]): void {
  const to = settings?.advance?.to_stage;
  if (to !== undefined && !resolveStage(stages, to)) {
    const keys = stages.map((stage) => stage.key).join(", ");
    throw AppError.validation([{ field: "screening.advance.to_stage", message: `Not a stage of the job's pipeline: use one of its keys (${keys}) or a stage type` }]);
  }
}

interface BoardFields {
  locations: readonly string[];
  locationType: string;
  locationDetails: readonly unknown[];
  remoteCountries: readonly string[];
}

/** The rules between fields, on the values the job will have (a PATCH may change any one of them). */
function checkBoardFields(job: BoardFields): void {
  if (job.locationDetails.length > 0 && job.locationDetails.length !== job.locations.length) {
    throw AppError.validation([{ field: "location_details", message: `Must have one entry per entry of locations (${job.locations.length}), or none` }]);
  }
  if (job.remoteCountries.length > 0 && job.locationType !== "remote") {
    throw AppError.validation([{ field: "remote_countries", message: "Only for a remote job (location_type remote); send [] otherwise" }]);
  }
}

function jobData(input: JobFields) {
  return {
    ...(input.title !== undefined && { title: input.title }),
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    ...(input.is_public !== undefined && { isPublic: input.is_public }),
    ...(input.locations !== undefined && { locations: input.locations }),
    ...(input.location_type !== undefined && { locationType: input.location_type }),
    ...(input.location_details !== undefined && { locationDetails: input.location_details.map(({ city, region, country, postal_code }) => ({ city: city ?? null, region: region ?? null, country, postal_code: postal_code ?? null })) }),
    ...(input.remote_countries !== undefined && { remoteCountries: [...new Set(input.remote_countries)] }),
    ...(input.employment_type !== undefined && { employmentType: input.employment_type }),
    ...(input.closes_at !== undefined && { closesAt: input.closes_at === null ? null : new Date(input.closes_at) }),
    ...(input.salary?.min !== undefined && { salaryMin: input.salary.min }),
    ...(input.salary?.max !== undefined && { salaryMax: input.salary.max }),
    ...(input.salary?.currency !== undefined && { salaryCurrency: input.salary.currency }),
    ...(input.screening_questions !== undefined && { screeningQuestions: input.screening_questions }),
  };
}

export async function createJob(svc: ServiceContext, input: CreateJobInput): Promise<JobDto> {
  const { department, department_id, screening, stages, hiring_team_lead_ids: leadIds, ...fields } = input;
  checkBoardFields({ locations: input.locations ?? [], locationType: input.location_type ?? "onsite", locationDetails: input.location_details ?? [], remoteCountries: input.remote_countries ?? [] });
  const screeningSettings = applyScreening(DEFAULT_SCREENING, screening, input.screening_questions ?? []);
  checkAdvanceStage(screeningSettings, stages ?? (await readPipelineTemplate(svc.db, svc.companyId)).stages);
  // Another company's department is a 404 first; the leads' 400s before a department is created by name.
  const byId = department_id === undefined ? undefined : await chosenDepartment(svc, { department_id });
  await checkHiringTeamLeads(svc, leadIds);
  const chosen = byId ?? (await chosenDepartment(svc, { department })) ?? (await departmentId(svc, "General"));
  const job = await svc.db.$transaction(async (tx) => {
    // The jobs_default_stages trigger gives the job the company's template; a request's own list replaces it.
    const created = await tx.job.create({
      data: tenantRow<Prisma.JobUncheckedCreateInput>({ ...jobData(fields), title: input.title, departmentId: chosen, screening: screeningSettings }),
      select: { id: true, title: true, isActive: true, isPublic: true, closesAt: true, screening: true },
    });
    if (leadIds?.length) await writeHiringTeamLeads(tx, svc, created, leadIds);
    // The AI screening notice goes up with the job when it is created public and open with screening on.
    if (noticeIsUp(created)) await tx.job.update({ where: { id: created.id }, data: { screeningNoticeAt: new Date() }, select: { id: true } });
    if (stages) {
      await setNewJobStages(tx, svc.companyId, created.id, stages);
      await writeInterviewPlans(tx, created.id, stages);
    }
    return tx.job.findUniqueOrThrow({ where: { id: created.id }, include: withCompanySlug });
  });
  return serializeJob(job, job.company.slug, job.stages);
}

export async function updateJob(svc: ServiceContext, input: UpdateJobInput): Promise<JobDto> {
  const { id, department, department_id, screening, stages, stage_moves: stageMoves, hiring_team_lead_ids: leadIds, ...rest } = input;
  if (stageMoves !== undefined && stages === undefined) {
    throw AppError.validation([{ field: "stage_moves", message: "Only with stages (the new list the candidates move into)" }]);
  }
  const existing = await svc.db.job.findUnique({
    where: { id },
    select: { id: true, title: true, salaryMin: true, salaryMax: true, screening: true, screeningQuestions: true, locations: true, locationType: true, locationDetails: true, remoteCountries: true },
  });
  if (!existing) throw AppError.notFound("Job", id);
  checkBoardFields({
    locations: rest.locations ?? existing.locations,
    locationType: rest.location_type ?? existing.locationType,
    locationDetails: rest.location_details ?? (existing.locationDetails as unknown[]),
    remoteCountries: rest.remote_countries ?? existing.remoteCountries,
  });
  const min = rest.salary?.min !== undefined ? rest.salary.min : existing.salaryMin;
  const max = rest.salary?.max !== undefined ? rest.salary.max : existing.salaryMax;
  if (min != null && max != null && min > max) throw AppError.validation([{ field: "salary.max", message: "Must not be below salary.min" }]);
  // Checked against the questions the job will have after this update (both may change at once).
  const questions = (rest.screening_questions ?? existing.screeningQuestions) as ScreeningQuestion[];
  const screeningChanged = screening !== undefined || rest.screening_questions !== undefined;
  const screeningSettings = screeningChanged ? applyScreening(readScreening(existing.screening), screening, questions) : undefined;
  const byId = department_id === undefined ? undefined : await chosenDepartment(svc, { department_id });
  await checkHiringTeamLeads(svc, leadIds);
  const chosen = byId ?? (await chosenDepartment(svc, { department }));
  const job = await svc.db.$transaction(async (tx) => {
    // The pipeline first: it locks the job row, and the advance target is checked against the result.
    if (stages !== undefined) {
      await replaceJobStages(tx, svc, { jobId: id, stages, stageMoves });
      await writeInterviewPlans(tx, id, stages);
    }
    if (leadIds !== undefined) await writeHiringTeamLeads(tx, svc, { id, title: rest.title ?? existing.title }, leadIds);
    if (screeningSettings || stages !== undefined) {
      checkAdvanceStage(screeningSettings ?? readScreening(existing.screening), stages ?? (await readJobStages(tx, id)));
    }
    const updated = await tx.job.update({
      where: { id },
      data: { ...jobData(rest), ...(chosen !== undefined && { departmentId: chosen }), ...(screeningSettings && { screening: screeningSettings }) },
      include: withCompanySlug,
    });
    // The notice goes up the first time the job is public and open with screening on; kept after.
    if (updated.screeningNoticeAt === null && noticeIsUp(updated)) {
      updated.screeningNoticeAt = (await tx.job.update({ where: { id }, data: { screeningNoticeAt: new Date() }, select: { screeningNoticeAt: true } })).screeningNoticeAt;
    }
    // Screening switched off: scorings still waiting will be skipped, so they are no longer pending.
    if (screeningSettings?.mode === "off") await tx.candidate.updateMany({ where: { jobId: id, fitStatus: "pending" }, data: { fitStatus: null } });
    return updated;
  }, { timeout: 30_000 });
  // Renamed or re-typed stages read so on the very next request, whichever server answers it.
  if (stages !== undefined) await waitForJobStageCaches(svc.db);
  return serializeJob(job, job.company.slug, job.stages);
}
