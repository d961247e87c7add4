import { type Prisma } from "@hireflow/db";
import { type ServiceContext, actorKind, actorUserId } from "../../kernel/context.ts";
import { type CandidateDetailDto, type CreateCandidateInput, type UpdateCandidateInput } from "./contract/candidate.ts";
import { selfIdAnswers } from "./contract/self-identification.ts";
import { AppError, isUniqueViolation } from "../../kernel/errors.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { candidateUrl, notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { requestScreening, screeningOn } from "./fit-outcome.ts";
import { cursorSortKey, inOrder, searchCandidateIds } from "./search.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, page } from "../../kernel/pagination.ts";
import { normalizePhone } from "../../kernel/phone.ts";
import { readCandidateRow } from "./read.ts";
import { listCandidateRows } from "./list.ts";
import { moveCandidateStage } from "./move/typed-move.ts";
import { DEFAULT_PIPELINE, firstOfType, type PipelineStage, readJobStages, requireStage } from "../pipeline/stages.ts";
import { rejectReasonForMove, stageChange } from "./move/stage-change.ts";
import { checkAgentOverride, recordAgentOverride } from "./move/agent-override.ts";
import {
  applicationEmailApplies,
  cancelScheduledRejections,
  checkRejectionRequest,
  leavesRejection,
  queueApplicationReceived,
  type RejectionEmailRequest,
  scheduleRejectionEmail,
} from "../mail/candidate-emails.ts";
import { type ActivityInsert, type CandidateInsert, findCandidateWithEmail, insertCandidate, type JobForCreate, readJobForCreate } from "./insert.ts";
import { type CandidateRow, candidateRead, candidateSummarySelect, serializeCandidate, serializeCandidateDetail } from "./serialize.ts";

export const DUPLICATE_INDEX = "candidates_job_email_key";

