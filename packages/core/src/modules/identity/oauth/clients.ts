import { randomBytes, timingSafeEqual } from "node:crypto";
import { type PrismaClient } from "@hireflow/db";
import { hashOAuthSecret, newOAuthSecret } from "../auth/oauth-tokens.ts";
import { OAuthError } from "./errors.ts";
import { fetchClientMetadataDocument, isMetadataDocumentClientId } from "./metadata-document.ts";
import { assertRegistrableRedirectUri } from "./redirect-uris.ts";

/** What the consent screen and the endpoints need of a client. */
export interface OAuthClientInfo {
  id: string;
  kind: "preregistered" | "dynamic" | "metadata_document";
  companyId: number | null;
  name: string;
  clientUri: string | null;
  redirectUris: string[];
  /** A confidential client authenticates at the token endpoint with its secret. */
  confidential: boolean;
}

const MAX_REDIRECT_URIS = 10;
/** A metadata document is fetched again after this long (its HTTP caching headers are not trusted further). */
const METADATA_DOCUMENT_MAX_AGE_MS = 10 * 60_000;

export interface ClientRegistration {
  name: string;
  clientUri: string | null;
  redirectUris: string[];
  confidential: boolean;
}

/** The RFC 7591 metadata this server understands, validated; anything else is ignored as the RFC allows. */
export function parseClientMetadata(body: unknown): ClientRegistration {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new OAuthError("invalid_client_metadata", "The body must be a JSON object");
  const meta = body as Record<string, unknown>;
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthError("invalid_redirect_uri", `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs`);
  }
  const redirectUris = uris.map(assertRegistrableRedirectUri);
  const method = meta.token_endpoint_auth_method ?? "none";
  if (method !== "none" && method !== "client_secret_basic" && method !== "client_secret_post") {
    throw new OAuthError("invalid_client_metadata", "token_endpoint_auth_method must be none, client_secret_basic or client_secret_post");
  }
  const grantTypes = meta.grant_types ?? ["authorization_code"];
  if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token")) {
    throw new OAuthError("invalid_client_metadata", "grant_types may hold authorization_code and refresh_token only");
  }
  const responseTypes = meta.response_types ?? ["code"];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== "code")) throw new OAuthError("invalid_client_metadata", "response_types may hold code only");
  const name = typeof meta.client_name === "string" && meta.client_name.trim() ? meta.client_name.trim().slice(0, 100) : null;
  if (!name) throw new OAuthError("invalid_client_metadata", "client_name is required: members see it on the consent screen");
  let clientUri: string | null = null;
  if (meta.client_uri !== undefined) {
    if (typeof meta.client_uri !== "string" || !/^https?:\/\//.test(meta.client_uri) || meta.client_uri.length > 2000) {
      throw new OAuthError("invalid_client_metadata", "client_uri must be an http(s) URL");
    }
    clientUri = meta.client_uri;
  }
  return { name, clientUri, redirectUris, confidential: method !== "none" };
}

export interface RegisteredClient {
  client: OAuthClientInfo;
  /** Shown once, for confidential clients. */
  secret: string | null;
  createdAt: Date;
}

/** Stores a client (Dynamic Client Registration, or an admin's pre-registered partner app). */
export async function registerClient(prisma: PrismaClient, registration: ClientRegistration, owner: { kind: "dynamic" } | { kind: "preregistered"; companyId: number }): Promise<RegisteredClient> {
  const id = `hfc_${randomBytes(16).toString("base64url")}`;
  const secret = registration.confidential ? newOAuthSecret("hfc_secret_") : null;
  const row = await prisma.oAuthClient.create({
    data: {
      id,
      kind: owner.kind,
      companyId: owner.kind === "preregistered" ? owner.companyId : null,
      name: registration.name,
      clientUri: registration.clientUri,
      redirectUris: registration.redirectUris,
      secretHash: secret ? hashOAuthSecret(secret) : null,
    },
  });
  return { client: toInfo(row), secret, createdAt: row.createdAt };
}

type ClientRow = { id: string; kind: OAuthClientInfo["kind"]; companyId: number | null; name: string; clientUri: string | null; redirectUris: string[]; secretHash: string | null };

function toInfo(row: ClientRow): OAuthClientInfo {
  return { id: row.id, kind: row.kind, companyId: row.companyId, name: row.name, clientUri: row.clientUri, redirectUris: row.redirectUris, confidential: row.secretHash !== null };
}

/**
 * The client behind a client_id, or invalid_client. An https client_id is a Client ID Metadata
 * Document: fetched (through the SSRF guard) on first use and again once the stored copy is old.
 */
export async function findClient(prisma: PrismaClient, clientId: unknown): Promise<OAuthClientInfo> {
  if (typeof clientId !== "string" || clientId.length === 0 || clientId.length > 2000) throw new OAuthError("invalid_client", "Unknown client_id");
  const row = await prisma.oAuthClient.findUnique({ where: { id: clientId } });
  if (!isMetadataDocumentClientId(clientId)) {
    if (!row) throw new OAuthError("invalid_client", "Unknown client_id");
    return toInfo(row);
  }
  if (row?.fetchedAt && Date.now() - row.fetchedAt.getTime() < METADATA_DOCUMENT_MAX_AGE_MS) return toInfo(row);
  const document = await fetchClientMetadataDocument(clientId);
  const data = { kind: "metadata_document" as const, name: document.name, clientUri: document.clientUri, redirectUris: document.redirectUris, fetchedAt: new Date() };
  const saved = await prisma.oAuthClient.upsert({ where: { id: clientId }, create: { id: clientId, ...data }, update: data });
  return toInfo(saved);
}

/**
 * Client authentication at the token and revocation endpoints: a confidential client proves its
 * secret (HTTP Basic or form field); a public client only names itself (PKCE protects its codes).
 */
export async function authenticateClient(prisma: PrismaClient, credentials: { clientId?: string | null; clientSecret?: string | null }): Promise<OAuthClientInfo> {
  if (!credentials.clientId) throw new OAuthError("invalid_client", "client_id is required");
  const row = isMetadataDocumentClientId(credentials.clientId) ? await findClient(prisma, credentials.clientId) : await prisma.oAuthClient.findUnique({ where: { id: credentials.clientId } });
  if (!row) throw new OAuthError("invalid_client", "Unknown client_id");
  const secretHash = "secretHash" in row ? row.secretHash : null;
  if (secretHash) {
    const given = credentials.clientSecret ? Buffer.from(hashOAuthSecret(credentials.clientSecret)) : null;
    if (!given || !timingSafeEqual(given, Buffer.from(secretHash))) throw new OAuthError("invalid_client", "Client authentication failed");
  }
  return "secretHash" in row ? toInfo(row as ClientRow) : row;
}
