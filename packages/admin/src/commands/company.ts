import { AppError } from "@hireflow/core";
import { type PrismaClient } from "@hireflow/db";

/** The company an operator named with --company, or a not-found error naming it. */
export async function requireCompany(prisma: PrismaClient, id: number) {
  const company = await prisma.company.findUnique({ where: { id }, select: { id: true, name: true, slug: true } });
  if (!company) throw AppError.notFound("Company", id);
  return company;
}
