import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCandidate, createCompany, createJob, systemContext, type StoredResume } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { type BlobStorage, createLocalStorage, setStorageForTesting } from "@hireflow/storage";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resumeParseJob } from "../../src/resume-pipeline/index.ts";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { fixture } from "../resume/helpers.ts";

// Events are sent straight to the runner here; the database is this file's own all the same.
useIsolatedDatabase();
// Retries of the local runner back off from 10 ms instead of 1 s.
process.env.LOCAL_RUNNER_RETRY_BASE_MS = "10";

let dir = "";
let local: BlobStorage;
let companyId = 0;
let jobId = 0;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hireflow-resume-job-"));
  local = createLocalStorage(dir);
  const company = await createCompany(getPrisma(), { name: "Resume Job Co" });
  companyId = company.id;
  jobId = (await createJob(systemContext(getPrisma(), companyId), { title: "Engineer" })).id;
  registerJobs([resumeParseJob]);
});
afterEach(async () => {
  await shutdownLocalRunner();
  setStorageForTesting(undefined);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A candidate whose resume was stored with `bytes` (no upload checks: the job must cope alone). */
async function candidateWith(bytes: Uint8Array): Promise<number> {
  const { key, size } = await local.put({ prefix: `resumes/${companyId}`, filename: "cv.pdf", contentType: "application/pdf", body: bytes });
  const resume: StoredResume = { key, filename: "cv.pdf", contentType: "application/pdf", size };
  const created = await createCandidate(systemContext(getPrisma(), companyId), { job_id: jobId }, { source: "public_api", resume });
  return created.id;
}

/** Sends the event the outbox would send and waits for its run. */
async function run(candidateId: number, eventId = `test-${candidateId}-${randomBytes(4).toString("hex")}`) {
  const { runIds } = await getLocalRunner().send({
    name: "candidate/resume.uploaded",
    id: eventId,
    data: { event_id: eventId, company_id: companyId, occurred_at: new Date().toISOString(), payload: { candidate_id: candidateId, company_id: companyId } },
  });
  expect(runIds).toHaveLength(1);
  return getLocalRunner().waitForRun(runIds[0]!);
}

const row = (id: number) => getPrisma().candidate.findUniqueOrThrow({ where: { id } });

/** The local storage, except that `get` throws the first `failures` times (storage unreachable). */
function flakyStorage(failures: number): BlobStorage & { calls: number } {
  const flaky = {
    driver: "local" as const,
    calls: 0,
    put: local.put,
    delete: local.delete,
    list: local.list,
    async get(key: string) {
      flaky.calls += 1;
      if (flaky.calls <= failures) throw Object.assign(new Error("connect ECONNREFUSED blob store"), { code: "ECONNREFUSED" });
      return local.get(key);
    },
  };
  return flaky;
}

describe("resume-parse job", () => {
  it("pending → processing → completed, backfilling a placeholder", async () => {
    const seen: (string | null)[] = [];
    let id = 0;
    // The status while the blob is being read, i.e. during the extract step.
    setStorageForTesting({ ...local, get: async (key) => (seen.push((await row(id)).resumeStatus), local.get(key)) });
    id = await candidateWith(fixture("priya-raman.pdf"));
    expect((await row(id)).resumeStatus).toBe("pending");
    const info = await run(id);
    expect(seen).toEqual(["processing"]);
    expect(info).toMatchObject({ status: "completed", failedAttempts: 0, result: { status: "completed", saved: true } });
    expect(await row(id)).toMatchObject({ resumeStatus: "completed", name: "Priya Raman", resumeError: null });
  });

  it("retries when storage is unreachable, then completes", async () => {
    const storage = flakyStorage(2);
    setStorageForTesting(storage);
    const id = await candidateWith(fixture("marcus-oneill.pdf"));
    const info = await run(id);
    expect(info).toMatchObject({ status: "completed", failedAttempts: 2 });
    expect(storage.calls).toBe(3);
    expect(await row(id)).toMatchObject({ resumeStatus: "completed", name: "Marcus O'Neill" });
  });

  it("marks the resume failed once the retries are used up (storage down for good)", async () => {
    setStorageForTesting(flakyStorage(Infinity));
    const id = await candidateWith(fixture("priya-raman.docx"));
    const info = await run(id);
    expect(info.status).toBe("failed");
    expect(info.failedAttempts).toBe(resumeParseJob.retries + 1);
    await getLocalRunner().idle(); // the onFailure run
    expect(await row(id)).toMatchObject({ resumeStatus: "failed", resumeError: "The resume could not be processed; upload it again.", resumeData: null });
  });

  it("fails a file the parser refuses at once, without retries", async () => {
    setStorageForTesting(local);
    const junk = new Uint8Array(randomBytes(8192));
    junk.set(new TextEncoder().encode("%PDF-1.7\n"));
    const id = await candidateWith(junk);
    const info = await run(id);
    expect(info).toMatchObject({ status: "completed", failedAttempts: 0, result: { status: "failed" } });
    const failed = await row(id);
    expect(failed.resumeStatus).toBe("failed");
    expect(failed.resumeError).toEqual(expect.any(String));
    // A rejected file never reaches `processing` again: a re-sent event finds nothing to do.
    expect((await run(id)).result).toMatchObject({ skipped: "failed" });
  });

  it("fails a resume whose blob is gone", async () => {
    setStorageForTesting(local);
    const id = await candidateWith(fixture("priya-raman.pdf"));
    await local.delete((await row(id)).resumeBlobKey!);
    expect((await run(id)).result).toMatchObject({ status: "failed", error: "The resume file is missing from storage." });
    expect((await row(id)).resumeStatus).toBe("failed");
  });

  it("runs an event id once, and lets one of two concurrent runs claim the resume", async () => {
    setStorageForTesting(local);
    const id = await candidateWith(fixture("priya-raman.pdf"));
    const sent = await getLocalRunner().send([
      { name: "candidate/resume.uploaded", id: `dup-${id}`, data: { event_id: `dup-${id}`, company_id: companyId, occurred_at: new Date().toISOString(), payload: { candidate_id: id } } },
      { name: "candidate/resume.uploaded", id: `dup-${id}`, data: { event_id: `dup-${id}`, company_id: companyId, occurred_at: new Date().toISOString(), payload: { candidate_id: id } } },
      { name: "candidate/resume.uploaded", id: `other-${id}`, data: { event_id: `other-${id}`, company_id: companyId, occurred_at: new Date().toISOString(), payload: { candidate_id: id } } },
    ]);
    expect(sent.runIds).toHaveLength(2);
    const results = await Promise.all(sent.runIds.map((runId) => getLocalRunner().waitForRun(runId)));
    expect(results.map((r) => r.result as { status?: string; skipped?: string }).filter((r) => r.status === "completed")).toHaveLength(1);
    expect(await getPrisma().candidateActivity.count({ where: { candidateId: id, type: "resume_processed" } })).toBe(1);
  });

  it("ignores events for another company's candidate (the scoped client does not see it)", async () => {
    setStorageForTesting(local);
    const id = await candidateWith(fixture("priya-raman.pdf"));
    const other = await createCompany(getPrisma(), { name: "Other Co" });
    const eventId = `foreign-${id}`;
    const { runIds } = await getLocalRunner().send({
      name: "candidate/resume.uploaded",
      id: eventId,
      data: { event_id: eventId, company_id: other.id, occurred_at: new Date().toISOString(), payload: { candidate_id: id } },
    });
    expect((await getLocalRunner().waitForRun(runIds[0]!)).result).toMatchObject({ skipped: "missing" });
    expect((await row(id)).resumeStatus).toBe("pending");
  });
});
