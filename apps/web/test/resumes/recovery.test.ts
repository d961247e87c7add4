import { claimResumeProcessing, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, publishPendingEvents } from "@hireflow/worker";
import { startResumeSweeper, sweepStuckResumes } from "@hireflow/worker/resume-pipeline/index";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { addJob } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, TYPES, useTempBlobDir, waitForResume } from "../helpers/resumes.ts";
import { markPending } from "@hireflow/db/testing/outbox";

// The sweeper and the publisher work table-wide: this file has a database of its own.
useIsolatedDatabase();
useTempBlobDir();
const STALE_MS = 300;
const app = useApiApp();
// Registered after useApiApp, so it runs before the app is closed (after-hooks run in reverse).
afterAll(async () => {
  await shutdownLocalRunner();
});

async function upload(file: string, type: string, jobId = app.acme.jobId): Promise<number> {
  const res = await postMultipart(app.url, app.acme.apiKey, { job_id: String(jobId), resume: { bytes: fixture(file), filename: file, type } });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const status = async (id: number) => (await getPrisma().candidate.findUniqueOrThrow({ where: { id } })).resumeStatus;
const processedActivities = (id: number) => getPrisma().candidateActivity.count({ where: { candidateId: id, type: "resume_processed" } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("crash recovery", () => {
  it("resumes whose runs were lost (published to a runner that died; claimed, then crashed) still end completed", async () => {
    // The process that received the events crashes: its runner had not run them yet.
    registerJobs([]);
    const lost = await upload("priya-raman.pdf", PDF);
    const claimedThenCrashed = await upload("marcus-oneill.docx", TYPES.docx, await addJob(app.acme, { department: "Crash" }));
    await publishPendingEvents();
    await getLocalRunner().idle();
    await shutdownLocalRunner();
    const outbox = await getPrisma().event.findMany({ where: { type: "candidate/resume.uploaded" }, select: { id: true } });
    expect(outbox).not.toHaveLength(0);
    expect(await getPrisma().pendingEvent.count({ where: { eventId: { in: outbox.map((e) => e.id) } } })).toBe(0);
    // A run had claimed the second one (pending → processing) when the process died.
    expect((await claimResumeProcessing(systemContext(getPrisma(), app.acme.id), claimedThenCrashed)).claimed).toBe(true);
    expect(await status(lost)).toBe("pending");
    expect(await status(claimedThenCrashed)).toBe("processing");

    // Restart: jobs registered, the sweeper re-queues what has been stuck for STALE_MS.
    registerJobs(allJobs);
    await sleep(STALE_MS + 50);
    const sweeper = startResumeSweeper({ staleAfterMs: STALE_MS, intervalMs: 100 });
    try {
      const [a, b] = await Promise.all([waitForResume(app.api, lost), waitForResume(app.api, claimedThenCrashed)]);
      expect(a).toMatchObject({ resume_status: "completed", name: "Priya Raman", email: "priya.raman@example.net" });
      expect(b).toMatchObject({ resume_status: "completed", name: "Marcus O'Neill", email: "marcus.oneill@example.org" });
    } finally {
      await sweeper.stop();
    }
    expect(await processedActivities(lost)).toBe(1);
    expect(await processedActivities(claimedThenCrashed)).toBe(1);
  });

  it("parses a resume once when sweepers race and events are re-sent", async () => {
    registerJobs([]);
    const id = await upload("priya-raman.doc", TYPES.doc, await addJob(app.acme, { department: "Race" }));
    await publishPendingEvents();
    await shutdownLocalRunner();
    registerJobs(allJobs);
    await sleep(STALE_MS + 50);

    // Two processes sweep at the same moment: SKIP LOCKED gives the row to one of them.
    const counts = await Promise.all([sweepStuckResumes({ staleAfterMs: STALE_MS }), sweepStuckResumes({ staleAfterMs: STALE_MS })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    // The outbox row is re-published too (as its own sweeper would after a crash before marking it).
    for (const event of await getPrisma().event.findMany({ where: { type: "candidate/resume.uploaded", payload: { path: ["candidate_id"], equals: id } }, select: { id: true } })) await markPending(event.id);
    await publishPendingEvents();
    await getLocalRunner().idle();

    expect(await status(id)).toBe("completed");
    expect(await processedActivities(id)).toBe(1);
    const runs = getLocalRunner()
      .listRuns()
      .filter((run) => run.jobId === "resume-parse" && (run.event.data as { payload: { candidate_id: number } }).payload.candidate_id === id);
    expect(runs).toHaveLength(2);
    // One run claimed and parsed it; the other found it taken (or already done) and stopped.
    const results = runs.map((run) => run.result as { status?: string; skipped?: string });
    expect(results.filter((r) => r.status === "completed")).toHaveLength(1);
    expect(results.filter((r) => r.skipped === "processing" || r.skipped === "completed")).toHaveLength(1);
  });
});
