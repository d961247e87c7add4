import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, createJob, systemContext } from "../src/index.ts";
import { readCandidateRow } from "../src/modules/candidate/read.ts";
import { jobWithSlugAndStages, readJobRow } from "../src/modules/job/read.ts";
import { candidateRead } from "../src/modules/candidate/serialize.ts";

/**
 * GET candidate and GET job read their row with typed SQL instead of Prisma (services/candidate-read.ts,
 * job-read.ts). Their rows must be exactly Prisma's — every column, same types, nulls and JSON — and
 * another company's id must find nothing, as through the scoped client.
 */
describe("typed SQL reads return Prisma's rows", () => {
  const prisma = getPrisma();
  let a: ReturnType<typeof systemContext>;
  let b: ReturnType<typeof systemContext>;
  let jobId: number;

  beforeAll(async () => {
    const companyA = await createCompany(prisma, { name: `Typed ${randomBytes(4).toString("hex")}` });
    const companyB = await createCompany(prisma, { name: `Other ${randomBytes(4).toString("hex")}` });
    a = systemContext(prisma, companyA.id);
    b = systemContext(prisma, companyB.id);
    const job = await createJob(a, {
      title: "Platform Engineer",
      department: "Engineering",
      description: "Runs the platform",
      locations: ["Berlin", "Remote"],
      location_type: "hybrid",
      salary: { min: 70000, max: 90000, currency: "EUR" },
      screening_questions: [{ id: "permit", label: "Allowed to work in the EU?", type: "yes_no", required: true }],
    });
    jobId = job.id;
    await prisma.job.update({ where: { id: jobId }, data: { rescoreRequestedAt: new Date("2026-11-20T10:11:12.345Z") } });
  });

  it("a candidate with every column set", async () => {
    const created = await createCandidate(a, { job_id: jobId, name: "Ada Lovelace", email: `ada-${randomBytes(4).toString("hex")}@example.com`, phone: "+49 30 1234567", linkedin: "https://www.linkedin.com/in/ada", location: "London", stage: "applied", notes: "First note" }, { source: "public_api" });
    await prisma.candidate.update({
      where: { id: created.id },
      data: {
        rating: 4,
        fitScore: 87.5,
        atsCandidateId: "ats-1",
        answers: { permit: "yes" },
        resumeBlobKey: "resumes/1/abc.pdf",
        resumeFilename: "ada.pdf",
        resumeContentType: "application/pdf",
        resumeSize: 12345,
        resumeStatus: "completed",
        resumeData: { name: "Ada Lovelace", skills: ["Python", "Go"], total_experience_years: 7.5 },
        resumeError: null,
        resumeText: "Ada Lovelace — analytical engines",
        fitStatus: "completed",
        fitEngine: "local",
        fitScoredAt: new Date("2026-11-21T08:09:10.123Z"),
        fitCriteria: [{ id: "go", type: "skill", met: true, evidence: "Go" }],
        privacyConsentAt: new Date("2026-11-19T01:02:03.004Z"),
      },
    });
    const viaPrisma = await a.db.candidate.findUnique({ where: { id: created.id }, ...candidateRead });
    const typed = await readCandidateRow(a, created.id);
    expect(typed).toEqual(viaPrisma);
    expect(Object.keys(typed!).sort()).toEqual(Object.keys(viaPrisma!).sort());
    expect(typed).not.toHaveProperty("resumeText");
    expect(typed!.fitScore).toBe(87.5);
    expect(typed!.createdAt).toBeInstanceOf(Date);
  });

  it("a candidate with every optional column null", async () => {
    const created = await createCandidate(a, { job_id: jobId, name: "Bare Minimum" }, { source: "public_api" });
    expect(await readCandidateRow(a, created.id)).toEqual(await a.db.candidate.findUnique({ where: { id: created.id }, ...candidateRead }));
  });

  it("a rejected candidate with a reject reason, and one rejected without", async () => {
    const [reason] = await prisma.rejectReason.findMany({ where: { companyId: a.companyId }, orderBy: { id: "asc" }, take: 1 });
    for (const rejectReasonId of [reason!.id, null]) {
      const created = await createCandidate(a, { job_id: jobId, name: "Not This Time" }, { source: "public_api" });
      await prisma.candidate.update({ where: { id: created.id }, data: { stage: "rejected", rejectReasonId, rejectedAt: new Date("2026-11-22T10:00:00.000Z") } });
      const typed = await readCandidateRow(a, created.id);
      expect(typed).toEqual(await a.db.candidate.findUnique({ where: { id: created.id }, ...candidateRead }));
      expect(typed!.rejectReason).toEqual(rejectReasonId === null ? null : { id: reason!.id, name: reason!.name });
    }
  });

  it("a job", async () => {
    const typed = await readJobRow(a, jobId);
    const viaPrisma = await a.db.job.findUnique({ where: { id: jobId }, include: jobWithSlugAndStages });
    expect(typed).toEqual(viaPrisma);
    expect(Object.keys(typed!).sort()).toEqual(Object.keys(viaPrisma!).sort());
  });

  it("another company's ids find nothing", async () => {
    const created = await createCandidate(a, { job_id: jobId, name: "Not Yours" }, { source: "public_api" });
    expect(await readCandidateRow(b, created.id)).toBeNull();
    expect(await readJobRow(b, jobId)).toBeNull();
    expect(await readCandidateRow(a, 2_147_483_647)).toBeNull();
  });

  it("inside a transaction the reads go through the transaction's (scoped) client", async () => {
    const created = await createCandidate(a, { job_id: jobId, name: "In A Transaction" }, { source: "public_api" });
    await a.db.$transaction(async (tx) => {
      await tx.candidate.update({ where: { id: created.id }, data: { name: "Renamed, not committed" } });
      const seen = await readCandidateRow({ ...a, db: tx as typeof a.db }, created.id);
      expect(seen?.name).toBe("Renamed, not committed");
    });
  });
});
