import { type Prisma } from "@hireflow/db";
import { getStorage } from "@hireflow/storage";
import { applicationSourceLabel } from "../candidate/contract/application-source.ts";
import { type CandidateExportDto } from "./contract/candidate-export.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { logger } from "../../kernel/logger.ts";
import { recordAudit } from "../audit/audit.ts";
import { lockCandidate } from "../candidate/move/change-stage.ts";
import { notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { getScreeningExplanation } from "../candidate/screening-explanation.ts";
import { candidateInclude, serializeCandidateDetail } from "../candidate/serialize.ts";
import { deleteOfferFiles, eraseOffersOfCandidate, exportOffersOfCandidate } from "../offer/privacy.ts";

/**
 * Erasure of a candidate (GDPR Art. 17), for good and in one transaction: the row with every field
 * of the person (contact data, answers, resume data and text, fit details), its activities (notes,
 * stage history) and screening runs, every event that names the person (their queued webhook
 * deliveries go with them, so nothing with contact data is sent afterwards), and the replayable
 * idempotency answers that contain them. A `candidate.deleted` event (ids only) replaces them.
 * The resume blob is deleted right after commit; if storage fails, the hourly blob GC deletes it
 * (no candidate references it any more), and the signed URL stops serving it at once because the
 * file route refuses unreferenced blobs. Nothing is kept as a tombstone: pipeline counts drop it.
 */
export async function eraseCandidate(svc: ServiceContext, id: number): Promise<{ deletedAt: Date }> {
  const { blobKey, deletedAt, offerFiles } = await svc.db.$transaction(async (tx) => {
    await lockCandidate(tx, svc.companyId, id);
    const candidate = await tx.candidate.findUnique({ where: { id }, select: { id: true, publicId: true, jobId: true, resumeBlobKey: true } });
    if (!candidate) throw AppError.notFound("Candidate", id);

    // Raw SQL bypasses the scoping extension: each statement filters by company itself.
    const ref = String(id);
    // Those not yet published leave the outbox's queue with them.
    await tx.$executeRaw`
      WITH erased AS (
        DELETE FROM events WHERE company_id = ${svc.companyId}
          AND (payload -> 'candidate' ->> 'id' = ${ref} OR payload ->> 'candidate_id' = ${ref})
        RETURNING id
      )
      DELETE FROM pending_events WHERE event_id IN (SELECT id FROM erased)`;
    // Stored Idempotency-Key answers of the company's API keys and of its members' OAuth grants.
    await tx.$executeRaw`
      DELETE FROM idempotency_keys k
      WHERE (k.api_key_id IN (SELECT a.id FROM api_keys a WHERE a.company_id = ${svc.companyId})
          OR k.oauth_grant_id IN (SELECT g.id FROM oauth_grants g WHERE g.company_id = ${svc.companyId}))
        AND (strpos(k.response_body, ${candidate.publicId}) > 0
          OR k.response_body ~ ${`"candidate_id":${id}[,}]`})`;
    await tx.screeningRun.deleteMany({ where: { candidateId: id } });
    // Activities (notes, stage changes) cascade with the row; the self-identification is deleted
    // explicitly as well, so the erasure does not rest on a foreign key's ON DELETE alone.
    await tx.candidateSelfIdentification.deleteMany({ where: { candidateId: id } });
    const offerFiles = await eraseOffersOfCandidate(tx, id);
    await tx.candidate.delete({ where: { id } });

    const erasedAt = new Date();
    await recordEvent(tx, "candidate.deleted", {
      candidate: { id, public_id: candidate.publicId },
      job: { id: candidate.jobId },
      company: { id: svc.companyId },
      deleted_at: erasedAt.toISOString(),
    });
    // The public id only: the audit log keeps nothing personal of an erased candidate.
    await recordAudit(tx, svc, { action: "candidate.erased", target: { type: "candidate", id, label: candidate.publicId } });
    return { blobKey: candidate.resumeBlobKey, deletedAt: erasedAt, offerFiles };
  });
  notifyEventsCommitted();
  await deleteOfferFiles(offerFiles);
  if (blobKey) {
    await getStorage()
      .delete(blobKey)
      .catch((error: unknown) => logger.warn("resume blob of an erased candidate not deleted yet; the blob GC retries", { error: String(error) }));
  }
  return { deletedAt };
}

