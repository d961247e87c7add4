import { getPrisma } from "@hireflow/db";
import { getRateLimiter, logger } from "@hireflow/core";
import { authenticateClient, parseClientMetadata, registerClient } from "@hireflow/core/identity/oauth/clients";
import { OAuthError } from "@hireflow/core/identity/oauth/errors";
import { exchangeAuthorizationCode, refreshTokens, revokeToken } from "@hireflow/core/identity/oauth/token-grants";
import { clientIp } from "../../lib/server/client-ip.ts";
import { readBodyLimited } from "../rest/body.ts";
import { oauthJson } from "./metadata.ts";

/**
 * The authorization server's HTTP endpoints (docs/OAUTH.md): token (RFC 6749 §3.2, OAuth 2.1),
 * revocation (RFC 7009) and Dynamic Client Registration (RFC 7591). They speak the OAuth error format,
 * never log a token or secret, and answer every bad input with a 4xx.
 */
const FORM_LIMIT = 16_384;

function oauthErrorResponse(error: unknown): Response {
  if (OAuthError.is(error)) {
    const headers: Record<string, string> = error.status === 401 ? { "www-authenticate": 'Basic realm="hireflow"' } : {};
    return oauthJson(error.toJSON(), error.status, headers);
  }
  if (error && typeof error === "object" && "code" in error && (error as { code: string }).code === "payload_too_large") {
    return oauthJson({ error: "invalid_request", error_description: "The request body is too large" }, 413);
  }
  logger.error("oauth endpoint failed", { error: error instanceof Error ? error.message : String(error) });
  return oauthJson({ error: "server_error", error_description: "The server could not complete the request" }, 500);
}

async function readForm(req: Request): Promise<URLSearchParams> {
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) {
    throw new OAuthError("invalid_request", "The body must be application/x-www-form-urlencoded");
  }
  const bytes = await readBodyLimited(req, FORM_LIMIT);
  return new URLSearchParams(new TextDecoder().decode(bytes));
}

/** One value of a form parameter; a parameter repeated is an error (RFC 6749 §3.1). */
function single(form: URLSearchParams, name: string): string | null {
  const values = form.getAll(name);
  if (values.length > 1) throw new OAuthError("invalid_request", `${name} is given more than once`);
  return values[0] ?? null;
}

/** client_secret_basic (Authorization: Basic) or client_secret_post / none (form fields). */
function clientCredentials(req: Request, form: URLSearchParams) {
  const basic = req.headers.get("authorization")?.match(/^Basic[ \t]+([A-Za-z0-9+/=]+)$/i)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new OAuthError("invalid_client", "Malformed Basic credentials");
    const decode = (value: string) => {
      try {
        return decodeURIComponent(value.replace(/\+/g, " "));
      } catch {
        throw new OAuthError("invalid_client", "Malformed Basic credentials");
      }
    };
    return { clientId: decode(decoded.slice(0, colon)), clientSecret: decode(decoded.slice(colon + 1)) };
  }
  return { clientId: single(form, "client_id"), clientSecret: single(form, "client_secret") };
}

export async function handleTokenRequest(req: Request): Promise<Response> {
  try {
    const form = await readForm(req);
    const client = await authenticateClient(getPrisma(), clientCredentials(req, form));
    const grantType = single(form, "grant_type");
    if (grantType === "authorization_code") {
      const tokens = await exchangeAuthorizationCode(getPrisma(), client, {
        code: single(form, "code"),
        codeVerifier: single(form, "code_verifier"),
        redirectUri: single(form, "redirect_uri"),
        resource: single(form, "resource"),
      });
      return oauthJson(tokens);
    }
    if (grantType === "refresh_token") {
      const tokens = await refreshTokens(getPrisma(), client, { refreshToken: single(form, "refresh_token"), resource: single(form, "resource"), scope: single(form, "scope") });
      return oauthJson(tokens);
    }
    throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token");
  } catch (error) {
    return oauthErrorResponse(error);
  }
}

export async function handleRevocationRequest(req: Request): Promise<Response> {
  try {
    const form = await readForm(req);
    const client = await authenticateClient(getPrisma(), clientCredentials(req, form));
    await revokeToken(getPrisma(), client, single(form, "token"));
    return oauthJson({});
  } catch (error) {
    return oauthErrorResponse(error);
  }
}

export async function handleRegistrationRequest(req: Request): Promise<Response> {
  try {
    // Registration is open (RFC 7591 without an initial access token): bounded per client IP.
    const limit = await getRateLimiter().hit(`oauth-register:${clientIp(req)}`, 20, 60_000);
    if (!limit.allowed) return oauthJson({ error: "invalid_request", error_description: `Too many registrations; retry in ${limit.resetSeconds} s` }, 429, { "retry-after": String(limit.resetSeconds) });
    if (!/^application\/json\s*(;|$)/i.test(req.headers.get("content-type") ?? "")) throw new OAuthError("invalid_client_metadata", "The body must be JSON");
    const bytes = await readBodyLimited(req, FORM_LIMIT);
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new OAuthError("invalid_client_metadata", "The body is not valid JSON");
    }
    const registration = parseClientMetadata(body);
    const { client, secret, createdAt } = await registerClient(getPrisma(), registration, { kind: "dynamic" });
    return oauthJson(
      {
        client_id: client.id,
        ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
        client_id_issued_at: Math.floor(createdAt.getTime() / 1000),
        client_name: client.name,
        ...(client.clientUri ? { client_uri: client.clientUri } : {}),
        redirect_uris: client.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: secret ? ((body as { token_endpoint_auth_method?: string }).token_endpoint_auth_method ?? "client_secret_basic") : "none",
      },
      201,
    );
  } catch (error) {
    return oauthErrorResponse(error);
  }
}
