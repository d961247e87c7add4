import { type Prisma } from "@hireflow/db";
import { type ServiceContext, actorKind, actorUserId } from "../../kernel/context.ts";
import { type CandidateDetailDto, type CreateCandidateInput } from "./contract/candidate.ts";
import { selfIdAnswers } from "./contract/self-identification.ts";
import { AppError, isUniqueViolation } from "../../kernel/errors.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { candidateUrl, notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { requestScreening, screeningOn } from "../screening/request.ts";
import { normalizePhone } from "../../kernel/phone.ts";
import { firstOfType, type JobStage, requireStage } from "../pipeline/stages.ts";
import { applicationEmailApplies, queueApplicationReceived } from "../mail/candidate-emails.ts";
import { type ActivityInsert, type CandidateInsert, findCandidateWithEmail, insertCandidate, type JobForCreate, readJobForCreate } from "./insert.ts";
import { type CandidateRow, serializeCandidateDetail } from "./serialize.ts";
import { type StoredResume } from "../../kernel/context.ts";

export const DUPLICATE_INDEX = "candidates_job_email_key";

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

export async function companyRegion(svc: ServiceContext): Promise<string> {
  const company = await svc.db.company.findUnique({ where: { id: svc.companyId }, select: { defaultPhoneRegion: true } });
  return company?.defaultPhoneRegion ?? "US";
}

export async function duplicateError(svc: ServiceContext, jobId: number | null, email: string): Promise<AppError> {
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

async function recordApplied(tx: ScopedTx, companyId: number, c: CandidateRow, stage: JobStage): Promise<void> {
  // resume_url (signed, 24 h), resume_data, fit_score and applied_at are read at delivery time, when
  // they are current; the payload keeps what the event fixes. The spec's fields, and the stage.
  await recordEvent(tx, "candidate.applied", {
    candidate: { id: c.id, name: c.name, email: c.email, phone: c.phone, url: candidateUrl(c.id), stage: stage.key, stage_type: stage.type },
    job: { id: c.job?.id ?? null, title: c.job?.title ?? null },
    company: { id: companyId },
  });
}
