import { randomBytes } from "node:crypto";
import { API_SCOPES, MCP_SCOPES } from "@hireflow/core";
import { hashOAuthSecret } from "@hireflow/core/identity/oauth-tokens";
import { getPrisma } from "@hireflow/db";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type OAuthClientInformationMixed, type OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { withAppEnv } from "../helpers/app.ts";
import { addApiKey } from "../helpers/fixtures.ts";
import { addMember, authorizationRequest, decide, issueTokens, registerTestClient, type TestMember } from "../helpers/oauth.ts";

/**
 * /api/mcp signed in with OAuth, driven by the MCP SDK's own client auth (the transport's authProvider):
 * discovery from the 401's WWW-Authenticate, Dynamic Client Registration, PKCE, consent (the consent
 * form's post, as the member), the code exchange, then tools acting as the member; the token is bound to
 * /api/mcp, and revoking it ends the session at once. Issue 43: the resource asks only for the scopes the
 * tools use (§20); a bad token is `invalid_token` and a tool outside the grant a 403 step-up challenge
 * (§21); the server's address is APP_BASE_URL's in production, and localhost and 127.0.0.1 are one local
 * resource elsewhere (§25).
 */
const app = useApiApp();
const REDIRECT = "http://127.0.0.1:8977/callback";
const marker = `McpOauth${randomBytes(4).toString("hex")}`;
const clients: Client[] = [];
/** The client the SDK registered first: later sign-ins reuse it (registration is limited per IP and minute). */
let registered: OAuthClientInformationMixed | undefined;
/** A client for the flows done without the SDK. */
let plainClient: { clientId: string; redirectUri: string };

/** An MCP client's OAuth state, in memory; `authorizationUrl` is where it would send the browser. */
class TestProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed = registered;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata() {
    return { client_name: `${marker} assistant`, client_uri: "https://assistant.example", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
    registered ??= info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * A client that keeps no refresh token: on a 403 step-up challenge the SDK then goes to the member
 * for the challenged scopes at once (with one it first refreshes, which cannot widen a grant).
 */
class NoRefreshProvider extends TestProvider {
  override saveTokens(tokens: OAuthTokens) {
    this.saved = { ...tokens, refresh_token: undefined };
  }
}

const mcpUrl = (base = app.url) => new URL(`${base}/api/mcp`);
const metadataUrl = (base = app.url) => `${base}/.well-known/oauth-protected-resource/api/mcp`;

/** The whole sign-in as `member`, granting `scopes`: returns a connected client, its transport and provider. */
async function signIn(member: TestMember, scopes: string[], provider: TestProvider = new TestProvider()) {
  const first = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  await expect(new Client({ name: "t", version: "1" }).connect(first)).rejects.toThrow(/Unauthorized/i);
  const authorization = provider.authorizationUrl!;
  expect(authorization.origin + authorization.pathname).toBe(`${app.url}/oauth/authorize`);
  expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorization.searchParams.get("resource")).toBe(`${app.url}/api/mcp`);
  // The SDK asks for what the 401's challenge names (MCP's scope selection): the tools' scopes, not all fifteen.
  expect(authorization.searchParams.get("scope")).toBe(MCP_SCOPES.join(" "));
  const { back } = await decide(app.url, member, authorization.searchParams, scopes);
  expect(back?.searchParams.get("state")).toBe(authorization.searchParams.get("state"));
  await first.finishAuth(back!.searchParams.get("code")!);
  expect(provider.saved?.access_token).toMatch(/^hfo_at_/);
  const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
  const client = new Client({ name: "t", version: "1" });
  await client.connect(transport);
  clients.push(client);
  return { client, provider, transport };
}

const structured = <T = any>(result: CallToolResult): T => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
};

