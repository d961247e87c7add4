import { API_SCOPES, MCP_SCOPES } from "@hireflow/core";
import { hashOAuthSecret } from "@hireflow/core/identity/oauth-tokens";
import { getPrisma } from "@hireflow/db";
import * as oauth from "oauth4webapi";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { testingTheBuild } from "../helpers/built-server.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";
import { addMember, authorizationRequest, decide, insecure, registerTestClient, registrationIp, type TestMember } from "../helpers/oauth.ts";

/**
 * The OAuth 2.1 authorization server end to end over real HTTP, driven by an independent client
 * library (oauth4webapi): discovery from a 401, Dynamic Client Registration, consent (the consent
 * form's post), code exchange with PKCE, API calls as the member, refresh with rotation, reuse
 * detection, revocation — and the refusals the MCP authorization spec asks for.
 */
const app = useApiApp();
const REDIRECT = "http://127.0.0.1:8976/callback";
let as: oauth.AuthorizationServer;
let client: oauth.Client;
let admin: TestMember;
let recruiter: TestMember;

beforeAll(async () => {
  admin = await addMember(app.acme.id, "admin");
  recruiter = await addMember(app.acme.id, "recruiter");
  const issuer = new URL(app.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
  client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(as, { client_name: "Test assistant", client_uri: "https://assistant.example", redirect_uris: [REDIRECT] }, insecure),
  );
});

/** Consent as `member` for `scopes`, then the code exchange; returns the token response. */
async function connect(member: TestMember, scopes: string[], extra: Record<string, string> = {}) {
  const request = await authorizationRequest(client.client_id, REDIRECT, { scope: scopes.join(" "), ...extra });
  const { back } = await decide(app.url, member, request.params, scopes);
  expect(back?.searchParams.get("state")).toBe(request.state);
  const callback = oauth.validateAuthResponse(as, client, back!, request.state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, REDIRECT, request.verifier, { ...insecure, additionalParameters: extra.resource ? { resource: extra.resource } : {} });
  return oauth.processAuthorizationCodeResponse(as, client, response);
}

