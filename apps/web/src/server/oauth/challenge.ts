import { type ProtectedApi } from "@hireflow/core";
import { requestOrigin } from "../../lib/server/request-origin.ts";

/**
 * Where a client learns how to get a token for `api` (RFC 9728 §5.1): the path-suffixed protected
 * resource metadata of that API, on the server's origin (request-origin.ts).
 */
export function resourceMetadataUrl(origin: string, api: ProtectedApi): string {
  return `${origin}/.well-known/oauth-protected-resource/${api}`;
}

export interface BearerChallengeOptions {
  /**
   * RFC 6750 §3.1: `invalid_token` when a bearer token was sent and is not good here (unknown, expired,
   * revoked, for another resource), `insufficient_scope` for a 403 (MCP's step-up); none when the request
   * carried no bearer token at all.
   */
  error?: "invalid_token" | "insufficient_scope";
  /** The scopes to ask for: the resource's (a 401), or those the refused operation needs (a 403). */
  scope?: readonly string[];
  description?: string;
}

/** RFC 6750's error_description allows printable ASCII but `"` and `\`. */
const quotable = (text: string) => text.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, "'");

/**
 * The `WWW-Authenticate` value of a refusal from `api` (RFC 6750 §3 with RFC 9728's resource_metadata and
 * MCP's scope): `Bearer [error="…", ]resource_metadata="…"[, scope="…"][, error_description="…"]`.
 */
export function bearerChallenge(req: Request, api: ProtectedApi, options: BearerChallengeOptions = {}): string {
  const params: string[] = [];
  if (options.error) params.push(`error="${options.error}"`);
  params.push(`resource_metadata="${resourceMetadataUrl(requestOrigin(req), api)}"`);
  if (options.scope?.length) params.push(`scope="${options.scope.join(" ")}"`);
  if (options.description) params.push(`error_description="${quotable(options.description)}"`);
  return `Bearer ${params.join(", ")}`;
}

/** Whether the request sent a bearer token (whatever it is worth): its 401 then says `error="invalid_token"`. */
export function sentBearerToken(req: Request): boolean {
  return /^Bearer[ \t]+\S/i.test(req.headers.get("authorization") ?? "");
}

export const INVALID_TOKEN_DESCRIPTION = "The token is unknown, expired or revoked, or was issued for another resource";

/**
 * Adds the challenge to a 401 (the body stays the API's error envelope): /api/v1's refusals. A request that
 * sent a bearer token gets `error="invalid_token"` (RFC 6750 §3.1), one without any gets none.
 */
export function withBearerChallenge(req: Request, response: Response, api: ProtectedApi, scope?: readonly string[]): Response {
  if (response.status === 401) {
    const options: BearerChallengeOptions = sentBearerToken(req) ? { error: "invalid_token", scope, description: INVALID_TOKEN_DESCRIPTION } : { scope };
    response.headers.set("www-authenticate", bearerChallenge(req, api, options));
  }
  return response;
}
