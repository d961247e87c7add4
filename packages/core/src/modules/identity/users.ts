import { type PrismaClient } from "@hireflow/db";
import { z } from "zod";
import { hashPassword } from "./auth/passwords.ts";
import { USER_ROLES } from "../../kernel/roles.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { type ListUsersInput, type UserDto } from "./contract/user.ts";
import { AppError, isUniqueViolation, zodIssuesToDetails } from "../../kernel/errors.ts";
import { DEFAULT_PAGE_SIZE, decodeTimeCursor, timePage } from "../../kernel/pagination.ts";

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

/** GET /users: the company's members, oldest first, keyset-paginated on (created_at, id). */
export async function listCompanyUsers(svc: ServiceContext, input: ListUsersInput): Promise<{ data: UserDto[]; pagination: { next_cursor: string | null; has_more: boolean } }> {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  const after = decodeTimeCursor(input.cursor);
  const rows = await svc.db.user.findMany({
    where: after === undefined ? {} : { OR: [{ createdAt: { gt: after.at } }, { createdAt: after.at, id: { gt: after.id } }] },
    select: { id: true, name: true, email: true, role: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const { items, pagination } = timePage(rows, limit, (row) => row.createdAt);
  return { data: items.map((row) => ({ id: row.id, name: row.name, email: row.email, role: row.role })), pagination };
}
