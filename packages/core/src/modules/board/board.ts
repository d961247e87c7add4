import { type ServiceContext } from "../../kernel/context.ts";
import { type CandidateProfileDto, type MoveCandidatesResult, type PipelineBoardDto, type PipelineJobDto, type ScreeningQuestion, type TimelineEntryDto } from "./contract/board.ts";
import { type JobDto } from "../job/contract/job.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { changeStage, lockCandidate } from "../candidate/move/change-stage.ts";
import { jobWithSlugAndStages } from "../job/read.ts";
import { listRejectReasons } from "../pipeline/reject-reasons.ts";
import { DEFAULT_PIPELINE, type JobStage, readJobStages } from "../pipeline/stages.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { type RejectionEmailRequest } from "../mail/candidate-emails.ts";
import { fitCoverageOf, NO_COVERAGE } from "../candidate/fit-coverage.ts";
import { agentPlaced, agentPlacedIds } from "../candidate/move/agent-override.ts";
import { candidateInclude, candidateRead, serializeCandidateDetail } from "../candidate/serialize.ts";
import { serializeJob } from "../job/serialize.ts";

/** The board shows at most this many candidates of a job (newest first). */
export const BOARD_LIMIT = 500;

const jobInclude = { ...jobWithSlugAndStages, department: { select: { name: true as const } } };

/** Every job of the company with its department and how many candidates sit in each stage. */
export async function listPipelineJobs(svc: ServiceContext): Promise<PipelineJobDto[]> {
  const [jobs, counts] = await Promise.all([
    svc.db.job.findMany({ include: jobInclude, orderBy: [{ isActive: "desc" }, { id: "desc" }], take: 500 }),
    svc.db.candidate.groupBy({ by: ["jobId", "stage"], _count: { _all: true } }),
  ]);
  const byJob = new Map<number, Record<string, number>>();
  for (const row of counts) {
    if (row.jobId === null) continue;
    const stages = byJob.get(row.jobId) ?? {};
    stages[row.stage] = row._count._all;
    byJob.set(row.jobId, stages);
  }
  return jobs.map((job) => {
    const stageCounts = byJob.get(job.id) ?? {};
    const dto = serializeJob(job, job.company.slug, job.stages);
    return {
      id: job.id,
      title: job.title,
      department: job.department.name,
      is_active: job.isActive,
      is_public: job.isPublic,
      location_type: job.locationType,
      locations: job.locations,
      apply_url: dto.apply_url,
      candidate_count: Object.values(stageCounts).reduce((a, b) => a + b, 0),
      stage_counts: stageCounts,
      stages: dto.stages,
      created_at: dto.created_at,
    };
  });
}

export async function getJobWithDepartment(svc: ServiceContext, jobId: number): Promise<JobDto & { department: string; retired_stage_keys: string[] }> {
  const job = await svc.db.job.findUnique({ where: { id: jobId }, include: jobInclude });
  if (!job) throw AppError.notFound("Job", jobId);
  return { ...serializeJob(job, job.company.slug, job.stages), department: job.department.name, retired_stage_keys: job.retiredStageKeys };
}

/** One job's candidates for the board, newest first. */
export async function getPipeline(svc: ServiceContext, jobId: number): Promise<PipelineBoardDto> {
  const job = await getJobWithDepartment(svc, jobId);
  const rows = await svc.db.candidate.findMany({
    where: { jobId },
    select: {
      id: true,
      name: true,
      email: true,
      location: true,
      stage: true,
      applicationSource: true,
      resumeStatus: true,
      fitScore: true,
      fitStatus: true,
      rejectReason: { select: { name: true } },
      createdAt: true,
      updatedAt: true,
    },
    // Newest by the applied date the cards show (imports may backdate it), ties by id.
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: BOARD_LIMIT + 1,
  });
  const shown = rows.slice(0, BOARD_LIMIT);
  const [coverage, placed, rejectReasons] = await Promise.all([
    fitCoverageOf(svc, shown.filter((c) => c.fitStatus !== null).map((c) => c.id)),
    // Read from the timeline, not the fit status (a later re-score may have cleared it).
    agentPlacedIds(svc, shown.map((c) => c.id)),
    listRejectReasons(svc),
  ]);
  return {
    job,
    truncated: rows.length > BOARD_LIMIT,
    reject_reasons: rejectReasons,
    candidates: shown.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      location: c.location,
      stage: c.stage,
      application_source: c.applicationSource,
      resume_status: c.resumeStatus,
      fit_score: c.fitScore,
      fit_status: c.fitStatus,
      fit_judged: (coverage.get(c.id) ?? NO_COVERAGE).judged,
      fit_total: (coverage.get(c.id) ?? NO_COVERAGE).total,
      agent_placed: placed.has(c.id),
      reject_reason: c.rejectReason?.name ?? null,
      created_at: c.createdAt.toISOString(),
      updated_at: c.updatedAt.toISOString(),
    })),
  };
}