describe("discovery", () => {
  it("a 401 from /api/v1 points to the protected resource metadata, which names this server", async () => {
    const res = await fetch(`${app.url}/api/v1/jobs`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe("unauthorized");
    const challenge = res.headers.get("www-authenticate")!;
    expect(challenge).toBe(`Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1"`);
    const resource = await oauth.processResourceDiscoveryResponse(new URL(`${app.url}/api/v1`), await oauth.resourceDiscoveryRequest(new URL(`${app.url}/api/v1`), insecure));
    expect(resource.authorization_servers).toEqual([app.url]);
    const mcp = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(mcp.resource).toBe(`${app.url}/api/mcp`);
    const root = await (await fetch(`${app.url}/.well-known/oauth-protected-resource`)).json();
    expect(root.resource).toBe(app.url);
    expect((await fetch(`${app.url}/.well-known/oauth-protected-resource/api/nope`)).status).toBe(404);
  });

  it("authorization server metadata: S256 only, code flow, registration and revocation endpoints", () => {
    expect(as.code_challenge_methods_supported).toEqual(["S256"]);
    expect(as.response_types_supported).toEqual(["code"]);
    expect(as.registration_endpoint).toBe(`${app.url}/api/oauth/register`);
    expect(as.revocation_endpoint).toBe(`${app.url}/api/oauth/revoke`);
  });

  it("a wrong API key or token also gets the challenge, with error=\"invalid_token\" (RFC 6750 §3.1) and the envelope body", async () => {
    for (const token of ["hfo_at_" + "x".repeat(43), `hf_live_${"0".repeat(40)}`]) {
      const res = await fetch(`${app.url}/api/v1/jobs`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe(
        `Bearer error="invalid_token", resource_metadata="${app.url}/.well-known/oauth-protected-resource/api/v1", error_description="The token is unknown, expired or revoked, or was issued for another resource"`,
      );
      expect((await res.json()).error.code).toBe("unauthorized");
    }
  });
});

describe("the whole flow", () => {
  it("code → token → the API as the member → refresh → reuse detected → the grant is revoked", async () => {
    const tokens = await connect(admin, ["candidates:read", "candidates:write", "jobs:read"], { resource: `${app.url}/api/v1` });
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.scope).toBe("candidates:read candidates:write jobs:read");
    const api = apiClient(app.url, { apiKey: tokens.access_token });
    expect((await api.get("/jobs")).status).toBe(200);

    // Acting as the member: a stage change and a note carry the member, not a key.
    const created = await api.post("/candidates", { job_id: app.acme.jobId, name: "Ada OAuth", email: `ada-${Date.now()}@example.com` });
    expect(created.status).toBe(201);
    const moved = await api.patch(`/candidates/${created.body.data.id}`, { stage: "phonescreen" });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const note = await api.post(`/candidates/${created.body.data.id}/notes`, { note: "Strong backend experience" });
    expect([note.status, note.body.data.added_by, note.body.data.performer_id]).toEqual([201, "user", admin.userId]);
    const activity = await getPrisma().candidateActivity.findFirst({ where: { candidateId: created.body.data.id, type: "stage_changed" } });
    expect(activity?.performerId).toBe(admin.userId);

    // Outside the granted scopes: refused naming the scope.
    const hooks = await api.get("/webhook_endpoints");
    expect(hooks.status).toBe(403);
    expect(hooks.body.error.message).toContain("This access token lacks the scope webhooks:read");

    // Refresh rotates: a new pair, and the old refresh token is spent.
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await apiClient(app.url, { apiKey: refreshed.access_token }).get("/jobs")).status).toBe(200);
    const reused = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, reused)).rejects.toMatchObject({ error: "invalid_grant" });
    // Reuse revoked the whole grant: every token of it stops at once.
    expect((await apiClient(app.url, { apiKey: refreshed.access_token }).get("/jobs")).status).toBe(401);
    const again = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure);
    await expect(oauth.processRefreshTokenResponse(as, client, again)).rejects.toMatchObject({ error: "invalid_grant" });
    const audit = await getPrisma().auditLogEntry.findMany({ where: { companyId: app.acme.id, action: { startsWith: "oauth_grant." } }, select: { action: true } });
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["oauth_grant.consented", "oauth_grant.reuse_detected"]));
  });

  it("revoking the refresh token (RFC 7009) ends the access token too", async () => {
    const tokens = await connect(admin, ["jobs:read"]);
    const api = apiClient(app.url, { apiKey: tokens.access_token });
    expect((await api.get("/jobs")).status).toBe(200);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    expect((await api.get("/jobs")).status).toBe(401);
  });

  it("a denial goes back to the client as access_denied with the state", async () => {
    const request = await authorizationRequest(client.client_id, REDIRECT, { scope: "jobs:read" });
    const { back } = await decide(app.url, admin, request.params, ["jobs:read"], "deny");
    expect([back?.searchParams.get("error"), back?.searchParams.get("state")]).toEqual(["access_denied", request.state]);
  });
});

