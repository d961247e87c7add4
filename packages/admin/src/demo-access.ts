import { type PrismaClient } from "@hireflow/db";
import { DEMO, demoLogin, type SeedResult } from "./seed.ts";

/**
 * What to tell a developer about signing in: the demo admin while it keeps its documented password,
 * the demo API key only right after it was created (only its hash is stored), and how to get more.
 */
export async function demoAccessLines(prisma: PrismaClient, seed: SeedResult | null): Promise<string[]> {
  const company = seed?.company ?? (await prisma.company.findUnique({ where: { slug: DEMO.companySlug }, select: { id: true } }));
  const login = await demoLogin(prisma);
  const lines: string[] = [];
  lines.push(login ? `Admin sign-in:  ${login.email} / ${login.password}` : "Admin sign-in:  a user of yours (create one: npm run -s admin -- user:create --company <id> --email <e> --password <p>)");
  const recruiter = await demoLogin(prisma, DEMO.recruiterEmail);
  if (recruiter) lines.push(`Recruiter:      ${recruiter.email} / ${recruiter.password} (role recruiter: jobs and candidates, no settings)`);
  const interviewer = await demoLogin(prisma, DEMO.interviewerEmail);
  if (interviewer) lines.push(`Interviewer:    ${interviewer.email} / ${interviewer.password} (role interviewer: My interviews and scorecards only)`);
  if (seed?.apiKey) {
    lines.push(`API key:        ${seed.apiKey.secret}`);
    lines.push(`                (key "${DEMO.apiKeyName}" of ${seed.company.name}; shown only now, it is stored hashed)`);
  } else {
    lines.push(`API key:        shown once when created; make another: npm run -s admin -- apikey:create --company ${company?.id ?? "<id>"}`);
  }
  return lines;
}

export function seedSummary(seed: SeedResult): string {
  if (!seed.seeded) return `Demo company "${seed.company.name}" (id ${seed.company.id}) exists already; nothing seeded.`;
  const counts = seed.counts;
  return `Seeded demo company "${seed.company.name}" (id ${seed.company.id})${counts ? `: ${counts.jobs} jobs, ${counts.candidates} candidates, ${counts.notes} notes` : ""}.`;
}
