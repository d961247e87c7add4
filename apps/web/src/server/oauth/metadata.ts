import { API_SCOPES, type ApiScope, MCP_SCOPES, type ProtectedApi } from "@hireflow/core";

/** Metadata documents are public and fetched cross-origin by browser-based clients (MCP Inspector). */
export const OAUTH_CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "authorization, content-type, mcp-protocol-version",
  "access-control-max-age": "600",
};

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...OAUTH_CORS_HEADERS, "cache-control": "no-store", ...headers } });
}

export function corsPreflight(): Response {
  return new Response(null, { status: 204, headers: OAUTH_CORS_HEADERS });
}

/**
 * The scopes a resource uses: the MCP server only those of its tools and resources (MCP_SCOPES), the REST
 * API and the whole server every API scope. What its metadata advertises and its consent screen ticks.
 */
export function resourceScopes(api: ProtectedApi | null | undefined): readonly ApiScope[] {
  return api === "api/mcp" ? MCP_SCOPES : API_SCOPES;
}

/**
 * RFC 9728 protected resource metadata. `api` absent: the whole server (the origin), which is what
 * /.well-known/oauth-protected-resource describes; with it, the path-suffixed form for that API. MCP
 * clients ask for the scopes_supported of /api/mcp when its 401 names none (MCP's scope selection), so
 * that list holds only what the tools use.
 */
export function protectedResourceMetadata(origin: string, api?: ProtectedApi) {
  return {
    resource: api ? `${origin}/${api}` : origin,
    authorization_servers: [origin],
    scopes_supported: [...resourceScopes(api)],
    bearer_methods_supported: ["header"],
    resource_name: api === "api/mcp" ? "Hireflow MCP server" : api === "api/v1" ? "Hireflow REST API" : "Hireflow",
    resource_documentation: `${origin}/docs`,
  };
}

/** RFC 8414 authorization server metadata; the issuer is the origin. */
export function authorizationServerMetadata(origin: string) {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/oauth/authorize`,
    token_endpoint: `${origin}/api/oauth/token`,
    registration_endpoint: `${origin}/api/oauth/register`,
    revocation_endpoint: `${origin}/api/oauth/revoke`,
    scopes_supported: [...API_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    code_challenge_methods_supported: ["S256"],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: false,
    service_documentation: `${origin}/docs`,
  };
}
