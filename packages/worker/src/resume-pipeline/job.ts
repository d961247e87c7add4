import { envInt } from "@hireflow/config";
import {
  applyResumeExtraction,
  claimResumeProcessing,
  failResumeProcessing,
  logger,
  RESUME_MAX_BYTES,
  systemContext,
} from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { z } from "zod";
import { outboxEventSchema } from "../outbox/event.ts";
import { extractResume, isResumeRejectedError, type ResumeExtraction } from "../resume/index.ts";
import { defineJob } from "../runtime/index.ts";
import { resumeParseOptions } from "./config.ts";
import { loadResumeBlob } from "./load-blob.ts";

export const RESUME_UPLOADED_EVENT = "candidate/resume.uploaded";

/** The outbox event (OutboxEventData) with the payload createCandidate records. */
const resumeUploadedData = outboxEventSchema.extend({
  payload: z.object({ candidate_id: z.number().int().positive() }).loose(),
});

type ExtractOutcome = { ok: true; extraction: ResumeExtraction } | { ok: false; message: string };

/**
 * Parses an uploaded resume: claim it (pending → processing), extract it in the sandbox, save the
 * result (completed, resume_data, backfill) or the reason it failed. A file the parser refuses
 * ends `failed` at once; anything else (storage down, a crashed worker) is retried, and after the
 * last retry the resume is marked failed by onFailure.
 */
export const resumeParseJob = defineJob({
  id: "resume-parse",
  event: RESUME_UPLOADED_EVENT,
  retries: 4,
  // Each parse may take a worker with a 512 MB heap; a few at a time keeps the process bounded.
  concurrency: envInt("RESUME_PARSE_CONCURRENCY", 2),
  schema: resumeUploadedData,
  handler: async ({ event, step }) => {
    const companyId = event.data.company_id;
    const candidateId = event.data.payload.candidate_id;
    const svc = () => systemContext(getPrisma(), companyId);

    const claim = await step.run("mark processing", () => claimResumeProcessing(svc(), candidateId));
    // Another run holds it or finished it (a re-sent event): nothing to do.
    if (!claim.claimed) return { candidate_id: candidateId, skipped: claim.status };

    const outcome = await step.run("extract", async (): Promise<ExtractOutcome> => {
      const blob = await loadResumeBlob(claim.blobKey, RESUME_MAX_BYTES);
      if (!blob.ok) return blob;
      try {
        return { ok: true, extraction: await extractResume(blob.bytes, { defaultRegion: claim.region, ...resumeParseOptions() }) };
      } catch (error) {
        if (isResumeRejectedError(error)) return { ok: false, message: error.message };
        throw error;
      }
    });

    if (!outcome.ok) {
      await step.run("mark failed", () => failResumeProcessing(svc(), candidateId, outcome.message));
      return { candidate_id: candidateId, status: "failed" as const, error: outcome.message };
    }
    // The full text goes to its own column (the scorer reads it); resume_data keeps the fields.
    const { text, ...fields } = outcome.extraction;
    const saved = await step.run("save", () => applyResumeExtraction(svc(), candidateId, fields, text));
    return { candidate_id: candidateId, status: "completed" as const, ...saved };
  },
  onFailure: async ({ data, error, step }) => {
    if (!data) return;
    const candidateId = data.payload.candidate_id;
    logger.error("resume parsing failed after retries", { candidate_id: candidateId, company_id: data.company_id, error });
    await step.run("mark failed", () =>
      failResumeProcessing(systemContext(getPrisma(), data.company_id), candidateId, "The resume could not be processed; upload it again."),
    );
  },
});