/** A raw JSON-RPC POST to /api/mcp (of `base`), as a client that is not the SDK sends it. */
function post(body: unknown, authorization: string | null, base = app.url, headers: Record<string, string> = {}) {
  return fetch(mcpUrl(base), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25", ...(authorization ? { authorization } : {}), ...headers },
    body: JSON.stringify(body),
  });
}
const call = (name: string, args: Record<string, unknown>, id: number | string = 1) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args } });

let recruiter: TestMember;
let candidateId: number;
beforeAll(async () => {
  recruiter = await addMember(app.acme.id, "recruiter");
  const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: `${marker} Ada`, email: `ada-${marker}@example.com` });
  candidateId = created.body.data.id;
  plainClient = { clientId: await registerTestClient(app.url, [REDIRECT], `${marker} plain`), redirectUri: REDIRECT };
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

describe("MCP with OAuth", () => {
  it("a 401 without a credential names /api/mcp's protected resource metadata and the scopes the tools use (§20)", async () => {
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl()}", scope="${MCP_SCOPES.join(" ")}"`);
    const body = await res.json();
    expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { data: { code: "unauthorized" } } });
    expect(body.error.message).toMatch(/OAuth/);
    expect(body.error.message).not.toMatch(/API key is missing/);
  });

  it("the MCP resource's metadata advertises the tools' scopes only; the REST API and the whole server keep every scope (§20)", async () => {
    const mcp = await (await fetch(metadataUrl())).json();
    expect(mcp.scopes_supported).toEqual([...MCP_SCOPES]);
    // Exactly the scopes some tool or resource needs: nothing an assistant cannot use.
    expect(MCP_SCOPES).toEqual(["candidates:read", "candidates:write", "jobs:read", "events:read", "interviews:read", "interviews:write", "scorecards:read", "offers:read", "offers:write"]);
    for (const path of ["/.well-known/oauth-protected-resource/api/v1", "/.well-known/oauth-protected-resource"]) {
      expect((await (await fetch(`${app.url}${path}`)).json()).scopes_supported, path).toEqual([...API_SCOPES]);
    }
  });

  it("the SDK's client signs in; tools act as the member with the granted scopes only", async () => {
    const { client } = await signIn(recruiter, ["candidates:read", "candidates:write"]);
    const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
    expect(names).toEqual(["add_note", "create_candidate", "get_candidate", "move_candidate", "search_candidates"]);
    const note = structured(await client.callTool({ name: "add_note", arguments: { candidate_id: candidateId, note: `${marker} strong systems design` } }) as CallToolResult);
    expect(note.data).toMatchObject({ added_by: "user", performer_id: recruiter.userId });
    const moved = structured(await client.callTool({ name: "move_candidate", arguments: { candidate_id: candidateId, stage: "phonescreen" } }) as CallToolResult);
    expect(moved.moved).toBe(true);
    const activity = await getPrisma().candidateActivity.findFirst({ where: { candidateId, type: "stage_changed" }, orderBy: { id: "desc" } });
    expect(activity?.performerId).toBe(recruiter.userId);
    // A tool outside the grant: refused at the HTTP level (403, below), so the call fails and nothing is read.
    await expect(client.callTool({ name: "get_job", arguments: { id: app.acme.jobId } })).rejects.toThrow(/403/);
  });

  it("the token is bound to /api/mcp (refused by /api/v1), and revoking it ends the MCP session at once with invalid_token", async () => {
    const { client, provider } = await signIn(recruiter, ["candidates:read"]);
    const token = provider.saved!.access_token;
    const v1 = await fetch(`${app.url}/api/v1/candidates/${candidateId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(v1.status).toBe(401);
    expect(v1.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token", resource_metadata="[^"]+\/api\/v1"/);
    expect(structured((await client.callTool({ name: "get_candidate", arguments: { id: candidateId } })) as CallToolResult).data.candidate.id).toBe(candidateId);
    const revoked = await fetch(`${app.url}/api/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, client_id: (provider.client as { client_id: string }).client_id }),
    });
    expect(revoked.status).toBe(200);
    const after = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect(after.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token", /);
  });
});