/**
 * Everything held about a candidate (GDPR Art. 15), as one JSON document: the profile as the API
 * shows it (with a fresh signed resume link, resume data and fit details), the application's
 * answers, every activity and note, and every AI screening run with its criteria and evidence.
 */
export async function exportCandidate(svc: ServiceContext, id: number): Promise<CandidateExportDto> {
  const candidate = await svc.db.candidate.findUnique({
    where: { id },
    include: {
      ...candidateInclude,
      activities: { orderBy: { id: "asc" } },
      screeningRuns: { orderBy: { id: "asc" } },
      scorecards: {
        orderBy: { id: "asc" },
        include: { interviewer: { select: { id: true, name: true } }, interview: { select: { id: true, title: true, startAt: true, endAt: true, status: true } } },
      },
      selfIdentification: { select: { sex: true, raceEthnicity: true, createdAt: true } },
    },
  });
  if (!candidate) throw AppError.notFound("Candidate", id);
  await recordAudit(svc.db, svc, { action: "candidate.exported", target: { type: "candidate", id, label: candidate.publicId } });
  const questions = candidate.jobId
    ? (((await svc.db.job.findUnique({ where: { id: candidate.jobId }, select: { screeningQuestions: true } }))?.screeningQuestions ?? []) as { id: string; label: string }[])
    : [];
  const answers = (candidate.answers ?? {}) as Record<string, unknown>;
  return {
    exported_at: new Date().toISOString(),
    candidate: serializeCandidateDetail(candidate),
    application: {
      lead_type: candidate.leadType,
      source: candidate.applicationSource,
      source_label: applicationSourceLabel(candidate.applicationSource),
      privacy_consent_at: candidate.privacyConsentAt?.toISOString() ?? null,
      ai_opt_out: candidate.aiOptOut,
      answers: Object.entries(answers).map(([questionId, answer]) => {
        const question = questions.find((q) => q.id === questionId);
        return { question_id: questionId, question: question?.label ?? null, answer: answer as string | boolean };
      }),
    },
    // The person's own answers: the only place they are ever shown for one candidate.
    self_identification: candidate.selfIdentification
      ? { sex: candidate.selfIdentification.sex, race_ethnicity: candidate.selfIdentification.raceEthnicity, created_at: candidate.selfIdentification.createdAt.toISOString() }
      : null,
    resume: candidate.resumeBlobKey
      ? { filename: candidate.resumeFilename, content_type: candidate.resumeContentType, size: candidate.resumeSize, extracted_text: candidate.resumeText }
      : null,
    activities: candidate.activities.map((activity) => ({
      id: activity.id,
      type: activity.type,
      note: activity.note,
      data: (activity.data ?? null) as Record<string, unknown> | null,
      added_by: activity.addedBy,
      performer_id: activity.performerId,
      created_at: activity.createdAt.toISOString(),
    })),
    // What interviewers wrote about the person is personal data about them: every scorecard, notes included.
    scorecards: candidate.scorecards.map((card) => ({
      id: card.id,
      interview: {
        id: card.interview.id,
        title: card.interview.title,
        start_at: card.interview.startAt.toISOString(),
        end_at: card.interview.endAt.toISOString(),
        status: card.interview.status,
      },
      interviewer: { id: card.interviewer.id, name: card.interviewer.name },
      ratings: Array.isArray(card.ratings) ? (card.ratings as CandidateExportDto["scorecards"][number]["ratings"]) : [],
      recommendation: card.recommendation,
      notes: card.notes,
      submitted_at: card.submittedAt.toISOString(),
      updated_at: card.updatedAt.toISOString(),
    })),
    screening_runs: candidate.screeningRuns.map((run) => ({
      id: run.id,
      trigger: run.trigger,
      status: run.status,
      engine: run.engine,
      model: run.model,
      fit_score: run.fitScore === null ? null : Math.round(run.fitScore),
      criteria: run.criteria as Prisma.JsonArray,
      action: (run.action ?? null) as Record<string, unknown> | null,
      created_at: run.createdAt.toISOString(),
    })),
    offers: await exportOffersOfCandidate(svc.db, id),
    screening_explanation: await getScreeningExplanation(svc, id),
  };
}

