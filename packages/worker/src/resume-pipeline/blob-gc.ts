import { envInt } from "@hireflow/config";
import { logger, unreferencedResumeBlobKeys } from "@hireflow/core";
import { getPrisma, type PrismaClient } from "@hireflow/db";
import { type BlobStorage, getStorage } from "@hireflow/storage";
import { defineSchedule } from "../runtime/index.ts";

const PREFIX = "resumes/";
const BATCH = 200;

/**
 * Deletes resume blobs no candidate points at. Uploads write the blob before the candidate row
 * commits and delete it again when the request fails, but a process that dies in between leaves
 * the file behind. Only blobs older than `olderThanMs` are considered, so an upload whose
 * transaction is still running is never touched.
 */
export async function collectOrphanResumeBlobs(
  options: { olderThanMs?: number; storage?: BlobStorage; prisma?: PrismaClient } = {},
): Promise<number> {
  const storage = options.storage ?? getStorage();
  const prisma = options.prisma ?? getPrisma();
  const cutoff = Date.now() - (options.olderThanMs ?? envInt("RESUME_BLOB_GC_AFTER_MS", 60 * 60 * 1000));
  let deleted = 0;
  let batch: string[] = [];
  const sweep = async () => {
    for (const key of await unreferencedResumeBlobKeys(prisma, batch)) {
      await storage.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const blob of storage.list(PREFIX)) {
    if (blob.uploadedAt.getTime() >= cutoff) continue;
    batch.push(blob.key);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  if (deleted > 0) logger.info("deleted orphan resume blobs", { count: deleted });
  return deleted;
}

/** Hourly, on Inngest or in-process. */
export const blobGcSchedule = defineSchedule({
  id: "resume-blob-gc",
  cron: "17 * * * *",
  intervalMs: () => envInt("RESUME_BLOB_GC_INTERVAL_MS", 60 * 60 * 1000),
  run: () => collectOrphanResumeBlobs(),
});
