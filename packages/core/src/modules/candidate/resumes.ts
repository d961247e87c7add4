import { type Prisma, type PrismaClient } from "@hireflow/db";
import { type ServiceContext, actorKind } from "../../kernel/context.ts";
import { updateCandidateInput } from "./contract/candidate.ts";
import { type ResumeExtractionResult } from "./contract/resume.ts";
import { isUniqueViolation } from "../../kernel/errors.ts";
import { type ScopedTx, tenantRow } from "../../kernel/tenancy.ts";
import { DUPLICATE_INDEX } from "./create.ts";
import { lockCandidate } from "./move/change-stage.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { requestScreening, screeningOn } from "../screening/request.ts";

/**
 * The lifecycle of an uploaded resume: pending → processing → completed | failed. Each
 * transition is a conditional update, so duplicate or re-sent events (outbox re-publish, sweeper)
 * can start several runs but only one of them claims the resume and only one result is saved.
 */

export type ResumeClaim =
  | { claimed: true; blobKey: string; region: string }
  | { claimed: false; status: "missing" | "pending" | "processing" | "completed" | "failed" | null };

/** pending → processing; `claimed: false` when another run holds it or it is already finished. */
export async function claimResumeProcessing(svc: ServiceContext, candidateId: number): Promise<ResumeClaim> {
  const { count } = await svc.db.candidate.updateMany({
    where: { id: candidateId, resumeStatus: "pending", resumeBlobKey: { not: null } },
    data: { resumeStatus: "processing", resumeError: null },
  });
  const row = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { resumeStatus: true, resumeBlobKey: true } });
  if (!row) return { claimed: false, status: "missing" };
  if (count === 0 || !row.resumeBlobKey) return { claimed: false, status: row.resumeStatus };
  const company = await svc.db.company.findUnique({ where: { id: svc.companyId }, select: { defaultPhoneRegion: true } });
  return { claimed: true, blobKey: row.resumeBlobKey, region: company?.defaultPhoneRegion ?? "US" };
}

/** The contact fields parsing may backfill, validated with the same rules as a client's PATCH. */
const BACKFILL_FIELDS = ["name", "email", "phone", "location", "linkedin"] as const;
type BackfillField = (typeof BACKFILL_FIELDS)[number];

export interface ResumeSaveResult {
  /** False when the resume was no longer `processing` (another run saved or failed it). */
  saved: boolean;
  backfilled: BackfillField[];
  /** The extracted e-mail was not applied because another candidate of the job already uses it. */
  emailSkipped: boolean;
}

/**
 * processing → completed: stores the extraction as resume_data and fills the candidate's contact
 * fields that are still empty (a placeholder created without a name, or an applicant who typed only
 * name and e-mail) — never a value the person or client gave. The timeline's entry names the fields
 * filled, and an e-mail of the resume that differs from the candidate's (`other_email`). An e-mail
 * another candidate of the job already uses is left out (the duplicate rule holds), and the resume
 * still completes with the e-mail kept in resume_data.
 */
export async function applyResumeExtraction(
  svc: ServiceContext,
  candidateId: number,
  extraction: ResumeExtractionResult,
  /** The resume's full text: the screening engines read it; it is stored apart from resume_data and never returned. */
  text: string | null = null,
): Promise<ResumeSaveResult> {
  try {
    const result = await saveExtraction(svc, candidateId, extraction, text, true);
    if (result.saved) notifyEventsCommitted();
    return result;
  } catch (error) {
    // The pre-check lost a race with a concurrent create; the unique index is the real arbiter.
    if (isUniqueViolation(error, DUPLICATE_INDEX)) {
      const result = await saveExtraction(svc, candidateId, extraction, text, false);
      if (result.saved) notifyEventsCommitted();
      return result;
    }
    throw error;
  }
}

/** Whatever text a hostile file yields, what is kept for scoring is bounded. */
export const RESUME_TEXT_MAX_CHARS = 200_000;

function saveExtraction(svc: ServiceContext, candidateId: number, extraction: ResumeExtractionResult, text: string | null, allowEmail: boolean): Promise<ResumeSaveResult> {
  return svc.db.$transaction(async (tx) => {
    await lockCandidate(tx, svc.companyId, candidateId);
    const row = await tx.candidate.findUnique({
      where: { id: candidateId },
      select: { jobId: true, resumeStatus: true, name: true, email: true, phone: true, location: true, linkedin: true, job: { select: { screening: true } } },
    });
    if (!row || row.resumeStatus !== "processing") return { saved: false, backfilled: [], emailSkipped: false };

    const data: Prisma.CandidateUncheckedUpdateInput = {};
    const backfilled: BackfillField[] = [];
    let emailSkipped = false;
    let otherEmail: string | null = null;
    for (const field of BACKFILL_FIELDS) {
      const value = validValue(field, extraction[field]);
      if (value === null) continue;
      if (row[field]) {
        if (field === "email" && row.email!.toLowerCase() !== value.toLowerCase()) otherEmail = value;
        continue;
      }
      if (field === "email" && (!allowEmail || (await emailTaken(tx, row.jobId, value, candidateId)))) {
        emailSkipped = true;
        continue;
      }
      data[field] = value;
      backfilled.push(field);
    }

    await tx.candidate.update({
      where: { id: candidateId },
      data: {
        ...data,
        resumeStatus: "completed",
        resumeData: extraction as Prisma.InputJsonValue,
        resumeError: null,
        resumeText: text?.replace(/\u0000/g, "").slice(0, RESUME_TEXT_MAX_CHARS) ?? null,
      },
    });
    await tx.candidateActivity.create({
      data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
        candidateId,
        type: "resume_processed",
        addedBy: actorKind(svc.actor),
        data: {
          status: "completed",
          parser: (extraction.parser as string | undefined) ?? null,
          backfilled,
          ...(emailSkipped ? { email_not_applied: "duplicate" } : {}),
          ...(otherEmail ? { other_email: otherEmail } : {}),
        },
      }),
    });
    if (row.job && screeningOn(row.job.screening)) await requestScreening(tx, candidateId, "resume_parsed");
    return { saved: true, backfilled, emailSkipped };
  });
}

