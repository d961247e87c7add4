import {
  addNote,
  createApiKey,
  createCandidate,
  createCandidateInput,
  createCompany,
  createJob,
  createJobInput,
  type ScreeningSettingsInput,
  updateJob,
  createUser,
  isUniqueViolation,
  systemContext,
  updateCandidate,
  verifyPassword,
} from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";
import { DEMO, DEMO_CANDIDATES, DEMO_JOBS, type DemoJobKey } from "./demo-data.ts";

export { DEMO };

export interface SeedResult {
  /** False when the demo company already existed and nothing was written. */
  seeded: boolean;
  company: { id: number; name: string; slug: string };
  /** The demo API key's secret: only when it was created just now, it is never stored. */
  apiKey?: { id: number; secret: string };
  counts?: { jobs: number; candidates: number; notes: number };
}

const companySelect = { id: true, name: true, slug: true } as const;

function findDemoCompany(prisma: PrismaClient) {
  return prisma.company.findUnique({ where: { slug: DEMO.companySlug }, select: companySelect });
}

/**
 * Writes the demo tenant (Acme: an admin, an API key, three jobs, candidates with notes) unless a
 * company with its slug exists, so running it again changes nothing.
 */
export async function seedDemo(prisma: PrismaClient): Promise<SeedResult> {
  const existing = await findDemoCompany(prisma);
  if (existing) return { seeded: false, company: existing };

  let company: SeedResult["company"];
  try {
    company = await createCompany(prisma, { name: DEMO.companyName, slug: DEMO.companySlug, defaultPhoneRegion: DEMO.phoneRegion });
  } catch (error) {
    // Another seed won the race for the slug: that one writes the data.
    const winner = isUniqueViolation(error) ? await findDemoCompany(prisma) : null;
    if (winner) return { seeded: false, company: winner };
    throw error;
  }

  try {
    return { seeded: true, company: { id: company.id, name: company.name, slug: company.slug }, ...(await populate(prisma, company.id)) };
  } catch (error) {
    // A half-written Acme would make every later seed skip: remove it so the next run starts clean.
    await removeCompany(prisma, company.id).catch(() => {});
    throw error;
  }
}

async function populate(prisma: PrismaClient, companyId: number): Promise<Pick<SeedResult, "apiKey" | "counts">> {
  const admin = await createUser(prisma, {
    companyId,
    email: DEMO.adminEmail,
    password: DEMO.adminPassword,
    name: DEMO.adminName,
    role: "admin",
  });
  // Acting as the admin, so notes, stage changes and the key show a person in the UI.
  const svc = systemContext(prisma, companyId, { type: "user", userId: admin.id });
  const { key, secret } = await createApiKey(svc, { name: DEMO.apiKeyName });

  const jobIds = new Map<DemoJobKey, number>();
  for (const job of DEMO_JOBS) {
    // Screening is switched on after the demo candidates exist: the agent scores new applicants,
    // and the seeded pipeline stays as written (a freshly started app does not reshuffle it).
    const { screening: _screening, ...withoutScreening } = job.input as typeof job.input & { screening?: unknown };
    const created = await createJob(svc, createJobInput.parse(withoutScreening));
    jobIds.set(job.key, created.id);
  }

  let notes = 0;
  for (const candidate of DEMO_CANDIDATES) {
    const input = createCandidateInput.parse({
      job_id: jobIds.get(candidate.job),
      name: candidate.name,
      email: candidate.email,
      phone: candidate.phone,
      location: candidate.location,
      linkedin: candidate.linkedin,
      stage: candidate.stage,
    });
    const created = await createCandidate(svc, input, { source: candidate.source, leadType: candidate.leadType });
    for (const note of candidate.notes) {
      await addNote(svc, created.id, note);
      notes++;
    }
    if (candidate.movedTo) await updateCandidate(svc, { id: created.id, stage: candidate.movedTo });
  }
  for (const job of DEMO_JOBS) {
    const screening = (job.input as { screening?: ScreeningSettingsInput }).screening;
    if (screening) await updateJob(svc, { id: jobIds.get(job.key)!, screening });
  }

  return { apiKey: { id: key.id, secret }, counts: { jobs: DEMO_JOBS.length, candidates: DEMO_CANDIDATES.length, notes } };
}

async function removeCompany(prisma: PrismaClient, companyId: number): Promise<void> {
  // Jobs and candidates restrict deletes of their parents, so remove them before the cascade.
  await prisma.$transaction([
    prisma.candidateActivity.deleteMany({ where: { companyId } }),
    prisma.candidate.deleteMany({ where: { companyId } }),
    prisma.job.deleteMany({ where: { companyId } }),
    prisma.department.deleteMany({ where: { companyId } }),
    prisma.company.delete({ where: { id: companyId } }),
  ]);
}

/** The demo sign-in, while the demo admin still has the documented password; null once it was changed. */
export async function demoLogin(prisma: PrismaClient): Promise<{ email: string; password: string } | null> {
  const user = await prisma.user.findUnique({ where: { email: DEMO.adminEmail }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword(DEMO.adminPassword, user.passwordHash))) return null;
  return { email: DEMO.adminEmail, password: DEMO.adminPassword };
}
