import { appBaseUrl } from "@hireflow/config";
import { type Job } from "@hireflow/db";
import { type JobDto } from "./contract/job.ts";
import { type InterviewKitDto } from "../pipeline/contract/job-stages.ts";
import { type JobStage } from "../pipeline/stages.ts";
import { readScreening } from "../screening/settings.ts";

/** A job and its interview kits as the API writes them. */
export function applyUrl(jobId: number, companySlug: string): string {
  return `${appBaseUrl()}/careers/${encodeURIComponent(companySlug)}/jobs/${jobId}`;
}

export type KitRow = { id: number; name: string; durationMinutes: number; instructions: string; attributes: string[]; questions: string[] };

export function serializeKit(kit: KitRow): InterviewKitDto {
  return { id: kit.id, name: kit.name, duration_minutes: kit.durationMinutes, instructions: kit.instructions, attributes: kit.attributes, questions: kit.questions };
}

/** A job row, with its hiring team leads when read with them (the careers site reads none and shows none). */
export type JobRow = Job & { hiringTeamLeads?: readonly { userId: string }[] };

/** Stages read with their interview plans (the jobs API) show them; the careers page passes none. */
export function serializeJob(j: JobRow, companySlug: string, stages: readonly (JobStage & { interviews?: KitRow[] })[]): JobDto {
  return {
    id: j.id,
    title: j.title,
    description: j.description,
    department_id: j.departmentId,
    is_active: j.isActive,
    is_public: j.isPublic,
    locations: j.locations,
    location_type: j.locationType,
    location_details: j.locationDetails as JobDto["location_details"],
    remote_countries: j.remoteCountries,
    employment_type: j.employmentType,
    closes_at: j.closesAt?.toISOString() ?? null,
    salary: { min: j.salaryMin, max: j.salaryMax, currency: j.salaryCurrency },
    apply_url: applyUrl(j.id, companySlug),
    screening_questions: j.screeningQuestions as JobDto["screening_questions"],
    screening: readScreening(j.screening),
    screening_notice_at: j.screeningNoticeAt?.toISOString() ?? null,
    // A stage without a plan has no `interviews` (jobs without plans read as before plans existed).
    stages: stages.map(({ key, name, type, interviews }) => (interviews?.length ? { key, name, type, interviews: interviews.map(serializeKit) } : { key, name, type })),
    hiring_team_lead_ids: (j.hiringTeamLeads ?? []).map((lead) => lead.userId),
    created_at: j.createdAt.toISOString(),
    updated_at: j.updatedAt.toISOString(),
  };
}
