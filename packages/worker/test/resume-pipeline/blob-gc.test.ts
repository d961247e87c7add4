import { mkdtemp, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createCandidate, createCompany, createJob, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { createLocalStorage } from "@hireflow/storage";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectOrphanResumeBlobs } from "../../src/resume-pipeline/blob-gc.ts";

let dir: string;
beforeAll(async () => (dir = await mkdtemp(path.join(os.tmpdir(), "hireflow-gc-"))));
afterAll(() => rm(dir, { recursive: true, force: true }));

const pdf = new TextEncoder().encode("%PDF-1.4 test");
const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);

describe("orphan resume blob collection", () => {
  it("deletes old blobs no candidate points at, and keeps referenced, recent and non-resume blobs", async () => {
    const storage = createLocalStorage(dir);
    const prisma = getPrisma();
    const company = await createCompany(prisma, { name: "GC Co" });
    const svc = systemContext(prisma, company.id);
    const job = await createJob(svc, { title: "GC job" });
    const put = (prefix: string) => storage.put({ prefix, filename: "cv.pdf", contentType: "application/pdf", body: pdf });
    const referenced = await put(`resumes/${company.id}`);
    const orphan = await put(`resumes/${company.id}`);
    const fresh = await put(`resumes/${company.id}`);
    const other = await put("exports");
    await createCandidate(svc, { job_id: job.id, name: "Kept" }, { source: "manual", resume: { key: referenced.key, filename: "cv.pdf", contentType: "application/pdf", size: pdf.byteLength } });
    for (const { key } of [referenced, orphan, other]) await utimes(path.join(dir, key), twoHoursAgo, twoHoursAgo);

    const listed = [];
    for await (const blob of storage.list("resumes/")) listed.push(blob.key);
    expect(listed.sort()).toEqual([referenced.key, orphan.key, fresh.key].sort());

    expect(await collectOrphanResumeBlobs({ storage, olderThanMs: 60 * 60 * 1000 })).toBe(1);
    expect(await storage.get(orphan.key)).toBeNull();
    for (const kept of [referenced, fresh, other]) {
      const blob = await storage.get(kept.key);
      expect(blob, kept.key).not.toBeNull();
      await blob!.body.cancel();
    }
    expect(await collectOrphanResumeBlobs({ storage, olderThanMs: 60 * 60 * 1000 })).toBe(0);
  });
});
