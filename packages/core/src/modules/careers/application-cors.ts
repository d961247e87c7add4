import { type PrismaClient } from "@hireflow/db";

/**
 * Whether `origin` is a site the job's company lists in Settings → Privacy (allowed_origins): a
 * company's own website may then host the application form and post it cross-origin. Any job of
 * the company counts (a closed job's refusal must be readable by that site too); an unknown job or
 * an origin the company does not list gets no CORS headers, so the browser keeps the answer from the page.
 */
export async function applicationOriginAllowed(prisma: PrismaClient, jobId: number, origin: string): Promise<boolean> {
  const job = await prisma.job.findUnique({ where: { id: jobId }, select: { company: { select: { allowedOrigins: true } } } });
  return job?.company.allowedOrigins.includes(origin.toLowerCase()) ?? false;
}