describe("a token that is not good here: 401 invalid_token (§21)", () => {
  const invalidChallenge = (base = app.url) =>
    `Bearer error="invalid_token", resource_metadata="${metadataUrl(base)}", scope="${MCP_SCOPES.join(" ")}", error_description="The token is unknown, expired or revoked, or was issued for another resource"`;

  it("forged access tokens and API keys get error=\"invalid_token\" and a body that speaks of either credential", async () => {
    for (const forged of [`hfo_at_${"x".repeat(43)}`, `hfo_at_${randomBytes(32).toString("base64url")}`, "hfo_at_short", `hf_live_${"0".repeat(40)}`, "eyJhbGciOiJIUzI1NiJ9.e30.forged"]) {
      const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, `Bearer ${forged}`);
      expect([forged, res.status]).toEqual([forged, 401]);
      expect(res.headers.get("www-authenticate"), forged).toBe(invalidChallenge());
      const body = await res.json();
      expect(body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000, data: { code: "unauthorized" } } });
      expect(body.error.message, forged).toMatch(/access token or API key/);
      expect(body.error.message).not.toMatch(/^API key/);
    }
  });

  it("no bearer token at all gets the challenge without an error code (RFC 6750 §3.1)", async () => {
    for (const authorization of [null, "Basic dXNlcjpwYXNz", "Bearer "]) {
      const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate"), String(authorization)).toBe(`Bearer resource_metadata="${metadataUrl()}", scope="${MCP_SCOPES.join(" ")}"`);
    }
  });

  it("an expired access token, and one whose grant was revoked", async () => {
    const expired = await issueTokens(app.url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${app.url}/api/mcp` });
    // Expired before its first use (a server caches a token it has verified).
    await getPrisma().oAuthToken.updateMany({ where: { tokenHash: hashOAuthSecret(expired.access_token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, `Bearer ${expired.access_token}`);
    expect([res.status, res.headers.get("www-authenticate")]).toEqual([401, invalidChallenge()]);

    const revoked = await issueTokens(app.url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${app.url}/api/mcp` });
    expect((await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, `Bearer ${revoked.access_token}`)).status).toBe(200);
    const revocation = await fetch(`${app.url}/api/oauth/revoke`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: revoked.refresh_token, client_id: plainClient.clientId }) });
    expect(revocation.status).toBe(200);
    const after = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, `Bearer ${revoked.access_token}`);
    expect([after.status, after.headers.get("www-authenticate")]).toEqual([401, invalidChallenge()]);
  });
});

