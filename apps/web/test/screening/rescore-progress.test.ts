import { randomBytes } from "node:crypto";
import { createCandidate, createCompany, createJob, requestRescore, screeningProgress, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { allJobs, startOutboxPublisher } from "@hireflow/worker";
import { registerJobs, shutdownLocalRunner } from "@hireflow/worker/runtime";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * A re-score's progress is read in one snapshot. It was four queries run side by side: a scoring
 * that committed between them counted as no longer pending but not yet as scored, so the job page
 * said "Re-score finished: scored 0 of 3" and stopped polling (a CI run's e2e failure). Here the
 * real job runner scores while the progress is read as fast as it can be: whenever nothing is
 * pending, every candidate must be counted as scored by this re-score.
 */
useIsolatedDatabase();
let publisher: ReturnType<typeof startOutboxPublisher>;
beforeAll(() => {
  registerJobs(allJobs);
  publisher = startOutboxPublisher();
});
afterAll(async () => {
  await publisher.stop();
  await shutdownLocalRunner();
});

it("when a re-score has nothing pending, its progress counts every candidate as scored", async () => {
  const prisma = getPrisma();
  const tag = randomBytes(4).toString("hex");
  const svc = systemContext(prisma, (await createCompany(prisma, { name: `Progress ${tag}` })).id);
  const jobId = (await createJob(svc, { title: "Backend", screening: { mode: "score", criteria: [{ type: "skill", value: "Go" }] } })).id;
  for (const name of ["Ada", "Bea", "Cal"]) await createCandidate(svc, { job_id: jobId, name: `${name} ${tag}`, stage: "applied" }, { source: "public_api" });
  await expect.poll(() => prisma.candidate.count({ where: { jobId, fitStatus: "completed" } }), { timeout: 30_000 }).toBe(3);

  const finished: { round: number; scored: number; no_resume: number }[] = [];
  for (let round = 0; round < 25; round++) {
    const { requested_at } = await requestRescore(svc, jobId);
    for (;;) {
      const progress = await screeningProgress(svc, jobId);
      expect(progress.requested_at).toBe(requested_at);
      if (progress.pending === 0) {
        finished.push({ round, scored: progress.scored, no_resume: progress.unjudged.no_resume });
        break;
      }
    }
  }
  // Nobody has a resume: each re-score scores all three, none of them with a score.
  expect(finished).toEqual(Array.from({ length: 25 }, (_, round) => ({ round, scored: 3, no_resume: 3 })));
}, 120_000);