function validValue(field: BackfillField, value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const parsed = updateCandidateInput.shape[field].safeParse(value);
  return parsed.success && typeof parsed.data === "string" && parsed.data ? parsed.data : null;
}

async function emailTaken(tx: ScopedTx, jobId: number | null, email: string, candidateId: number): Promise<boolean> {
  if (jobId === null) return false;
  const other = await tx.candidate.findFirst({
    where: { jobId, id: { not: candidateId }, email: { equals: email, mode: "insensitive" } },
    select: { id: true },
  });
  return other !== null;
}

/** pending|processing → failed, with the reason kept in resume_error. False when already finished. */
export async function failResumeProcessing(svc: ServiceContext, candidateId: number, reason: string): Promise<boolean> {
  const failed = await svc.db.$transaction(async (tx) => {
    const { count } = await tx.candidate.updateMany({
      where: { id: candidateId, resumeStatus: { in: ["pending", "processing"] } },
      data: { resumeStatus: "failed", resumeError: reason.slice(0, 1000) },
    });
    if (count === 0) return false;
    await tx.candidateActivity.create({
      data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
        candidateId,
        type: "resume_processed",
        addedBy: actorKind(svc.actor),
        data: { status: "failed", error: reason.slice(0, 1000) },
      }),
    });
    // Screening scores what is known without the resume (answers, location).
    const job = await tx.candidate.findUnique({ where: { id: candidateId }, select: { job: { select: { screening: true } } } });
    if (job?.job && screeningOn(job.job.screening)) await requestScreening(tx, candidateId, "resume_parsed");
    return true;
  });
  if (failed) notifyEventsCommitted();
  return failed;
}

export interface RequeuedResume {
  candidateId: number;
  companyId: number;
  requeuedAt: Date;
}

/**
 * Recovery for resumes a crash left `pending` or `processing` (a lost run, a stopped runner):
 * rows untouched for `olderThanMs` go back to `pending` and are returned for re-dispatch. Runs
 * across companies (raw SQL, like the outbox), and SKIP LOCKED plus the updated_at bump keep two
 * sweeping processes from taking the same row.
 */
export async function requeueStuckResumes(prisma: PrismaClient, options: { olderThanMs: number; limit?: number }): Promise<RequeuedResume[]> {
  const rows = await prisma.$queryRaw<{ id: number; company_id: number; updated_at: Date }[]>`
    UPDATE candidates c SET resume_status = 'pending', updated_at = now()
    FROM (
      SELECT id FROM candidates
      WHERE resume_status IN ('pending', 'processing') AND resume_blob_key IS NOT NULL
        AND updated_at < now() - make_interval(secs => ${options.olderThanMs / 1000})
      ORDER BY updated_at LIMIT ${options.limit ?? 100}
      FOR UPDATE SKIP LOCKED
    ) stuck
    WHERE c.id = stuck.id
    RETURNING c.id, c.company_id, c.updated_at`;
  return rows.map((row) => ({ candidateId: row.id, companyId: row.company_id, requeuedAt: row.updated_at }));
}

/**
 * Whether a candidate of the job points at this blob. A transport that stored a resume before
 * calling a service which may decide not to create a candidate (a repeat application, a honeypot
 * hit) deletes the blob when nothing uses it. Filtered by job so the (company, job) index applies.
 */
export async function resumeBlobInUse(svc: ServiceContext, jobId: number, key: string): Promise<boolean> {
  return (await svc.db.candidate.count({ where: { jobId, resumeBlobKey: key } })) > 0;
}

/**
 * Of these blob keys, the ones no candidate points at (across companies: garbage collection runs as
 * the system). A blob is written before its candidate row commits, so a process that died in between
 * leaves a file nothing references.
 */
export async function unreferencedResumeBlobKeys(prisma: PrismaClient, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await prisma.candidate.findMany({ where: { resumeBlobKey: { in: keys } }, select: { resumeBlobKey: true } });
  const referenced = new Set(used.map((row) => row.resumeBlobKey));
  return keys.filter((key) => !referenced.has(key));
}