describe("refusals", () => {
  async function codeFor(member: TestMember, extra: Record<string, string> = {}) {
    const request = await authorizationRequest(client.client_id, REDIRECT, { scope: "jobs:read", ...extra });
    const { back } = await decide(app.url, member, request.params, ["jobs:read"]);
    return { request, code: back!.searchParams.get("code")!, back: back! };
  }
  async function exchange(form: Record<string, string>) {
    const res = await fetch(`${app.url}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", client_id: client.client_id, redirect_uri: REDIRECT, ...form }),
    });
    return { status: res.status, body: await res.json() };
  }

  it("a wrong or missing PKCE verifier", async () => {
    const { code, request } = await codeFor(admin);
    expect(await exchange({ code, code_verifier: oauth.generateRandomCodeVerifier() })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await exchange({ code })).toMatchObject({ status: 400, body: { error: "invalid_request" } });
    // The right verifier still works: a failed attempt does not spend the code.
    expect((await exchange({ code, code_verifier: request.verifier })).status).toBe(200);
  });

  it("the plain method, and a request without a challenge, are sent back as invalid_request", async () => {
    const plain = await authorizationRequest(client.client_id, REDIRECT, { code_challenge_method: "plain" });
    const refused = await decide(app.url, admin, plain.params, ["jobs:read"]);
    expect(refused.back?.searchParams.get("error")).toBe("invalid_request");
    expect(refused.back?.searchParams.get("code")).toBeNull();
    const none = await authorizationRequest(client.client_id, REDIRECT);
    none.params.delete("code_challenge");
    none.params.delete("code_challenge_method");
    expect((await decide(app.url, admin, none.params, ["jobs:read"])).back?.searchParams.get("error")).toBe("invalid_request");
  });

  it("a redirect URI that does not match is never redirected to; a loopback port may vary (RFC 8252)", async () => {
    const evil = await authorizationRequest(client.client_id, "https://evil.example/callback");
    const shown = await decide(app.url, admin, evil.params, ["jobs:read"]);
    expect([shown.status, shown.back]).toEqual([400, null]);
    expect(shown.html).toContain("redirect_uri does not match");
    const otherPort = await authorizationRequest(client.client_id, "http://127.0.0.1:51234/callback", { scope: "jobs:read" });
    const ok = await decide(app.url, admin, otherPort.params, ["jobs:read"]);
    expect(ok.back?.origin).toBe("http://127.0.0.1:51234");
    // …and the token request must name the same redirect URI.
    expect(await exchange({ code: ok.back!.searchParams.get("code")!, code_verifier: otherPort.verifier })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("a code used twice is refused, and the tokens it bought are revoked", async () => {
    const { code, request } = await codeFor(admin);
    const first = await exchange({ code, code_verifier: request.verifier });
    expect(first.status).toBe(200);
    expect(await exchange({ code, code_verifier: request.verifier })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await apiClient(app.url, { apiKey: first.body.access_token }).get("/jobs")).status).toBe(401);
  });

  it("an expired code", async () => {
    const { code, request } = await codeFor(admin);
    await getPrisma().oAuthAuthorizationCode.updateMany({ where: { grant: { userId: admin.userId }, usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await exchange({ code, code_verifier: request.verifier })).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "The authorization code has expired" } });
  });

  it("a token for another resource is refused (RFC 8707), and an unknown resource gets no code", async () => {
    const tokens = await connect(admin, ["jobs:read"], { resource: `${app.url}/api/mcp` });
    const res = await apiClient(app.url, { apiKey: tokens.access_token }).get("/jobs");
    expect(res.status).toBe(401);
    const foreign = await authorizationRequest(client.client_id, REDIRECT, { resource: "https://other.example/api" });
    expect((await decide(app.url, admin, foreign.params, ["jobs:read"])).back?.searchParams.get("error")).toBe("invalid_target");
  });

  it("a recruiter cannot grant webhooks scopes, whatever the form posts", async () => {
    const request = await authorizationRequest(client.client_id, REDIRECT, { scope: "jobs:read webhooks:write webhooks:read" });
    const { back } = await decide(app.url, recruiter, request.params, ["jobs:read", "webhooks:write", "webhooks:read"]);
    const callback = oauth.validateAuthResponse(as, client, back!, request.state);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, REDIRECT, request.verifier, insecure));
    expect(tokens.scope).toBe("jobs:read");
    const res = await apiClient(app.url, { apiKey: tokens.access_token }).post("/webhook_endpoints", { url: "https://example.com/hook", events: ["candidate.created"] });
    expect(res.status).toBe(403);
  });

  it("a member never acts on another company's data", async () => {
    const other = await createTestCompany();
    const tokens = await connect(admin, ["jobs:read"]);
    const res = await apiClient(app.url, { apiKey: tokens.access_token }).get(`/jobs/${other.jobId}`);
    expect(res.status).toBe(404);
  });

  it("a forged consent (no CSRF token, or no session) issues nothing", async () => {
    const request = await authorizationRequest(client.client_id, REDIRECT, { scope: "jobs:read" });
    expect((await decide(app.url, { ...admin, csrf: "forged" }, request.params, ["jobs:read"])).status).toBe(403);
    expect((await decide(app.url, { ...admin, cookie: "hf_session=nope" }, request.params, ["jobs:read"])).status).toBe(401);
  });

  it("bad token requests answer the OAuth error format, never a 500", async () => {
    const post = (body: string, type = "application/x-www-form-urlencoded") => fetch(`${app.url}/api/oauth/token`, { method: "POST", headers: { "content-type": type }, body });
    expect((await post("grant_type=password")).status).toBe(401);
    expect(await (await post(`grant_type=password&client_id=${client.client_id}`)).json()).toMatchObject({ error: "unsupported_grant_type" });
    expect((await post("{}", "application/json")).status).toBe(400);
    expect((await post(`grant_type=authorization_code&client_id=${client.client_id}&client_id=x`)).status).toBe(400);
    expect((await post("x=" + "a".repeat(20_000))).status).toBe(413);
    const reg = await fetch(`${app.url}/api/oauth/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "x", redirect_uris: ["javascript:alert(1)"] }) });
    expect([reg.status, (await reg.json()).error]).toEqual([400, "invalid_redirect_uri"]);
  });
});

