import { getStorage, readStreamLimited } from "@hireflow/storage";

export type LoadedBlob = { ok: true; bytes: Uint8Array } | { ok: false; message: string };

/**
 * Reads a stored resume into memory, refusing more than `maxBytes` (uploads are capped, so a
 * bigger blob is not a resume we accepted). A missing blob is final; a storage error is thrown
 * so that the step is retried.
 */
export async function loadResumeBlob(key: string, maxBytes: number): Promise<LoadedBlob> {
  const blob = await getStorage().get(key);
  if (!blob) return { ok: false, message: "The resume file is missing from storage." };
  if (blob.size > maxBytes) {
    await blob.body.cancel().catch(() => {});
    return { ok: false, message: "The resume file is larger than the upload limit." };
  }
  const bytes = await readStreamLimited(blob.body, maxBytes);
  if (!bytes) return { ok: false, message: "The resume file is larger than the upload limit." };
  return { ok: true, bytes };
}
