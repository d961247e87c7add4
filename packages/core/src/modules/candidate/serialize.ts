import { type Candidate, type CandidateActivity, type Job } from "@hireflow/db";
import { fileUrl } from "@hireflow/storage";
import { type CandidateDetailDto, type CandidateDto } from "./contract/candidate.ts";
import { type NoteDto } from "./contract/note.ts";
import { type CriterionResult } from "../screening/contract/screening.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { fallbackStage } from "../pipeline/stages.ts";

/**
 * A candidate as the API reads it: every column but resume_text (the full extracted text, up to
 * 200,000 characters, read only by the scorer and the export), with its job's id and title, its
 * stage's name and type (the job's pipeline) and its reject reason: all in the row's one query.
 */
export type CandidateRow = Omit<Candidate, "resumeText"> & {
  job: Pick<Job, "id" | "title"> | null;
  jobStage: StageOfRow | null;
  rejectReason: RejectReasonOfRow | null;
};

export interface StageOfRow {
  name: string;
  type: StageType;
}

export interface RejectReasonOfRow {
  id: number;
  name: string;
}

export const candidateInclude = {
  job: { select: { id: true, title: true } },
  jobStage: { select: { name: true, type: true } },
  rejectReason: { select: { id: true, name: true } },
} as const;

/** `include` + `omit` for a CandidateRow. */
export const candidateRead = { include: candidateInclude, omit: { resumeText: true } } as const;

/** The columns serializeCandidate reads (lists): a page of 25 then carries no resume data at all. */
export const candidateSummarySelect = {
  id: true,
  publicId: true,
  name: true,
  email: true,
  phone: true,
  linkedin: true,
  location: true,
  stage: true,
  rating: true,
  fitScore: true,
  applicationSource: true,
  atsCandidateId: true,
  rejectedAt: true,
  hiredAt: true,
  createdAt: true,
  updatedAt: true,
  job: candidateInclude.job,
  jobStage: candidateInclude.jobStage,
  rejectReason: candidateInclude.rejectReason,
} as const;

export type CandidateSummaryRow = Pick<
  CandidateRow,
  | "id" | "publicId" | "name" | "email" | "phone" | "linkedin" | "location" | "stage" | "rating" | "fitScore" | "applicationSource"
  | "atsCandidateId" | "rejectedAt" | "hiredAt" | "createdAt" | "updatedAt" | "job" | "jobStage" | "rejectReason"
>;

export function serializeCandidate(c: CandidateSummaryRow): CandidateDto {
  const stage = c.jobStage ?? fallbackStage(c.stage);
  return {
    id: c.id,
    public_id: c.publicId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    linkedin: c.linkedin,
    location: c.location,
    stage: c.stage,
    stage_type: stage.type,
    stage_name: stage.name,
    rating: c.rating,
    fit_score: c.fitScore,
    application_source: c.applicationSource,
    ats_candidate_id: c.atsCandidateId,
    job: c.job ? { id: c.job.id, title: c.job.title } : null,
    reject_reason: c.rejectReason ? { id: c.rejectReason.id, name: c.rejectReason.name } : null,
    rejected_at: c.rejectedAt?.toISOString() ?? null,
    hired_at: c.hiredAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function resumeUrlOf(c: Pick<Candidate, "resumeBlobKey" | "resumeFilename" | "resumeContentType">): string | null {
  if (!c.resumeBlobKey) return null;
  return fileUrl({ key: c.resumeBlobKey, filename: c.resumeFilename ?? "resume", contentType: c.resumeContentType ?? undefined });
}

export function serializeCandidateDetail(c: CandidateRow): CandidateDetailDto {
  const criteria = (c.fitCriteria as CriterionResult[] | null) ?? [];
  return {
    ...serializeCandidate(c),
    applied_at: c.createdAt.toISOString(),
    resume_url: resumeUrlOf(c),
    resume_data: (c.resumeData as Record<string, unknown> | null) ?? null,
    resume_status: c.resumeStatus,
    fit: {
      status: c.fitStatus,
      engine: c.fitEngine,
      scored_at: c.fitScoredAt?.toISOString() ?? null,
      criteria,
      judged: criteria.filter((criterion) => criterion.met !== null).length,
      total: criteria.length,
    },
    ai_opt_out: c.aiOptOut,
  };
}

const PREVIEW_LENGTH = 140;

/** The first 140 characters, cut back to a word boundary and marked with "…" when the note is longer. */
export function notePreview(note: string): string {
  if (note.length <= PREVIEW_LENGTH) return note;
  const cut = note.slice(0, PREVIEW_LENGTH);
  const boundary = cut.search(/\s\S*$/);
  return `${(boundary > 0 ? cut.slice(0, boundary) : cut).trimEnd()}…`;
}

export function serializeNote(a: CandidateActivity): NoteDto {
  const note = a.note ?? "";
  return {
    id: a.id,
    candidate_id: a.candidateId,
    type: "note_added",
    note,
    note_preview: notePreview(note),
    performer_id: a.performerId,
    added_by: a.addedBy,
    created_at: a.createdAt.toISOString(),
  };
}
