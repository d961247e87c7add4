import { type Prisma } from "@hireflow/db";
import { tenantRow } from "../tenancy.ts";
import { generateApiKey } from "../auth/api-keys.ts";
import { type ServiceContext, actorUserId } from "../context.ts";
import { AppError } from "../errors.ts";

export interface ApiKeyDto {
  id: number;
  name: string;
  prefix: string;
  created_by: { id: string; name: string | null; email: string } | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Creates a key; the secret is returned only here, and only its SHA-256 is stored. */
export async function createApiKey(svc: ServiceContext, input: { name?: string }): Promise<{ key: ApiKeyDto; secret: string }> {
  const name = (input.name ?? "Default").trim();
  if (!name || name.length > 100) throw AppError.validation([{ field: "name", message: "Must be 1 to 100 characters" }]);
  const generated = generateApiKey();
  const row = await svc.db.apiKey.create({
    data: tenantRow<Prisma.ApiKeyUncheckedCreateInput>({ name, prefix: generated.prefix, secretHash: generated.secretHash, createdById: actorUserId(svc.actor) }),
    include: { createdBy: { select: { id: true, name: true, email: true } } },
  });
  return { key: serializeApiKey(row), secret: generated.secret };
}

export async function listApiKeys(svc: ServiceContext): Promise<ApiKeyDto[]> {
  const rows = await svc.db.apiKey.findMany({
    orderBy: { id: "desc" },
    include: { createdBy: { select: { id: true, name: true, email: true } } },
  });
  return rows.map(serializeApiKey);
}

/** Revocation is immediate: authentication reads revoked_at on every request. */
export async function revokeApiKey(svc: ServiceContext, id: number): Promise<ApiKeyDto> {
  const existing = await svc.db.apiKey.findUnique({ where: { id } });
  if (!existing) throw AppError.notFound("API key", id);
  const row = await svc.db.apiKey.update({
    where: { id },
    data: { revokedAt: existing.revokedAt ?? new Date() },
    include: { createdBy: { select: { id: true, name: true, email: true } } },
  });
  return serializeApiKey(row);
}

function serializeApiKey(row: {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: { id: string; name: string | null; email: string } | null;
}): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
