import { type Prisma } from "@hireflow/db";
import { type ServiceContext, actorKind, actorUserId } from "../context.ts";
import { type CandidateDetailDto, type CreateCandidateInput, type UpdateCandidateInput } from "../contracts/candidate.ts";
import { AppError, isUniqueViolation } from "../errors.ts";
import { type ScopedTx, tenantRow } from "../tenancy.ts";
import { candidateUrl, notifyEventsCommitted, recordEvent } from "./events.ts";
import { requestScreening, screeningOn } from "./screening.ts";
import { cursorSortKey, inOrder, searchCandidateIds } from "./candidate-search.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, page } from "./pagination.ts";
import { normalizePhone } from "./phone.ts";
import { readCandidateRow } from "./candidate-read.ts";
import { listCandidateRows } from "./candidate-list.ts";
import { moveCandidateStage, type StageChange } from "./candidate-move.ts";
import { type ActivityInsert, type CandidateInsert, findCandidateWithEmail, insertCandidate, type JobForCreate, readJobForCreate } from "./candidate-insert.ts";
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
    select: { id: true, title: true, screening: true, company: { select: { defaultPhoneRegion: true } } },
  });
  return job && { id: job.id, title: job.title, screening: job.screening, region: job.company.defaultPhoneRegion };
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
  const stage = input.stage ?? (options.source === "self_apply" ? "applied" : "prospect");
  const screened = screeningOn(found.screening);
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
  };
  const activity: ActivityInsert = { addedBy: actor, performerId, created: { source: options.source, stage }, note: notes };

  let created: CandidateRow;
  try {
    // A create that writes nothing but the candidate and its activities is one typed statement
    // (candidate-insert.ts); a resume, a scoring or an event to record takes the transaction.
    const plain = !options.resume && !screened && !applied;
    const inserted = plain ? await insertCandidate(svc, job, values, activity) : undefined;
    created = inserted ?? (await svc.db.$transaction(async (tx) => {
      // No `include`: Prisma would answer it with two more queries (re-read the row, then its
      // job); the INSERT's RETURNING has every column and the job was read above.
      const row = await tx.candidate.create({
        data: tenantRow<Prisma.CandidateUncheckedCreateInput>({
          ...values,
          answers: (values.answers ?? undefined) as Prisma.InputJsonValue | undefined,
          ...(screened && { fitStatus: "pending" as const }),
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
      const candidate: CandidateRow = { ...row, job };
      await tx.candidateActivity.createMany({
        data: [
          tenantRow<Prisma.CandidateActivityCreateManyInput>({ candidateId: candidate.id, type: "created", addedBy: actor, performerId, data: activity.created as Prisma.InputJsonValue }),
          ...(notes ? [tenantRow<Prisma.CandidateActivityCreateManyInput>({ candidateId: candidate.id, type: "note_added", addedBy: actor, performerId, note: notes })] : []),
        ],
      });
      if (options.resume) {
        await recordEvent(tx, "candidate/resume.uploaded", { candidate_id: candidate.id, company_id: svc.companyId });
      }
      // Scored at once without a resume; with one, once it is parsed (resumes.ts asks for it then).
      if (screened && !options.resume) await requestScreening(tx, candidate.id, "initial", { markPending: false });
      if (applied) await recordApplied(tx, svc.companyId, candidate);
      return candidate;
    }));
  } catch (error) {
    if (input.email && isUniqueViolation(error, DUPLICATE_INDEX)) throw await duplicateError(svc, job.id, input.email);
    throw error;
  }
  if (options.resume || options.source === "self_apply" || screened) notifyEventsCommitted();
  return serializeCandidateDetail(created);
}

async function recordApplied(tx: ScopedTx, companyId: number, c: CandidateRow): Promise<void> {
  // resume_url (signed, 24 h), resume_data, fit_score and applied_at are read at delivery time, when
  // they are current; the payload keeps what the event fixes. Fields exactly as the spec's table.
  await recordEvent(tx, "candidate.applied", {
    candidate: { id: c.id, name: c.name, email: c.email, phone: c.phone, url: candidateUrl(c.id) },
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
 * Moves a candidate to another stage (from the API, the UI, or the AI agent). A real change
 * records a `stage_changed` activity and a `candidate.stage_changed` event in the same
 * transaction; moving to the current stage records nothing. The caller holds the row lock
 * (lockCandidate) and passes the row it read after taking it. Returns the row after the move
 * (so callers need not read it again), or null when the candidate was already in that stage.
 */
export async function changeStage(
  tx: ScopedTx,
  svc: ServiceContext,
  current: CandidateRow,
  newStage: string,
  options: { reason?: string } = {},
): Promise<CandidateRow | null> {
  if (current.stage === newStage) return null;
  const change = stageChange(svc, current, newStage, options.reason);
  const moved = await tx.candidate.update({ where: { id: current.id }, data: { stage: newStage }, omit: { resumeText: true } });
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
  return { ...moved, job: current.job };
}

/** What a move records: the activity's data and the event's payload (both paths of a move share it). */
export function stageChange(svc: ServiceContext, current: CandidateRow, newStage: string, reason?: string): StageChange {
  const changedBy = actorKind(svc.actor);
  const userId = actorUserId(svc.actor);
  return {
    changedBy,
    userId,
    activityData: { previous_stage: current.stage, new_stage: newStage, ...(reason && { reason }) },
    eventPayload: {
      candidate: { id: current.id, public_id: current.publicId, name: current.name, email: current.email, url: candidateUrl(current.id) },
      job: { id: current.job?.id ?? null, title: current.job?.title ?? null },
      company: { id: svc.companyId },
      stage_change: { previous_stage: current.stage, new_stage: newStage, changed_by: changedBy, changed_by_user_id: userId },
    },
  };
}

export async function updateCandidate(svc: ServiceContext, input: UpdateCandidateInput): Promise<CandidateDetailDto> {
  const { id, stage, ...fields } = input;
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
    if (stage !== undefined && Object.keys(data).length === 0) {
      const result = await moveCandidateStage(svc, id, stage, (current) => stageChange(svc, current, stage));
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
      if (stage !== undefined) moved = await changeStage(tx, svc, current, stage);
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

/** Row lock for the rest of the transaction (raw SQL bypasses the scoping extension, so it filters itself). */
export async function lockCandidate(tx: ScopedTx, companyId: number, id: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM candidates WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
}

export async function listCandidates(
  svc: ServiceContext,
  input: {
    q?: string;
    job_id?: number;
    stage?: string;
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
  if (after && cursorSortKey(after) !== (byFit ? "fit" : null)) throw new AppError("bad_request", "The cursor belongs to a list with another sort or search; start again without cursor");
  const rows = await listCandidateRows(svc, {
    filters: {
      jobId: input.job_id,
      stage: input.stage,
      email: input.email,
      createdAfter: input.created_after === undefined ? undefined : new Date(input.created_after),
      updatedAfter: input.updated_after === undefined ? undefined : new Date(input.updated_after),
      minFitScore: input.min_fit_score,
    },
    order: byFit ? "fit" : "newest",
    after,
    take: limit + 1,
  });
  return page(rows, limit, serializeCandidate, byFit ? (row) => ({ fit: row.fitScore }) : undefined);
}

/** GET /candidates?q=…: ranked ids from candidate-search.ts, rows through the scoped client. */
async function searchCandidates(svc: ServiceContext, input: Parameters<typeof listCandidates>[1], limit: number) {
  const { ids, pagination } = await searchCandidateIds(svc, {
    q: input.q,
    filters: {
      jobId: input.job_id,
      stage: input.stage,
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