/**
 * Moves one or many candidates to a stage in one transaction, through the same changeStage the
 * API uses: every candidate whose stage really changes gets its stage_changed activity and one
 * `candidate.stage_changed` event with the acting user. `stage` is a key or a type, resolved in each
 * candidate's own job (a selection may span jobs). Locks are taken in id order, so two bulk moves over
 * overlapping selections cannot deadlock. An unknown id (or a stage one of the jobs lacks) fails the
 * whole move, and so does a candidate the AI agent placed when no `overrideReason` is given (the one
 * reason is recorded for each such candidate of the selection).
 */
export async function moveCandidates(
  svc: ServiceContext,
  candidateIds: number[],
  stage: string,
  options: { rejectReasonId?: number | null; reason?: string; rejectionEmail?: RejectionEmailRequest; overrideReason?: string } = {},
): Promise<MoveCandidatesResult> {
  const ids = [...new Set(candidateIds)].sort((a, b) => a - b);
  const result = await svc.db.$transaction(
    async (tx) => {
      const moved: number[] = [];
      const unchanged: number[] = [];
      const pipelines = new Map<number, JobStage[]>();
      for (const id of ids) {
        await lockCandidate(tx, svc.companyId, id);
        const current = await tx.candidate.findUnique({ where: { id }, ...candidateRead });
        if (!current) throw AppError.notFound("Candidate", id);
        let stages: readonly JobStage[] = DEFAULT_PIPELINE;
        if (current.jobId !== null) {
          stages = pipelines.get(current.jobId) ?? (await readJobStages(tx, current.jobId));
          pipelines.set(current.jobId, [...stages]);
        }
        // A bulk rejection e-mails those of the selection who have an address.
        const rejectionEmail = current.email ? options.rejectionEmail : undefined;
        if (await changeStage(tx, svc, current, stage, { ...options, rejectionEmail, stages })) moved.push(id);
        else unchanged.push(id);
      }
      return { moved, unchanged, rejection_emails: options.rejectionEmail ? await scheduledRejections(tx, moved) : [] };
    },
    { timeout: 30_000 },
  );
  if (result.moved.length) notifyEventsCommitted();
  return result;
}

/** The rejection e-mail each moved candidate got in this move: their newest, one a move cancels before writing its own. */
async function scheduledRejections(tx: ScopedTx, candidateIds: number[]): Promise<MoveCandidatesResult["rejection_emails"]> {
  if (!candidateIds.length) return [];
  const rows = await tx.emailMessage.findMany({
    where: { candidateId: { in: candidateIds }, kind: "rejection", status: { in: ["scheduled", "queued"] } },
    orderBy: { id: "desc" },
    distinct: ["candidateId"],
    select: { id: true, candidateId: true, status: true, sendAfter: true },
  });
  return rows.map((row) => ({ candidate_id: row.candidateId!, email_message_id: row.id, send_after: row.status === "scheduled" ? (row.sendAfter?.toISOString() ?? null) : null }));
}

export function answerList(answers: unknown, questions: { id: string; label: string }[]): CandidateProfileDto["answers"] {
  if (!answers || typeof answers !== "object" || Array.isArray(answers)) return [];
  const given = answers as Record<string, unknown>;
  const known = questions.filter((q) => q.id in given).map((q) => ({ id: q.id, label: q.label, answer: given[q.id] }));
  const unknown = Object.keys(given)
    .filter((key) => !questions.some((q) => q.id === key))
    .map((key) => ({ id: key, label: key, answer: given[key] }));
  return [...known, ...unknown];
}

/** The candidate page: contact fields, resume, screening answers and the activity timeline. */
export async function getCandidateProfile(svc: ServiceContext, id: number): Promise<CandidateProfileDto> {
  const candidate = await svc.db.candidate.findUnique({
    where: { id },
    include: {
      job: { select: { id: true, title: true, screeningQuestions: true } },
      jobStage: candidateInclude.jobStage,
      rejectReason: candidateInclude.rejectReason,
    },
  });
  if (!candidate) throw AppError.notFound("Candidate", id);
  const activities = await svc.db.candidateActivity.findMany({
    where: { candidateId: id },
    include: { performer: { select: { id: true, name: true, email: true } } },
    orderBy: { id: "asc" },
    take: 1000,
  });
  const questions = (candidate.job?.screeningQuestions ?? []) as ScreeningQuestion[];
  const placed = await agentPlaced(svc.db, candidate);
  const timeline: TimelineEntryDto[] = activities.map((a) => ({
    id: a.id,
    type: a.type,
    note: a.note,
    data: (a.data as Record<string, unknown> | null) ?? null,
    added_by: a.addedBy,
    performer: a.performer,
    created_at: a.createdAt.toISOString(),
  }));
  return {
    candidate: serializeCandidateDetail(candidate),
    resume_error: candidate.resumeError,
    resume_filename: candidate.resumeFilename,
    answers: answerList(candidate.answers, questions),
    job: candidate.job ? { id: candidate.job.id, title: candidate.job.title, screening_questions: questions } : null,
    agent_placed: placed,
    timeline,
  };
}
