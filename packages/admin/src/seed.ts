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
  loadScreeningSubject,
  saveScreeningOutcome,
  systemContext,
  updateCandidate,
  verifyPassword,
} from "@hireflow/core";
// The scorer of the candidate-screen job (a separate entry of core, as the job imports it).
import { scoreCandidate } from "@hireflow/core/screening/engine";
import { type PrismaClient } from "@hireflow/db";
import { seedDemoInterviews } from "./demo-interviews.ts";
import { DEMO, DEMO_JOBS, type DemoJobKey } from "./demo-data.ts";
import { DEMO_CANDIDATES, DEMO_SELF_IDS, type DemoCandidate } from "./demo-candidates.ts";

export { DEMO };

export interface SeedResult {
  /** False when the demo company already existed and nothing was written. */
  seeded: boolean;
  company: { id: number; name: string; slug: string };
  /** The demo API key's secret: only when it was created just now, it is never stored. */
  apiKey?: { id: number; secret: string };
  counts?: { jobs: number; candidates: number; notes: number; scored: number };
}

const companySelect = { id: true, name: true, slug: true } as const;

function findDemoCompany(prisma: PrismaClient) {
  return prisma.company.findUnique({ where: { slug: DEMO.companySlug }, select: companySelect });
}

/**
 * Writes the demo tenant (Acme: an owner, a recruiter, an API key, three jobs, candidates with notes) unless a
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

/** The demo candidate with interviews (in the backend job's onsite stage). */
const DEMO_INTERVIEWED = DEMO_CANDIDATES.find((candidate) => candidate.name === "Lena Fischer")!.email;

async function populate(prisma: PrismaClient, companyId: number): Promise<Pick<SeedResult, "apiKey" | "counts">> {
  const admin = await createUser(prisma, {
    companyId,
    email: DEMO.adminEmail,
    password: DEMO.adminPassword,
    name: DEMO.adminName,
    role: "owner",
  });
  const recruiter = await createUser(prisma, { companyId, email: DEMO.recruiterEmail, password: DEMO.adminPassword, name: DEMO.recruiterName, role: "recruiter" });
  const interviewer = await createUser(prisma, { companyId, email: DEMO.interviewerEmail, password: DEMO.adminPassword, name: DEMO.interviewerName, role: "interviewer" });
  // Acting as the admin, so notes, stage changes and the key show a person in the UI.
  const svc = systemContext(prisma, companyId, { type: "user", userId: admin.id });
  const { key, secret } = await createApiKey(svc, { name: DEMO.apiKeyName });
  // Offers need the owner's approval: the recruiter drafts one, the owner approves it, then it is sent (docs/OFFERS.md).
  await prisma.company.update({ where: { id: companyId }, data: { offerApprovalSteps: [{ approver_ids: [admin.id], required: 1 }] } });

  const jobIds = new Map<DemoJobKey, number>();
  for (const job of DEMO_JOBS) {
    // Screening is switched on after the demo candidates exist: the agent scores new applicants,
    // and the seeded pipeline stays as written (a freshly started app does not reshuffle it).
    const { screening: _screening, ...withoutScreening } = job.input as typeof job.input & { screening?: unknown };
    // The recruiter leads the backend hire: a job's hiring-team lead sees every scorecard of it (issue 26).
    const leads = job.key === "backend" ? { hiring_team_lead_ids: [recruiter.id] } : {};
    const created = await createJob(svc, createJobInput.parse({ ...withoutScreening, ...leads }));
    jobIds.set(job.key, created.id);
  }

  // The company's reject reasons (its defaults come with the company): the demo rejections name some.
  const reasons = new Map((await prisma.rejectReason.findMany({ where: { companyId }, select: { id: true, name: true } })).map((r) => [r.name, r.id]));
  const reasonId = (name: string) => {
    const id = reasons.get(name);
    if (id === undefined) throw new Error(`The demo data names the reject reason "${name}", which the company does not have`);
    return id;
  };
  let notes = 0;
  const created: number[] = [];
  for (const candidate of DEMO_CANDIDATES) {
    const input = createCandidateInput.parse({
      job_id: jobIds.get(candidate.job),
      name: candidate.name,
      email: candidate.email,
      phone: candidate.phone,
      location: candidate.location,
      linkedin: candidate.linkedin,
      stage: candidate.stage,
      self_id: DEMO_SELF_IDS[candidate.email],
    });
    const { id } = await createCandidate(svc, input, { source: candidate.source, leadType: candidate.leadType });
    created.push(id);
    if (candidate.resume) await attachResume(prisma, companyId, id, candidate);
    for (const note of candidate.notes) {
      await addNote(svc, id, note);
      notes++;
    }
    for (const move of candidate.moves ?? []) {
      await updateCandidate(svc, { id, stage: move.to, ...(move.rejectReason && { reject_reason_id: reasonId(move.rejectReason) }) });
    }
    await backdate(prisma, companyId, id, candidate);
    if (candidate.email === DEMO_INTERVIEWED) {
      await seedDemoInterviews(prisma, svc, { jobId: jobIds.get(candidate.job)!, candidateId: id, panel: [interviewer.id, admin.id] });
    }
  }
  for (const job of DEMO_JOBS) {
    const screening = (job.input as { screening?: ScreeningSettingsInput }).screening;
    if (screening) await updateJob(svc, { id: jobIds.get(job.key)!, screening });
  }
  const scored = await scoreDemoCandidates(systemContext(prisma, companyId), created);

  return { apiKey: { id: key.id, secret }, counts: { jobs: DEMO_JOBS.length, candidates: DEMO_CANDIDATES.length, notes, scored } };
}

