import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { getPrisma } from "@hireflow/db";
import { type BlobStorage, createLocalStorage, setStorageForTesting } from "@hireflow/storage";
import { afterAll, beforeAll, expect, it } from "vitest";
import { collectOrphanResumeBlobs } from "../../../../packages/worker/src/resume-pipeline/blob-gc.ts";
import { useApiApp } from "../helpers/api-app.ts";
import { countBlobs, postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF } from "../helpers/resumes.ts";

/**
 * Erasure when blob storage is down: the transaction still erases the candidate, the signed resume
 * link stops serving at once (the file route refuses blobs no candidate holds), and the blob GC
 * schedule deletes the file once storage answers again. In process only: it swaps the storage driver.
 */
let dir = "";
let failDeletes = true;
let storage: BlobStorage;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hireflow-erasure-"));
  const local = createLocalStorage(dir);
  storage = {
    ...local,
    delete: async (key) => {
      if (failDeletes) throw new Error("storage unavailable");
      return local.delete(key);
    },
  };
  setStorageForTesting(storage);
});
afterAll(async () => {
  setStorageForTesting(undefined);
  await rm(dir, { recursive: true, force: true });
});
const app = useApiApp();

it("erases while storage fails; the link is dead at once and the blob GC deletes the file later", async () => {
  const created = await postMultipart(app.url, app.acme.apiKey, { job_id: String(app.acme.jobId), name: "Storage Down", resume: { bytes: fixture("priya-raman.pdf"), filename: "cv.pdf", type: PDF } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const signed = new URL(created.body.data.resume_url);
  const link = app.url + signed.pathname + signed.search;
  expect((await fetch(link)).status).toBe(200);
  expect(await countBlobs(dir)).toBe(1);

  const erased = await fetch(`${app.url}/api/v1/candidates/${created.body.data.id}`, { method: "DELETE", headers: app.acme.headers });
  expect(erased.status).toBe(204);
  expect(await getPrisma().candidate.count({ where: { id: created.body.data.id } })).toBe(0);
  expect(await countBlobs(dir)).toBe(1);
  expect((await fetch(link)).status).toBe(404);

  failDeletes = false;
  expect(await collectOrphanResumeBlobs({ storage, olderThanMs: 0 })).toBe(1);
  expect(await countBlobs(dir)).toBe(0);
});