/** A resume already written to blob storage, to attach to the candidate in its transaction. */
export interface StoredResume {
  key: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface CreateCandidateOptions {
  source: "public_api" | "self_apply" | "manual" | "import";
  leadType?: "applied" | "sourced" | "referred";
  resume?: StoredResume;
  answers?: Record<string, unknown>;
  /** When the applicant agreed to the company's privacy policy (careers form). */
  privacyConsentAt?: Date;
}

/** The job a candidate is created under, with its company's phone region: one query. */
async function jobForCreate(svc: ServiceContext, jobId: number): Promise<JobForCreate | null> {
  const typed = await readJobForCreate(svc, jobId);
  if (typed !== undefined) return typed;
  const job = await svc.db.job.findUnique({
    where: { id: jobId },
    select: {
      id: true,
      title: true,
      screening: true,
      company: { select: { defaultPhoneRegion: true, applicationEmailEnabled: true, applicationEmailForApi: true } },
      stages: { select: { key: true, name: true, type: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
    },
  });
  return (
    job && {
      id: job.id,
      title: job.title,
      screening: job.screening,
      region: job.company.defaultPhoneRegion,
      applicationEmailEnabled: job.company.applicationEmailEnabled,
      applicationEmailForApi: job.company.applicationEmailForApi,
      stages: job.stages,
    }
  );
}

async function companyRegion(svc: ServiceContext): Promise<string> {
  const company = await svc.db.company.findUnique({ where: { id: svc.companyId }, select: { defaultPhoneRegion: true } });
  return company?.defaultPhoneRegion ?? "US";
}

async function duplicateError(svc: ServiceContext, jobId: number | null, email: string): Promise<AppError> {
  const typed = jobId === null ? undefined : await findCandidateWithEmail(svc, jobId, email);
  const existing = typed !== undefined ? typed : await svc.db.candidate.findFirst({
    where: { jobId, email: { equals: email, mode: "insensitive" } },
    select: { id: true },
  });
  const which = existing ? `candidate ${existing.id}` : "another candidate";
  return new AppError("conflict", `A candidate with this email already exists for this job (${which})`, {
    details: [{ field: "email", message: `Already used by ${which} of this job` }],
  });
}

/**
 * Creates a candidate under one of the company's jobs. The duplicate rule (one e-mail per job,
 * case-insensitive) is decided by the database's unique index, so concurrent creates cannot race.
 */
export async function createCandidate(
  svc: ServiceContext,
  input: CreateCandidateInput,
  options: CreateCandidateOptions,
): Promise<CandidateDetailDto> {
  if (!input.name && !options.resume) throw AppError.validation([{ field: "name", message: "Required" }]);
  const found = await jobForCreate(svc, input.job_id);
  if (!found) throw AppError.notFound("Job", input.job_id);
  const job = { id: found.id, title: found.title };
  const notes = input.notes?.trim() || null;
  const actor = actorKind(svc.actor);
  const performerId = actorUserId(svc.actor);
  // A key of the job or a type; by default the job's first prospect-type stage (first applied-type for
  // careers applications).
  const target = input.stage !== undefined ? requireStage(found.stages, input.stage) : firstOfType(found.stages, options.source === "self_apply" ? "applied" : "prospect");
  const stage = target.key;
  const now = new Date();
  // An applicant who asked for a person, not the automated tool, is never scored (fit status opted_out).
  const optedOut = input.ai_opt_out === true;
  const screened = screeningOn(found.screening) && !optedOut;
  const applied = options.source === "self_apply" && (options.leadType ?? "applied") === "applied";
  const values: CandidateInsert = {
    jobId: job.id,
    name: input.name ?? null,
    email: input.email ?? null,
    phone: input.phone ? normalizePhone(input.phone, found.region) : null,
    linkedin: input.linkedin ?? null,
    location: input.location || null,
    stage,
    applicationSource: options.source,
    leadType: options.leadType ?? (options.source === "self_apply" ? "applied" : "sourced"),
    answers: options.answers ?? null,
    privacyConsentAt: options.privacyConsentAt ?? null,
    hiredAt: target.type === "hired" ? now : null,
    rejectedAt: target.type === "rejected" ? now : null,
  };
  const activity: ActivityInsert = { addedBy: actor, performerId, created: { source: options.source, stage }, note: notes };

  const welcome = !!input.email && (options.leadType ?? "applied") === "applied" && applicationEmailApplies(found, options.source);
  let created: CandidateRow;
  try {
    // A create that writes nothing but the candidate and its activities is one typed statement
    // (candidate-insert.ts); a resume, a scoring or an event to record takes the transaction.
    const selfId = selfIdAnswers(input.self_id);
    const plain = !options.resume && !screened && !applied && !welcome && !selfId && !optedOut;
    const inserted = plain ? await insertCandidate(svc, job, target, values, activity) : undefined;
    created = inserted ?? (await svc.db.$transaction(async (tx) => {
      // No `include`: Prisma would answer it with two more queries (re-read the row, then its
      // job); the INSERT's RETURNING has every column and the job was read above.
      const row = await tx.candidate.create({
        data: tenantRow<Prisma.CandidateUncheckedCreateInput>({
          ...values,
          answers: (values.answers ?? undefined) as Prisma.InputJsonValue | undefined,
          ...(screened && { fitStatus: "pending" as const }),
          ...(optedOut && { aiOptOut: true, fitStatus: "opted_out" as const }),
          ...(options.resume
            ? {
                resumeBlobKey: options.resume.key,
                resumeFilename: options.resume.filename,
                resumeContentType: options.resume.contentType,
                resumeSize: options.resume.size,
                resumeStatus: "pending" as const,
              }
            : {}),
        }),
        omit: { resumeText: true },
      });
      const candidate: CandidateRow = { ...row, job, jobStage: { name: target.name, type: target.type }, rejectReason: null };
      await tx.candidateActivity.createMany({
        data: [
          tenantRow<Prisma.CandidateActivityCreateManyInput>({ candidateId: candidate.id, type: "created", addedBy: actor, performerId, data: activity.created as Prisma.InputJsonValue }),
          ...(notes ? [tenantRow<Prisma.CandidateActivityCreateManyInput>({ candidateId: candidate.id, type: "note_added", addedBy: actor, performerId, note: notes })] : []),
        ],
      });
      // Its own table: nothing that reads or publishes the candidate row can carry it.
      if (selfId) await tx.candidateSelfIdentification.create({ data: tenantRow<Prisma.CandidateSelfIdentificationUncheckedCreateInput>({ candidateId: candidate.id, ...selfId }) });
      if (options.resume) {
        await recordEvent(tx, "candidate/resume.uploaded", { candidate_id: candidate.id, company_id: svc.companyId });
      }
      // Scored at once without a resume; with one, once it is parsed (resumes.ts asks for it then).
      if (screened && !options.resume) await requestScreening(tx, candidate.id, "initial", { markPending: false });
      if (applied) await recordApplied(tx, svc.companyId, candidate, target);
      if (welcome) await queueApplicationReceived(tx, svc, candidate, options.source);
      return candidate;
    }));
  } catch (error) {
    if (input.email && isUniqueViolation(error, DUPLICATE_INDEX)) throw await duplicateError(svc, job.id, input.email);
    throw error;
  }
  if (options.resume || options.source === "self_apply" || screened || welcome) notifyEventsCommitted();
  return serializeCandidateDetail(created);
}

async function recordApplied(tx: ScopedTx, companyId: number, c: CandidateRow, stage: PipelineStage): Promise<void> {
  // resume_url (signed, 24 h), resume_data, fit_score and applied_at are read at delivery time, when
  // they are current; the payload keeps what the event fixes. The spec's fields, and the stage.
  await recordEvent(tx, "candidate.applied", {
    candidate: { id: c.id, name: c.name, email: c.email, phone: c.phone, url: candidateUrl(c.id), stage: stage.key, stage_type: stage.type },
    job: { id: c.job?.id ?? null, title: c.job?.title ?? null },
    company: { id: companyId },
  });
}

export async function getCandidate(svc: ServiceContext, id: number): Promise<CandidateDetailDto> {
  const candidate = await readCandidateRow(svc, id);
  if (!candidate) throw AppError.notFound("Candidate", id);
  return serializeCandidateDetail(candidate);
}

/**
 * Moves a candidate to another stage (from the API, the UI, or the AI agent). `value` is a key of
 * the job's pipeline or a stage type (→ the job's first stage of that type); anything else is a 400
 * naming the job's keys. A real change records a `stage_changed` activity and a
 * `candidate.stage_changed` event in the same transaction, and sets or clears hired_at / rejected_at
 * and the reject reason; moving to the current stage records nothing. The caller holds the row lock
 * (lockCandidate) and passes the row it read after taking it. Returns the row after the move (so
 * callers need not read it again), or null when the candidate was already in that stage.
 */
export async function changeStage(
  tx: ScopedTx,
  svc: ServiceContext,
  current: CandidateRow,
  value: string,
  options: {
    reason?: string;
    rejectReasonId?: number | null;
    stages?: readonly PipelineStage[];
    rejectionEmail?: RejectionEmailRequest;
    /** Why a person moves the candidate against the AI agent's move (agent-override.ts): required then, else ignored. */
    overrideReason?: string;
  } = {},
): Promise<CandidateRow | null> {
  const stages = options.stages ?? (current.jobId === null ? DEFAULT_PIPELINE : await readJobStages(tx, current.jobId));
  const target = requireStage(stages, value);
  const rejectReason = await rejectReasonForMove(tx, target, options.rejectReasonId);
  checkRejectionRequest(target, current, options.rejectionEmail);
  if (current.stage === target.key) return null;
  const override = await checkAgentOverride(tx, svc, current, target, options.overrideReason);
  const change = stageChange(svc, current, target, { reason: options.reason, rejectReason, overrideReason: override });
  const moved = await tx.candidate.update({
    where: { id: current.id },
    data: { stage: target.key, hiredAt: change.outcome.hiredAt, rejectedAt: change.outcome.rejectedAt, rejectReasonId: change.outcome.rejectReasonId },
    omit: { resumeText: true },
  });
  await tx.candidateActivity.create({
    data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
      candidateId: current.id,
      type: "stage_changed",
      addedBy: change.changedBy,
      performerId: change.userId,
      data: change.activityData as Prisma.InputJsonValue,
    }),
  });
  await recordEvent(tx, "candidate.stage_changed", change.eventPayload);
  if (override) await recordAgentOverride(tx, svc, current, target, override);
  if (leavesRejection(current, target)) await cancelScheduledRejections(tx, svc, current.id);
  if (options.rejectionEmail) await scheduleRejectionEmail(tx, svc, { ...moved, job: current.job }, rejectReason?.name ?? null, options.rejectionEmail);
  return { ...moved, job: current.job, jobStage: { name: target.name, type: target.type }, rejectReason: target.type === "rejected" ? rejectReason : null };
}

export async function updateCandidate(svc: ServiceContext, input: UpdateCandidateInput): Promise<CandidateDetailDto> {
  const {
    id,
    stage,
    reject_reason_id: rejectReasonId,
    send_rejection_email: sendRejection,
    rejection_email_delay_minutes: delayMinutes,
    override_reason: overrideReason,
    ...fields
  } = input;
  if (rejectReasonId != null && stage === undefined) {
    throw AppError.validation([{ field: "reject_reason_id", message: "Only with a move: give stage (a stage of type \"rejected\") too" }]);
  }
  if (overrideReason !== undefined && stage === undefined) {
    throw AppError.validation([{ field: "override_reason", message: "Only with a move: give stage too" }]);
  }
  const rejectionEmail = rejectionEmailRequest(stage, sendRejection, delayMinutes);
  const region = fields.phone ? await companyRegion(svc) : "US";
  const data: Prisma.CandidateUncheckedUpdateInput = {};
  if (fields.name !== undefined) data.name = fields.name;
  if (fields.email !== undefined) data.email = fields.email;
  if (fields.phone !== undefined) data.phone = fields.phone ? normalizePhone(fields.phone, region) : null;
  if (fields.linkedin !== undefined) data.linkedin = fields.linkedin;
  if (fields.location !== undefined) data.location = fields.location || null;
  if (fields.rating !== undefined) data.rating = fields.rating;
  if (fields.ats_candidate_id !== undefined) data.atsCandidateId = fields.ats_candidate_id || null;

  let moved: CandidateRow | null = null;
  try {
    // A stage-only change (the pipeline's commonest write) is typed SQL (candidate-move.ts).
    if (stage !== undefined && Object.keys(data).length === 0 && !rejectionEmail) {
      const result = await moveCandidateStage(svc, id, stage, { rejectReasonId });
      if (result === null) throw AppError.notFound("Candidate", id);
      if (result !== undefined) {
        if (result.moved) notifyEventsCommitted();
        return serializeCandidateDetail(result.row);
      }
    }
    const updated = await svc.db.$transaction(async (tx) => {
      // Moves of one candidate are serialised so each event's previous_stage is the real one.
      if (stage !== undefined) await lockCandidate(tx, svc.companyId, id);
      const current = await tx.candidate.findUnique({ where: { id }, ...candidateRead });
      if (!current) throw AppError.notFound("Candidate", id);
      if (stage !== undefined) moved = await changeStage(tx, svc, current, stage, { rejectReasonId, rejectionEmail, overrideReason });
      // A stage-only change answers with the row the move's UPDATE returned (no re-read).
      if (Object.keys(data).length === 0) return moved ?? current;
      return tx.candidate.update({ where: { id }, data, ...candidateRead });
    });
    if (moved) notifyEventsCommitted();
    return serializeCandidateDetail(updated);
  } catch (error) {
    if (fields.email && isUniqueViolation(error, DUPLICATE_INDEX)) {
      const row = await svc.db.candidate.findUnique({ where: { id }, select: { jobId: true } });
      throw await duplicateError(svc, row?.jobId ?? null, fields.email);
    }
    throw error;
  }
}

/** A move's send_rejection_email / rejection_email_delay_minutes, checked for what they need (the stage type is checked with the move). */
export function rejectionEmailRequest(stage: string | undefined, send: boolean | undefined, delayMinutes: number | undefined): RejectionEmailRequest | undefined {
  if (delayMinutes !== undefined && send !== true) {
    throw AppError.validation([{ field: "rejection_email_delay_minutes", message: "Only with send_rejection_email: true" }]);
  }
  if (send !== true) return undefined;
  if (stage === undefined) throw AppError.validation([{ field: "send_rejection_email", message: "Only with a move: give stage (a stage of type \"rejected\") too" }]);
  return { delayMinutes };
}

/** Row lock for the rest of the transaction (raw SQL bypasses the scoping extension, so it filters itself). */
export async function lockCandidate(tx: ScopedTx, companyId: number, id: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM candidates WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
}

export async function listCandidates(
  svc: ServiceContext,
  input: {
    q?: string;
    job_id?: number;
    stage?: string[];
    stage_type?: StageType[];
    email?: string;
    created_after?: string;
    updated_after?: string;
    min_fit_score?: number;
    sort?: "created" | "fit_score";
    limit?: number;
    cursor?: string;
  },
) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  if (input.q?.trim()) return searchCandidates(svc, input, limit);
  const byFit = input.sort === "fit_score";
  const after = decodeCursorKey(input.cursor);
  if (after && cursorSortKey(after) !== (byFit ? "fit" : "at")) throw new AppError("bad_request", "The cursor belongs to a list with another sort or search; start again without cursor");
  const rows = await listCandidateRows(svc, {
    filters: {
      jobId: input.job_id,
      stages: input.stage,
      stageTypes: input.stage_type,
      email: input.email,
      createdAfter: input.created_after === undefined ? undefined : new Date(input.created_after),
      updatedAfter: input.updated_after === undefined ? undefined : new Date(input.updated_after),
      minFitScore: input.min_fit_score,
    },
    order: byFit ? "fit" : "newest",
    after,
    take: limit + 1,
  });
  return page(rows, limit, serializeCandidate, byFit ? (row) => ({ fit: row.fitScore }) : (row) => ({ at: row.createdAt.toISOString() }));
}

/** GET /candidates?q=…: ranked ids from candidate-search.ts, rows through the scoped client. */
async function searchCandidates(svc: ServiceContext, input: Parameters<typeof listCandidates>[1], limit: number) {
  const { ids, pagination } = await searchCandidateIds(svc, {
    q: input.q,
    filters: {
      jobId: input.job_id,
      stages: input.stage,
      stageTypes: input.stage_type,
      email: input.email,
      createdAfter: input.created_after,
      updatedAfter: input.updated_after,
      minFitScore: input.min_fit_score,
    },
    sort: input.sort === "fit_score" ? "fit" : input.sort === "created" ? "newest" : "relevance",
    limit,
    cursor: input.cursor,
  });
  const rows = ids.length ? await svc.db.candidate.findMany({ where: { id: { in: ids } }, select: candidateSummarySelect }) : [];
  return { data: inOrder(ids, rows).map(serializeCandidate), pagination };
}