/**
 * Scores the demo candidates of jobs with screening on, as the candidate-screen job does (issue 28
 * item 14): the same subject, the local engine (never a model: the seed is offline and
 * deterministic), the same save — fit, screening run, candidate.scored. With the trigger
 * "rescore", which never moves anyone: the seeded pipeline stays as written, and the agent's one
 * move stays for applicants to come (a candidate scored before is not moved later either, as for
 * any re-scored candidate). Returns how many were scored.
 */
async function scoreDemoCandidates(svc: ReturnType<typeof systemContext>, candidateIds: readonly number[]): Promise<number> {
  let scored = 0;
  for (const id of candidateIds) {
    const subject = await loadScreeningSubject(svc, id);
    if (!subject) continue; // the job's screening is off
    const outcome = await scoreCandidate(subject.input, null);
    const saved = await saveScreeningOutcome(svc, subject, outcome, "rescore");
    if (saved.saved) scored++;
  }
  return scored;
}

/**
 * Moves a demo candidate's history into the past: applied `appliedDaysAgo` days ago, each stage
 * change `afterDays` after that (a hire or rejection at its move), notes an hour apart after the last
 * change, so /reports shows weeks of history. Only the timestamps change; the events already recorded
 * keep the seed's time.
 */
async function backdate(prisma: PrismaClient, companyId: number, candidateId: number, candidate: DemoCandidate): Promise<void> {
  const day = 86_400_000;
  const appliedAt = new Date(Date.now() - candidate.appliedDaysAgo * day);
  const moves = (candidate.moves ?? []).map((move) => new Date(appliedAt.getTime() + move.afterDays * day));
  const activities = await prisma.candidateActivity.findMany({ where: { companyId, candidateId }, select: { id: true, type: true }, orderBy: { id: "asc" } });
  const last = moves.at(-1) ?? appliedAt;
  let moved = 0;
  let noted = 0;
  for (const activity of activities) {
    const at =
      activity.type === "stage_changed" ? moves[moved++]! : activity.type === "created" ? appliedAt : new Date(last.getTime() + ++noted * 3_600_000);
    await prisma.candidateActivity.update({ where: { id: activity.id }, data: { createdAt: at } });
  }
  await prisma.candidate.update({ where: { id: candidateId }, data: { createdAt: appliedAt, updatedAt: last } });
  // A hire or rejection happened at the last move (the outcome's time, which the move set to now).
  await prisma.$executeRaw`
    UPDATE candidates SET hired_at = CASE WHEN hired_at IS NOT NULL THEN ${last}::timestamptz END, rejected_at = CASE WHEN rejected_at IS NOT NULL THEN ${last}::timestamptz END
     WHERE id = ${candidateId} AND company_id = ${companyId}`;
}

/**
 * A demo resume without a file: what the parser would have stored (status, extracted fields, full
 * text), so that search finds the demo candidates by a skill and the candidate page shows them.
 */
async function attachResume(prisma: PrismaClient, companyId: number, candidateId: number, candidate: DemoCandidate): Promise<void> {
  const resume = candidate.resume!;
  await prisma.candidate.update({
    where: { id: candidateId, companyId },
    data: {
      resumeStatus: "completed",
      resumeText: resume.text,
      resumeData: {
        parser: "demo",
        name: candidate.name,
        email: candidate.email,
        skills: resume.skills,
        text_excerpt: resume.text,
        ...(resume.years !== undefined && { total_experience_years: resume.years }),
      },
    },
  });
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

/** A demo sign-in (the owner, or the recruiter), while it still has the documented password; null once it was changed. */
export async function demoLogin(prisma: PrismaClient, email: string = DEMO.adminEmail): Promise<{ email: string; password: string } | null> {
  const user = await prisma.user.findUnique({ where: { email }, select: { passwordHash: true } });
  if (!user || !(await verifyPassword(DEMO.adminPassword, user.passwordHash))) return null;
  return { email, password: DEMO.adminPassword };
}
