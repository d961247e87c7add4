import { waitForApiKeyCaches } from "./auth/api-key-cache.ts";
import { canManageSettings, type UserRole } from "../../kernel/roles.ts";
import { normalizeScopes } from "../../kernel/scopes.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { type ConnectedAppDto, type CreatePartnerAppInput, type PartnerAppDto } from "./contract/connected-app.ts";
import { AppError } from "../../kernel/errors.ts";
import { registerClient } from "./oauth/clients.ts";
import { OAuthError } from "./oauth/errors.ts";
import { assertRegistrableRedirectUri } from "./oauth/redirect-uris.ts";
import { recordAudit } from "../audit/audit.ts";

/**
 * Settings → Connected apps (docs/OAUTH.md): the OAuth grants members gave apps, and the partner
 * apps admins pre-register. A member sees and revokes their own grants; owners and admins every grant
 * of the company. Revoking ends every token of the grant at once in every process (api-key-cache.ts).
 */
export interface Viewer {
  userId: string;
  role: UserRole;
}

const grantInclude = { client: { select: { id: true, name: true, clientUri: true, kind: true } }, user: { select: { id: true, name: true, email: true } } } as const;

export async function listConnectedApps(svc: ServiceContext, viewer: Viewer): Promise<ConnectedAppDto[]> {
  const rows = await svc.db.oAuthGrant.findMany({
    where: canManageSettings(viewer.role) ? {} : { userId: viewer.userId },
    include: grantInclude,
    orderBy: [{ revokedAt: { sort: "desc", nulls: "first" } }, { id: "desc" }],
    take: 500,
  });
  return rows.map((row) => ({
    id: row.id,
    client: { id: row.client.id, name: row.client.name, uri: row.client.clientUri, kind: row.client.kind },
    member: row.user,
    scopes: normalizeScopes(row.scopes),
    resource: row.resource,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  }));
}

export async function revokeConnectedApp(svc: ServiceContext, viewer: Viewer, id: number): Promise<void> {
  let revoked = false;
  await svc.db.$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.findFirst({ where: { id, ...(canManageSettings(viewer.role) ? {} : { userId: viewer.userId }) }, include: grantInclude });
    if (!grant) throw AppError.notFound("Connected app", id);
    const { count } = await tx.oAuthGrant.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    revoked = count === 1;
    if (revoked) await recordAudit(tx, svc, { action: "oauth_grant.revoked", target: { type: "oauth_grant", id, label: grant.client.name }, data: { member: grant.user.email } });
  });
  if (revoked) await waitForApiKeyCaches(svc.db);
}

function toPartnerApp(row: { id: string; name: string; clientUri: string | null; redirectUris: string[]; secretHash: string | null; createdAt: Date }): PartnerAppDto {
  return { client_id: row.id, name: row.name, client_uri: row.clientUri, redirect_uris: row.redirectUris, confidential: row.secretHash !== null, created_at: row.createdAt.toISOString() };
}

export async function listPartnerApps(svc: ServiceContext): Promise<PartnerAppDto[]> {
  const rows = await svc.db.oAuthClient.findMany({ where: { companyId: svc.companyId, kind: "preregistered" }, orderBy: { createdAt: "desc" }, take: 200 });
  return rows.map(toPartnerApp);
}

export async function createPartnerApp(svc: ServiceContext, input: CreatePartnerAppInput): Promise<{ app: PartnerAppDto; client_secret: string | null }> {
  let redirectUris: string[];
  try {
    redirectUris = input.redirect_uris.map(assertRegistrableRedirectUri);
  } catch (error) {
    if (OAuthError.is(error)) throw AppError.validation([{ field: "redirect_uris", message: error.description }]);
    throw error;
  }
  const { client, secret, createdAt } = await registerClient(
    svc.db as never,
    { name: input.name, clientUri: input.client_uri ?? null, redirectUris, confidential: input.confidential },
    { kind: "preregistered", companyId: svc.companyId },
  );
  await recordAudit(svc.db, svc, { action: "oauth_client.registered", target: { type: "oauth_client", id: client.id, label: client.name }, data: { redirect_uris: redirectUris, confidential: input.confidential } });
  return { app: toPartnerApp({ id: client.id, name: client.name, clientUri: client.clientUri, redirectUris, secretHash: secret, createdAt }), client_secret: secret };
}
