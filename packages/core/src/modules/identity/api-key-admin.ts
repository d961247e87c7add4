import { type Prisma } from "@hireflow/db";
import { tenantRow } from "../../kernel/tenancy.ts";
import { waitForApiKeyCaches } from "./auth/api-key-cache.ts";
import { generateApiKey } from "./auth/api-keys.ts";
import { API_SCOPES, type ApiScope, isApiScope, normalizeScopes } from "../../kernel/scopes.ts";
import { type ServiceContext, actorUserId } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { recordAudit } from "../audit/audit.ts";

export interface ApiKeyDto {
  id: number;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  created_by: { id: string; name: string | null; email: string } | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/**
 * Creates a key with `scopes` (omitted: every scope); the secret is returned only here, and only
 * its SHA-256 is stored.
 */
export async function createApiKey(svc: ServiceContext, input: { name?: string; scopes?: readonly string[] }): Promise<{ key: ApiKeyDto; secret: string }> {
  const name = (input.name ?? "Default").trim();
  if (!name || name.length > 100) throw AppError.validation([{ field: "name", message: "Must be 1 to 100 characters" }]);
  const scopes = validScopes(input.scopes);
  const generated = generateApiKey();
  const row = await svc.db.$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: tenantRow<Prisma.ApiKeyUncheckedCreateInput>({
        name,
        prefix: generated.prefix,
        secretHash: generated.secretHash,
        scopes,
        createdById: actorUserId(svc.actor),
      }),
      include: { createdBy: { select: { id: true, name: true, email: true } } },
    });
    await recordAudit(tx, svc, { action: "api_key.created", target: { type: "api_key", id: created.id, label: `${name} (${generated.prefix}…)` }, data: { scopes } });
    return created;
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

/**
 * Revocation is immediate: the answer waits until every server that caches keys (api-key-cache.ts)
 * has dropped it, and those that don't read revoked_at on every request. Revoking twice changes nothing.
 */
export async function revokeApiKey(svc: ServiceContext, id: number): Promise<ApiKeyDto> {
  let revoked = false;
  const row = await svc.db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    const key = await tx.apiKey.findUnique({ where: { id }, include: { createdBy: { select: { id: true, name: true, email: true } } } });
    if (!key) throw AppError.notFound("API key", id);
    if (count === 1) await recordAudit(tx, svc, { action: "api_key.revoked", target: { type: "api_key", id, label: `${key.name} (${key.prefix}…)` } });
    revoked = count === 1;
    return key;
  });
  if (revoked) await waitForApiKeyCaches(svc.db);
  return serializeApiKey(row);
}

/** Scopes as given (callers other than the zod-validated procedure: the admin CLI, seeds), checked here too. */
function validScopes(scopes: readonly string[] | undefined): ApiScope[] {
  if (scopes === undefined) return [...API_SCOPES];
  const unknown = scopes.filter((scope) => !isApiScope(scope));
  if (unknown.length) {
    throw AppError.validation([{ field: "scopes", message: `Unknown scope ${unknown.map((s) => JSON.stringify(s)).join(", ")}; one of ${API_SCOPES.join(", ")}` }]);
  }
  if (!scopes.length) throw AppError.validation([{ field: "scopes", message: "Choose at least one scope" }]);
  return normalizeScopes(scopes);
}

export interface MeDto {
  company: { id: number; name: string };
  api_key: { id: number; name: string; prefix: string; scopes: ApiScope[]; created_at: string };
}

/** GET /me: the calling key and its company (authentication already refused a revoked key). */
export async function describeApiKey(svc: ServiceContext, apiKeyId: number): Promise<MeDto> {
  const key = await svc.db.apiKey.findUnique({ where: { id: apiKeyId }, include: { company: { select: { id: true, name: true } } } });
  if (!key || key.revokedAt) throw new AppError("unauthorized", "API key is missing or invalid");
  return {
    company: { id: key.company.id, name: key.company.name },
    api_key: { id: key.id, name: key.name, prefix: key.prefix, scopes: normalizeScopes(key.scopes), created_at: key.createdAt.toISOString() },
  };
}

function serializeApiKey(row: {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: { id: string; name: string | null; email: string } | null;
}): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: normalizeScopes(row.scopes),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
