import { authenticateApiKey, verifyPassword } from "@hireflow/core";
import { createPrismaClient, type PrismaClient } from "@hireflow/db";
import { createDatabase, type TestDatabase } from "@hireflow/db/testing/server";
import type {} from "@hireflow/db/testing/global-setup";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO, seedDemo } from "../src/seed.ts";
import { envWith, runScript } from "./helpers.ts";

async function counts(prisma: PrismaClient) {
  const [companies, users, apiKeys, departments, jobs, candidates, notes] = await Promise.all([
    prisma.company.count({ where: { slug: DEMO.companySlug } }),
    prisma.user.count(),
    prisma.apiKey.count(),
    prisma.department.count(),
    prisma.job.count(),
    prisma.candidate.count(),
    prisma.candidateActivity.count({ where: { type: "note_added" } }),
  ]);
  return { companies, users, apiKeys, departments, jobs, candidates, notes };
}

describe("demo seed", { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let prisma: PrismaClient;

  beforeAll(async () => {
    database = await createDatabase(inject("adminUrl"), { migrate: true });
    prisma = createPrismaClient(database.url, { max: 4 });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("npm run db:seed writes Acme once and prints the credentials, the key only the first time", async () => {
    const first = await runScript("seed", [], envWith(database.url));
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${DEMO.adminEmail} / ${DEMO.adminPassword}`);
    const key = first.stdout.match(/hf_live_[0-9A-Za-z]{40}/)?.[0];
    expect(key).toBeDefined();

    const afterFirst = await counts(prisma);
    expect(afterFirst).toMatchObject({ companies: 1, users: 3, apiKeys: 1, jobs: 3, departments: 3 });
    expect(afterFirst.candidates).toBeGreaterThanOrEqual(5);
    expect(afterFirst.notes).toBeGreaterThanOrEqual(3);

    const acme = await prisma.company.findUniqueOrThrow({ where: { slug: "acme" }, include: { departments: true } });
    expect(acme.name).toBe("Acme");
    expect(acme.departments.map((d) => d.name)).toContain("Engineering");
    expect((await authenticateApiKey(prisma, `Bearer ${key}`)).companyId).toBe(acme.id);
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: DEMO.adminEmail } });
    expect(await verifyPassword(DEMO.adminPassword, admin.passwordHash)).toBe(true);
    expect(admin.role).toBe("owner");
    const recruiter = await prisma.user.findUniqueOrThrow({ where: { email: DEMO.recruiterEmail } });
    expect(recruiter.role).toBe("recruiter");
    expect(first.stdout).toContain(`${DEMO.recruiterEmail} / ${DEMO.adminPassword}`);
    const interviewer = await prisma.user.findUniqueOrThrow({ where: { email: DEMO.interviewerEmail } });
    expect(interviewer.role).toBe("interviewer");
    expect(first.stdout).toContain(`${DEMO.interviewerEmail} / ${DEMO.adminPassword}`);
    // The demo interviewer is on the panel of two interviews of one candidate: one over (its scorecard due), one to come.
    const panels = await prisma.interviewInterviewer.findMany({ where: { userId: interviewer.id }, select: { interview: { select: { startAt: true, status: true, jobInterview: { select: { attributes: true } } } } } });
    expect(panels.map((p) => [p.interview.status, p.interview.startAt < new Date(), p.interview.jobInterview?.attributes.length]).sort()).toEqual([
      ["scheduled", false, 3],
      ["scheduled", true, 3],
    ]);

    const backend = await prisma.job.findFirstOrThrow({ where: { title: "Senior Backend Engineer" } });
    expect(backend).toMatchObject({ locationType: "hybrid", locations: ["Berlin", "Remote"], salaryCurrency: "EUR" });
    expect(backend.screeningQuestions).toHaveLength(2);
    // The recruiter leads the backend hire (sees all its scorecards); the other jobs have no lead.
    expect(await prisma.jobHiringTeamLead.findMany({ select: { jobId: true, userId: true } })).toEqual([{ jobId: backend.id, userId: recruiter.id }]);
    expect(await prisma.job.count({ where: { OR: [{ isActive: false }, { isPublic: false }] } })).toBeGreaterThanOrEqual(1);
    // Candidates in every stage type (the coordinator's and designer's default pipelines, the backend job's own).
    const types = await prisma.$queryRaw<{ type: string }[]>`
      SELECT DISTINCT s.type::text AS type FROM candidates c JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage ORDER BY 1`;
    expect(types.map((t) => t.type)).toEqual(["applied", "hired", "inprogress", "phonescreen", "prospect", "rejected"]);
    // The backend job's own pipeline, and its candidates spread over it.
    const backendStages = await prisma.jobStage.findMany({ where: { jobId: backend.id }, orderBy: { position: "asc" }, select: { key: true, name: true, type: true } });
    expect(backendStages).toEqual([
      { key: "prospect", name: "Prospect", type: "prospect" },
      { key: "applied", name: "Applied", type: "applied" },
      { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
      { key: "technical_interview", name: "Technical interview", type: "inprogress" },
      { key: "onsite", name: "Onsite", type: "inprogress" },
      { key: "offer", name: "Offer", type: "inprogress" },
      { key: "hired", name: "Hired", type: "hired" },
      { key: "rejected", name: "Rejected", type: "rejected" },
    ]);
    const inBackend = await prisma.candidate.groupBy({ by: ["stage"], where: { jobId: backend.id }, _count: true });
    expect(inBackend.map((s) => s.stage).sort()).toEqual(["applied", "hired", "offer", "onsite", "prospect", "recruiter_screen", "rejected", "technical_interview"]);
    const screening = backend.screening as { advance?: { to_stage?: string } } | null;
    expect(screening?.advance?.to_stage).toBe("recruiter_screen");
    // Rejections with reasons (the company's defaults), each rejected and hired candidate with the time of its move.
    const rejected = await prisma.candidate.findMany({ where: { companyId: acme.id, stage: "rejected" }, select: { name: true, rejectedAt: true, rejectReason: { select: { name: true } } } });
    expect(rejected.filter((c) => c.rejectReason).map((c) => [c.name, c.rejectReason!.name]).sort()).toEqual(
      expect.arrayContaining([
        ["Oliver Schmidt", "Compensation"],
        ["Yuki Tanaka", "Not a fit for the role"],
      ]),
    );
    expect(rejected.every((c) => c.rejectedAt !== null && Date.now() - c.rejectedAt.getTime() > 86_400_000)).toBe(true);
    const stageChange = await prisma.candidateActivity.findFirstOrThrow({ where: { type: "stage_changed", candidate: { name: "Lena Fischer" } }, orderBy: { createdAt: "desc" } });
    expect(stageChange.data).toMatchObject({ previous_stage: "technical_interview", new_stage: "onsite", previous_stage_name: "Technical interview", new_stage_name: "Onsite" });
    // A history of a few weeks for /reports: applications spread over weeks, stage changes after them.
    const oldest = await prisma.candidate.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
    expect(Date.now() - oldest.createdAt.getTime()).toBeGreaterThan(28 * 86_400_000);
    const early = await prisma.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM candidate_activities a JOIN candidates c ON c.id = a.candidate_id
       WHERE a.type = 'stage_changed' AND a.created_at < c.created_at`;
    expect(early[0]!.n).toBe(0);
    expect(await prisma.candidateActivity.count({ where: { type: "stage_changed" } })).toBeGreaterThanOrEqual(10);

    // Issue 28 item 14: the demo job (mode auto) has its candidates scored by the real scorer, so "Best fit"
    // means something on the first run: every candidate with a resume has a score with evidence quoted from
    // the resume as written, every one a recorded run (local engine, trigger rescore), and nobody was moved by it.
    const backendCandidates = await prisma.candidate.findMany({
      where: { jobId: backend.id },
      select: { id: true, name: true, resumeText: true, fitScore: true, fitStatus: true, fitEngine: true, fitCriteria: true, stage: true },
      orderBy: { id: "asc" },
    });
    const withResume = backendCandidates.filter((c) => c.resumeText);
    expect(withResume.length).toBeGreaterThanOrEqual(4);
    for (const c of withResume) {
      expect(c, c.name ?? "").toMatchObject({ fitStatus: "completed", fitEngine: "local" });
      expect(c.fitScore, c.name ?? "").not.toBeNull();
      const criteria = c.fitCriteria as Array<{ id: string; met: boolean | null; evidence: string; match?: string }>;
      expect(criteria.map((r) => r.id)).toEqual(["postgres", "go", "kafka", "experience", "eu", "lead"]);
      const postgres = criteria.find((r) => r.id === "postgres")!;
      expect(postgres).toMatchObject({ met: true, match: "PostgreSQL" });
      // The resume's line as written: the name it starts with, no redaction mark (issue 28 item 5).
      expect(postgres.evidence).toContain(c.name!);
      for (const r of criteria) expect(r.evidence, `${c.name} ${r.id}`).not.toContain("[removed]");
    }
    const scores = Object.fromEntries(withResume.map((c) => [c.name, c.fitScore]));
    expect(scores).toMatchObject({ "Lena Fischer": 100, "Elif Yılmaz": 100 });
    expect(Math.min(...withResume.map((c) => c.fitScore!))).toBeLessThan(80);
    // Candidates without a resume were scored too: nothing could be judged from a resume, so no score.
    for (const c of backendCandidates.filter((c) => !c.resumeText)) expect(c, c.name ?? "").toMatchObject({ fitStatus: "completed", fitScore: null });
    const runs = await prisma.screeningRun.findMany({ where: { jobId: backend.id }, select: { candidateId: true, trigger: true, status: true, engine: true, action: true, fitScore: true } });
    expect(runs).toHaveLength(backendCandidates.length);
    expect(new Set(runs.map((r) => r.candidateId))).toEqual(new Set(backendCandidates.map((c) => c.id)));
    for (const run of runs) expect(run).toMatchObject({ trigger: "rescore", status: "completed", engine: "local", action: null });
    expect(await prisma.candidateActivity.count({ where: { type: "stage_changed", candidate: { jobId: backend.id }, data: { path: ["changed_by"], equals: "ai_agent" } } })).toBe(0);
    expect(await prisma.event.count({ where: { type: "candidate.scored" } })).toBe(backendCandidates.length);
    // The other jobs have screening off: nothing scored there.
    expect(await prisma.candidate.count({ where: { jobId: { not: backend.id }, fitStatus: { not: null } } })).toBe(0);

    const second = await runScript("seed", [], envWith(database.url));
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain("exists already");
    expect(second.stdout).not.toMatch(/hf_live_/);
    expect(await counts(prisma)).toEqual(afterFirst);
  });

  it("two seeds at once write one Acme", async () => {
    const other = await createDatabase(inject("adminUrl"), { migrate: true });
    const client = createPrismaClient(other.url, { max: 6 });
    try {
      const results = await Promise.all([seedDemo(client), seedDemo(client)]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      expect(results[0]!.company.id).toBe(results[1]!.company.id);
      expect(await counts(client)).toMatchObject({ companies: 1, users: 3, apiKeys: 1, jobs: 3 });
    } finally {
      await client.$disconnect();
      await other.drop();
    }
  });
});
