import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalStorage, setStorageForTesting } from "@hireflow/storage";
import { afterAll, beforeAll } from "vitest";
import { type ApiClient } from "./client.ts";

// The resume fixtures and hostile-file generators of the extraction library's own tests.
export { docxBomb, FIXTURE_PEOPLE, fixture, longPdf, pdfFlateBomb, plainZip } from "../../../../packages/worker/test/resume/helpers.ts";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const DOC = "application/msword";
export const TYPES = { pdf: PDF, docx: DOCX, doc: DOC } as const;

/** Local blob storage in a temp folder of this test file, so blob counts are exact. */
export function useTempBlobDir(): { dir: () => string } {
  let dir = "";
  const previous = process.env.BLOB_DIR;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hireflow-blobs-"));
    setStorageForTesting(createLocalStorage(dir));
    // A production server started by this file (npm run test:build) stores its blobs there too.
    process.env.BLOB_DIR = dir;
  });
  afterAll(async () => {
    setStorageForTesting(undefined);
    if (previous === undefined) delete process.env.BLOB_DIR;
    else process.env.BLOB_DIR = previous;
    await rm(dir, { recursive: true, force: true });
  });
  return { dir: () => dir };
}

/** Polls GET /candidates/{id} until resume_status is one of `statuses` or the deadline passes. */
export async function waitForResume(api: ApiClient, id: number, statuses: string[] = ["completed", "failed"], timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(`/candidates/${id}`);
    if (res.status !== 200) throw new Error(`GET /candidates/${id} answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (statuses.includes(res.body.data.resume_status)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`candidate ${id} still ${res.body.data.resume_status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
