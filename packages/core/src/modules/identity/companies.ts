import { type PrismaClient } from "@hireflow/db";
import { AppError, isUniqueViolation } from "../../kernel/errors.ts";

export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return slug || "company";
}

/** Creates a company with a unique slug derived from its name ("acme", "acme-2", …). */
export async function createCompany(prisma: PrismaClient, input: { name: string; slug?: string; defaultPhoneRegion?: string }) {
  const name = input.name.trim();
  if (!name || name.length > 200) throw AppError.validation([{ field: "name", message: "Must be 1 to 200 characters" }]);
  const base = input.slug ? slugify(input.slug) : slugify(name);
  for (let n = 1; n < 1000; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    try {
      return await prisma.company.create({
        data: { name, slug, defaultPhoneRegion: (input.defaultPhoneRegion ?? "US").toUpperCase() },
      });
    } catch (error) {
      if (!isUniqueViolation(error) || input.slug) throw error;
    }
  }
  throw new AppError("conflict", `No free slug for ${name}`);
}