describe("Idempotency-Key with an OAuth token", () => {
  /** One consent per member: each gets its own grant of the same app. */
  const candidate = (tag: string) => ({ job_id: app.acme.jobId, name: `Idem ${tag}`, email: `idem-${tag}-${Date.now()}@example.com` });

  it("replays the first answer to a retry of the same grant, refuses the key with another body, and keeps grants, members and API keys apart", async () => {
    const tokens = await connect(admin, ["candidates:read", "candidates:write"]);
    const api = apiClient(app.url, { apiKey: tokens.access_token });
    const key = `oauth-idem-${Date.now()}`;
    const body = candidate("a");
    const first = await api.post("/candidates", body, { "idempotency-key": key });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await api.post("/candidates", body, { "idempotency-key": key });
    expect([retry.status, retry.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
    expect(retry.body).toEqual(first.body);
    expect(await getPrisma().candidate.count({ where: { email: body.email } })).toBe(1);
    // The stored answer belongs to the grant (the app acting as this member), not to an API key.
    const grant = await getPrisma().oAuthToken.findFirstOrThrow({ where: { tokenHash: hashOAuthSecret(tokens.access_token) }, select: { grantId: true } });
    expect(await getPrisma().idempotencyKey.findMany({ where: { key }, select: { apiKeyId: true, oauthGrantId: true, status: true } })).toEqual([
      { apiKeyId: null, oauthGrantId: grant.grantId, status: "completed" },
    ]);

    // The same key with another request: 409, nothing written.
    const other = await api.post("/candidates", candidate("b"), { "idempotency-key": key });
    expect([other.status, other.body.error.code]).toEqual([409, "conflict"]);

    // A refreshed access token of the same grant still finds the key.
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, insecure));
    const again = await apiClient(app.url, { apiKey: refreshed.access_token }).post("/candidates", body, { "idempotency-key": key });
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([201, "true"]);

    // Another member's grant of the same app, and the company's API key, have keys of their own.
    const theirs = await connect(recruiter, ["candidates:read", "candidates:write"]);
    const theirBody = candidate("c");
    const fromRecruiter = await apiClient(app.url, { apiKey: theirs.access_token }).post("/candidates", theirBody, { "idempotency-key": key });
    expect([fromRecruiter.status, fromRecruiter.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(fromRecruiter.body.data.id).not.toBe(first.body.data.id);
    const keyBody = candidate("d");
    const fromKey = await app.api.post("/candidates", keyBody, { "idempotency-key": key });
    expect([fromKey.status, fromKey.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await getPrisma().idempotencyKey.count({ where: { key } })).toBe(3);
  });

  it("an invalid key is a 400 naming the header, as with an API key", async () => {
    const tokens = await connect(admin, ["candidates:write"]);
    const res = await apiClient(app.url, { apiKey: tokens.access_token }).post("/candidates", candidate("e"), { "idempotency-key": "bad key with spaces" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain("Idempotency-Key");
  });

  it("erasing the candidate deletes the grant's stored answers that contain them", async () => {
    const tokens = await connect(admin, ["candidates:read", "candidates:write"]);
    const api = apiClient(app.url, { apiKey: tokens.access_token });
    const key = `oauth-erase-${Date.now()}`;
    const created = await api.post("/candidates", candidate("f"), { "idempotency-key": key });
    expect(created.status).toBe(201);
    expect(await getPrisma().idempotencyKey.count({ where: { key } })).toBe(1);
    const erased = await app.api.call("DELETE", `/candidates/${created.body.data.id}`);
    expect(erased.status, JSON.stringify(erased.body)).toBe(204);
    expect(await getPrisma().idempotencyKey.count({ where: { key } })).toBe(0);
  });
});

/** Consent and code exchange for a request built by the caller (no scope, another redirect URI…). */
async function exchangeFor(clientId: string, redirectUri: string, request: Awaited<ReturnType<typeof authorizationRequest>>, member: TestMember, ticked: string[], resource?: string) {
  const { back } = await decide(app.url, member, request.params, ticked);
  expect(back?.searchParams.get("state")).toBe(request.state);
  const form = new URLSearchParams({ grant_type: "authorization_code", client_id: clientId, code: back!.searchParams.get("code")!, code_verifier: request.verifier, redirect_uri: redirectUri });
  if (resource) form.set("resource", resource);
  const res = await fetch(`${app.url}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
  return { back: back!, status: res.status, body: await res.json() };
}

describe("the MCP resource asks only for the tools' scopes (issue 43 §20)", () => {
  it("a client naming no scope for /api/mcp gets the tools' scopes, whatever the form ticks", async () => {
    const resource = `${app.url}/api/mcp`;
    const request = await authorizationRequest(client.client_id, REDIRECT, { resource });
    const token = await exchangeFor(client.client_id, REDIRECT, request, admin, [...API_SCOPES], resource);
    expect(token.status).toBe(200);
    expect(token.body.scope).toBe(MCP_SCOPES.join(" "));
  });

  it("for the REST API a client naming no scope still asks for every scope", async () => {
    const resource = `${app.url}/api/v1`;
    const request = await authorizationRequest(client.client_id, REDIRECT, { resource });
    const token = await exchangeFor(client.client_id, REDIRECT, request, admin, [...API_SCOPES], resource);
    expect(token.body.scope).toBe(API_SCOPES.join(" "));
  });
});

describe("redirect URIs of native apps (issue 43 §23)", () => {
  const CURSOR = "cursor://anysphere.cursor-mcp/oauth/callback";

  it("registration accepts one-word private-use schemes (cursor:, vscode:) and reverse-domain ones; refuses http to another host, script schemes and fragments", async () => {
    const ip = registrationIp();
    const register = (uri: string) =>
      fetch(`${app.url}/api/oauth/register`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: JSON.stringify({ client_name: "A native app", redirect_uris: [uri] }) });
    for (const uri of [CURSOR, "vscode://vscode.github-authentication/did-authenticate", "com.example.app:/oauth2redirect"]) {
      const res = await register(uri);
      expect([uri, res.status]).toEqual([uri, 201]);
      expect((await res.json()).redirect_uris).toEqual([uri]);
    }
    for (const uri of ["http://evil.example/callback", "javascript:alert(1)", "data:text/html,hi", "file:///etc/passwd", "vbscript:msgbox(1)", `${CURSOR}#x`, "https://assistant.example/callback#"]) {
      const res = await register(uri);
      expect([uri, res.status, (await res.json()).error]).toEqual([uri, 400, "invalid_redirect_uri"]);
    }
  });

  it("Cursor connects: the code goes back to cursor://…, the token request names the same URI, and the token works on /api/mcp", async () => {
    const cursor = await registerTestClient(app.url, [CURSOR], "Cursor");
    const resource = `${app.url}/api/mcp`;
    const request = await authorizationRequest(cursor, CURSOR, { scope: "candidates:read jobs:read", resource });
    const token = await exchangeFor(cursor, CURSOR, request, recruiter, ["candidates:read", "jobs:read"], resource);
    expect(`${token.back.protocol}//${token.back.host}${token.back.pathname}`).toBe(CURSOR);
    expect([token.status, token.body.scope]).toEqual([200, "candidates:read jobs:read"]);
    const tools = await fetch(resource, {
      method: "POST",
      headers: { authorization: `Bearer ${token.body.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(tools.status).toBe(200);
    expect((await tools.json()).result.tools.map((tool: { name: string }) => tool.name)).toContain("get_job");
    // Another cursor:// URI is not this client's.
    const other = await authorizationRequest(cursor, "cursor://anysphere.cursor-mcp/other");
    const shown = await decide(app.url, recruiter, other.params, ["candidates:read"]);
    expect([shown.status, shown.back]).toEqual([400, null]);
  });
});

/** Where a page sent the browser: a 307's Location, or the meta refresh Next writes once it has streamed. */
async function redirectedTo(res: Response): Promise<URL | null> {
  const location = res.headers.get("location");
  if (location) return new URL(location, app.url);
  const refresh = (await res.clone().text()).match(/http-equiv="refresh" content="\d+;url=([^"]+)"/)?.[1];
  return refresh ? new URL(refresh.replace(/&amp;/g, "&"), app.url) : null;
}

// The consent page is a page, not a route handler: only the production build serves it over HTTP (the
// in-process helpers serve route modules). Its decision is also tested in process (test/web/oauth-authorize.test.ts).
describe.runIf(testingTheBuild())("GET /oauth/authorize checks the request before anyone signs in (issue 43 §22)", () => {
  const page = (params: URLSearchParams, cookie?: string) => fetch(`${app.url}/oauth/authorize?${params.toString()}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

  it("an unknown client or an unregistered redirect URI: the error page, signed out, never a redirect", async () => {
    for (const request of [await authorizationRequest("hfc_nobody", REDIRECT), await authorizationRequest(client.client_id, "https://evil.example/callback")]) {
      const res = await page(request.params);
      expect(await redirectedTo(res)).toBeNull();
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("This app cannot connect");
      expect(html).toMatch(/Unknown client_id|redirect_uri does not match/);
    }
  });

  it("a bad PKCE challenge or resource: straight back to the app with the error and the state, signed out", async () => {
    for (const extra of [{ code_challenge_method: "plain" }, { code_challenge: "short" }, { resource: "https://other.example/api/mcp" }] as Record<string, string>[]) {
      const request = await authorizationRequest(client.client_id, REDIRECT, extra);
      const back = await redirectedTo(await page(request.params));
      expect(back?.origin + (back?.pathname ?? ""), JSON.stringify(extra)).toBe(REDIRECT);
      expect(back?.searchParams.get("error")).toMatch(/^(invalid_request|invalid_target)$/);
      expect(back?.searchParams.get("state")).toBe(request.state);
    }
  });

  it("a good request: sign-in first, coming back to it; signed in, the consent page", async () => {
    const request = await authorizationRequest(client.client_id, REDIRECT, { scope: "jobs:read", resource: `${app.url}/api/mcp` });
    const signIn = await redirectedTo(await page(request.params));
    expect(signIn?.pathname).toBe("/sign-in");
    expect(signIn?.searchParams.get("next")).toBe(`/oauth/authorize?${request.params.toString()}`);
    const consent = await page(request.params, admin.cookie);
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain("Connect Test assistant to Hireflow");
  });
});
