import { randomBytes } from "node:crypto";
import { getPrisma, type Prisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, createJob, screeningProgress, systemContext } from "../src/index.ts";
import { listCompanyCandidates } from "../src/modules/candidate/company-candidates.ts";
import { getPipeline } from "../src/modules/board/board.ts";

/**
 * Issue 28 item 3 in the web app's lists: the board's cards and the /candidates rows carry how many
 * of the scored criteria were judged (fit_judged of fit_total), counted from the stored fit; and a
 * re-score's progress says who got no score and why (no resume, a resume that could not be parsed…).
 */
describe("fit coverage on the board and the candidate list; the re-score's outcome", () => {
  const prisma = getPrisma();
  const tag = randomBytes(4).toString("hex");
  let svc: ReturnType<typeof systemContext>;
  let other: ReturnType<typeof systemContext>;
  let jobId: number;
  const ids: Record<string, number> = {};
  const requestedAt = new Date(Date.UTC(2026, 10, 20, 10, 0, 0));
  const after = new Date(requestedAt.getTime() + 60_000);

  const criterion = (id: string, met: boolean | null) => ({ id, type: "skill", value: id, question_id: null, accepted: null, required: false, weight: 1, met, evidence: "…" });

  async function candidate(
    name: string,
    fit: { score: number | null; status: "pending" | "completed" | "failed" | null; criteria: unknown[] | null; scoredAt?: Date | null },
    resumeStatus: "pending" | "processing" | "completed" | "failed" | null = "completed",
  ) {
    const created = await createCandidate(svc, { job_id: jobId, name: `${name} ${tag}`, stage: "applied" }, { source: "public_api" });
    await prisma.candidate.update({
      where: { id: created.id },
      data: {
        fitScore: fit.score,
        fitStatus: fit.status,
        fitCriteria: fit.criteria === null ? undefined : (fit.criteria as Prisma.InputJsonValue),
        fitScoredAt: fit.scoredAt === undefined ? after : fit.scoredAt,
        resumeStatus,
      },
    });
    ids[name] = created.id;
  }

  beforeAll(async () => {
    const company = await createCompany(prisma, { name: `Coverage ${tag}` });
    svc = systemContext(prisma, company.id);
    other = systemContext(prisma, (await createCompany(prisma, { name: `Other ${tag}` })).id);
    jobId = (await createJob(svc, { title: "Backend Engineer", screening: { mode: "score", criteria: [{ type: "skill", value: "Go" }] } })).id;
    const four = (met: (boolean | null)[]) => met.map((m, i) => criterion(`c${i}`, m));
    await candidate("Five", { score: 100, status: "completed", criteria: [...four([true, true, true, true]), criterion("c4", true), criterion("lead", null)] });
    await candidate("Full", { score: 50, status: "completed", criteria: four([true, false, true, false]) });
    await candidate("Noresume", { score: null, status: "completed", criteria: four([null, null, null, null]) }, null);
    await candidate("Unreadable", { score: null, status: "completed", criteria: four([null, null, null, null]) }, "failed");
    await candidate("Parsing", { score: null, status: "completed", criteria: four([null, null, null, null]) }, "processing");
    await candidate("Nothing", { score: null, status: "completed", criteria: [criterion("lead", null)] });
    await candidate("Nocriteria", { score: null, status: "completed", criteria: [] });
    await candidate("Failed", { score: null, status: "failed", criteria: null, scoredAt: null });
    await candidate("Pending", { score: null, status: "pending", criteria: null, scoredAt: null });
    // Scored before the re-score was asked for: not part of its outcome.
    await candidate("Earlier", { score: 80, status: "completed", criteria: four([true, true, true, false]), scoredAt: new Date(requestedAt.getTime() - 60_000) });
    await candidate("Unscreened", { score: null, status: null, criteria: null, scoredAt: null });
    await prisma.job.update({ where: { id: jobId }, data: { rescoreRequestedAt: requestedAt } });
  });

  const expected: Record<string, [number, number]> = {
    Five: [5, 6],
    Full: [4, 4],
    Noresume: [0, 4],
    Unreadable: [0, 4],
    Parsing: [0, 4],
    Nothing: [0, 1],
    Nocriteria: [0, 0],
    Failed: [0, 0],
    Pending: [0, 0],
    Earlier: [4, 4],
    Unscreened: [0, 0],
  };
  const byName = (rows: { id: number; fit_judged: number; fit_total: number }[]) =>
    Object.fromEntries(Object.entries(ids).map(([name, id]) => {
      const row = rows.find((r) => r.id === id)!;
      return [name, [row.fit_judged, row.fit_total]];
    }));

  it("the board: each card's judged and total criteria (a 100 on five of six)", async () => {
    const board = await getPipeline(svc, jobId);
    expect(byName(board.candidates)).toEqual(expected);
    expect(board.candidates.find((c) => c.id === ids.Five)).toMatchObject({ fit_score: 100, fit_status: "completed", fit_judged: 5, fit_total: 6 });
  });

  it("/candidates: the same counts on every row, searched or not", async () => {
    expect(byName((await listCompanyCandidates(svc, { job_id: jobId, limit: 100 })).data)).toEqual(expected);
    const searched = (await listCompanyCandidates(svc, { q: `five ${tag}` })).data;
    expect(searched.map((c) => [c.id, c.fit_judged, c.fit_total])).toEqual([[ids.Five, 5, 6]]);
  });

  it("another company's context sees none of it", async () => {
    expect((await listCompanyCandidates(other, { job_id: jobId })).data).toEqual([]);
    await expect(getPipeline(other, jobId)).rejects.toMatchObject({ code: "not_found" });
  });

  it("the re-score's progress: with a score, without one by why, and failed", async () => {
    expect(await screeningProgress(svc, jobId)).toEqual({
      requested_at: requestedAt.toISOString(),
      total: 11,
      scored: 7,
      pending: 1,
      with_score: 2,
      unjudged: { no_criteria: 1, no_resume: 1, resume_failed: 1, resume_parsing: 1, nothing_to_judge: 1 },
      failed: 1,
      // Applicants who asked for a person: never scored, not waited for (none here).
      opted_out: 0,
    });
    expect(await screeningProgress(other, jobId).catch((error: unknown) => (error as { code?: string }).code)).toBe("not_found");
  });
});