describe("a tool outside the grant: 403 insufficient_scope, the step-up challenge (§21)", () => {
  let token: string;
  beforeAll(async () => {
    token = (await issueTokens(app.url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${app.url}/api/mcp` })).access_token;
  });
  const stepUp = (scope: string, missing = scope) => `Bearer error="insufficient_scope", resource_metadata="${metadataUrl()}", scope="${scope}", error_description="Needs the scope ${missing}"`;

  it("names the scopes the tool needs, answers before anything runs, and the body is the JSON-RPC error with the API's envelope", async () => {
    const res = await post(call("get_job", { id: app.acme.jobId }), `Bearer ${token}`);
    expect(res.status).toBe(403);
    expect(res.headers.get("www-authenticate")).toBe(stepUp("jobs:read"));
    expect(res.headers.get("access-control-expose-headers")).toContain("www-authenticate");
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32000,
        message: "The tool get_job needs the scope jobs:read, which this access token lacks (its scopes: candidates:read)",
        data: { code: "forbidden", message: "The tool get_job needs the scope jobs:read, which this access token lacks (its scopes: candidates:read)" },
      },
    });
    // Every scope the operation needs (RFC 6750 §3.1; the client adds what it already holds), in the canonical order.
    const summary = await post(call("pipeline_summary", { job_id: app.acme.jobId }), `Bearer ${token}`);
    expect([summary.status, summary.headers.get("www-authenticate")]).toEqual([403, stepUp("candidates:read jobs:read", "jobs:read")]);
    const resource = await post({ jsonrpc: "2.0", id: 2, method: "resources/read", params: { uri: `hireflow://jobs/${app.acme.jobId}/description` } }, `Bearer ${token}`);
    expect([resource.status, resource.headers.get("www-authenticate")]).toEqual([403, stepUp("jobs:read")]);
  });

  it("writes nothing: a move or a note beyond the grant, alone or in a batch with calls the grant allows", async () => {
    const before = await getPrisma().candidateActivity.count({ where: { candidateId } });
    const stage = (await app.api.get(`/candidates/${candidateId}`)).body.data.stage;
    const move = await post(call("move_candidate", { candidate_id: candidateId, stage: "hired" }), `Bearer ${token}`);
    expect([move.status, move.headers.get("www-authenticate")]).toEqual([403, stepUp("candidates:read candidates:write", "candidates:write")]);
    const batch = await post([call("get_candidate", { id: candidateId }, 1), call("add_note", { candidate_id: candidateId, note: `${marker} not allowed` }, 2)], `Bearer ${token}`);
    expect([batch.status, batch.headers.get("www-authenticate")]).toEqual([403, stepUp("candidates:write")]);
    expect((await app.api.get(`/candidates/${candidateId}`)).body.data.stage).toBe(stage);
    expect(await getPrisma().candidateActivity.count({ where: { candidateId } })).toBe(before);
  });

  it("what the grant allows, unknown tools and an API key's refusals answer as before", async () => {
    expect((await (await post(call("get_candidate", { id: candidateId }), `Bearer ${token}`)).json()).result.structuredContent.data.candidate.id).toBe(candidateId);
    const unknown = await post(call("erase_everything", {}), `Bearer ${token}`);
    expect(unknown.status).toBe(200);
    expect((await unknown.json()).error).toEqual({ code: -32602, message: "Unknown tool: erase_everything" });
    // An API key cannot step up (a person changes its scopes in Settings): the tool error naming the scope stays.
    const key = await post(call("get_job", { id: app.acme.jobId }), `Bearer ${(await addApiKey(app.acme, ["candidates:read"])).apiKey}`);
    expect(key.status).toBe(200);
    const result = (await key.json()).result;
    expect(result.isError).toBe(true);
    expect(result.content[0].text).toContain("needs the scope jobs:read, which this API key lacks");
  });

  it("the SDK's client steps up: it asks the member for the challenged scope, then the call goes through", async () => {
    const provider = new NoRefreshProvider();
    const { client, transport } = await signIn(recruiter, ["candidates:read"], provider);
    provider.authorizationUrl = undefined;
    await expect(client.callTool({ name: "get_job", arguments: { id: app.acme.jobId } })).rejects.toThrow(UnauthorizedError);
    const authorization = provider.authorizationUrl as URL | undefined;
    expect(authorization?.searchParams.get("scope")).toBe("jobs:read");
    expect(authorization?.searchParams.get("resource")).toBe(`${app.url}/api/mcp`);
    const { back } = await decide(app.url, recruiter, authorization!.searchParams, ["jobs:read"]);
    await transport.finishAuth(back!.searchParams.get("code")!);
    const job = structured((await client.callTool({ name: "get_job", arguments: { id: app.acme.jobId } })) as CallToolResult);
    expect(job.data.id).toBe(app.acme.jobId);
  });
});

describe("the server's address (§25)", () => {
  /** The consent as a browser on http://localhost:<port> posts it (the server answers on both names). */
  const onLocalhost = (url: string) => {
    const host = `localhost:${new URL(url).port}`;
    return { host, origin: `http://${host}`, headers: { "x-forwarded-host": host, origin: `http://${host}` } };
  };
  const listTools = (token: string, base: string, headers: Record<string, string> = {}) => post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, `Bearer ${token}`, base, headers);

  it("in development a token issued for http://localhost:<port>/api/mcp is good at http://127.0.0.1:<port>/api/mcp, and the other way round", async () => {
    await withAppEnv({ HIREFLOW_LOCAL: "1" }, app.url, async (url) => {
      const local = onLocalhost(url);
      const numeric = `http://127.0.0.1:${new URL(url).port}`;
      const forLocalhost = await issueTokens(url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${local.origin}/api/mcp`, headers: local.headers });
      const res = await listTools(forLocalhost.access_token, numeric);
      expect(res.status).toBe(200);
      expect((await res.json()).result.tools.map((tool: { name: string }) => tool.name)).toContain("get_candidate");
      // A client given the 127.0.0.1 address names that resource in a consent given on localhost.
      const forNumeric = await issueTokens(url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${numeric}/api/mcp`, headers: local.headers });
      expect((await listTools(forNumeric.access_token, url, { "x-forwarded-host": local.host })).status).toBe(200);
      // Still only for /api/mcp.
      expect((await fetch(`${numeric}/api/v1/jobs`, { headers: { authorization: `Bearer ${forLocalhost.access_token}` } })).status).toBe(401);
    });
  });

  it("in production it is not: a resource is exactly one URL", async () => {
    await withAppEnv({ NODE_ENV: "production", HIREFLOW_LOCAL: "" }, app.url, async (url) => {
      const local = onLocalhost(url);
      const numeric = `http://127.0.0.1:${new URL(url).port}`;
      const token = await issueTokens(url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${local.origin}/api/mcp`, headers: local.headers });
      const refused = await listTools(token.access_token, numeric);
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token", /);
      // On the name it was issued for it works.
      expect((await listTools(token.access_token, url, { "x-forwarded-host": local.host })).status).toBe(200);
      // A consent on localhost for the 127.0.0.1 resource is refused (invalid_target), never issued.
      const request = await authorizationRequest(plainClient.clientId, REDIRECT, { scope: "candidates:read", resource: `${numeric}/api/mcp` });
      const { back } = await decide(url, recruiter, request.params, ["candidates:read"], "allow", local.headers);
      expect(back?.searchParams.get("error")).toBe("invalid_target");
    });
  });

  it("in production the issuer, resource and challenge URLs are APP_BASE_URL's, whatever Host or X-Forwarded-* say", async () => {
    const base = "https://hireflow.example.test";
    await withAppEnv({ NODE_ENV: "production", HIREFLOW_LOCAL: "", APP_BASE_URL: base }, app.url, async (url) => {
      const spoofed = { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "http" };
      const resource = await (await fetch(metadataUrl(url), { headers: spoofed })).json();
      expect(resource).toMatchObject({ resource: `${base}/api/mcp`, authorization_servers: [base], scopes_supported: [...MCP_SCOPES] });
      const server = await (await fetch(`${url}/.well-known/oauth-authorization-server`, { headers: spoofed })).json();
      expect(server).toMatchObject({ issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/api/oauth/token`, registration_endpoint: `${base}/api/oauth/register` });
      const challenge = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, null, url, spoofed);
      expect(challenge.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp", scope="${MCP_SCOPES.join(" ")}"`);
      // A token for APP_BASE_URL's MCP resource works whichever name the request used.
      const token = await issueTokens(url, recruiter, plainClient, { scopes: ["candidates:read"], resource: `${base}/api/mcp`, headers: { origin: base } });
      for (const headers of [{}, spoofed]) expect((await listTools(token.access_token, url, headers)).status).toBe(200);
      // The consent form must come from APP_BASE_URL's origin: the server's other names are other sites.
      const request = await authorizationRequest(plainClient.clientId, REDIRECT, { scope: "candidates:read", resource: `${base}/api/mcp` });
      expect((await decide(url, recruiter, request.params, ["candidates:read"], "allow", { origin: url })).status).toBe(403);
    });
  });
});
