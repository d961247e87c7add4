import { type PrismaClient } from "@hireflow/db";
import { z } from "zod";
import { hashPassword } from "../auth/passwords.ts";
import { USER_ROLES } from "../auth/roles.ts";
import { AppError, isUniqueViolation, zodIssuesToDetails } from "../errors.ts";

const newUserInput = z.object({
  companyId: z.number().int().positive(),
  email: z.email().max(254),
  password: z.string().min(8, "Must be at least 8 characters").max(200),
  name: z.string().trim().min(1).max(200).optional(),
  role: z.enum(USER_ROLES).optional(),
});

/** A member without an invitation (admin CLI, seeds, tests): role owner unless said otherwise. */
export async function createUser(prisma: PrismaClient, input: z.input<typeof newUserInput>) {
  const parsed = newUserInput.safeParse(input);
  if (!parsed.success) throw AppError.validation(zodIssuesToDetails(parsed.error.issues));
  const { companyId, email, password, name, role } = parsed.data;
  const company = await prisma.company.findUnique({ where: { id: companyId }, select: { id: true } });
  if (!company) throw AppError.notFound("Company", companyId);
  try {
    return await prisma.user.create({
      data: { companyId, email: email.toLowerCase(), name: name ?? null, role: role ?? "owner", passwordHash: await hashPassword(password) },
      select: { id: true, email: true, name: true, companyId: true, role: true },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `A user with e-mail ${email} already exists`);
    throw error;
  }
}
