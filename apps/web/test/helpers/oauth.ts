import { randomBytes } from "node:crypto";
import { createUser, type UserRole } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import * as oauth from "oauth4webapi";

/** A member of `companyId` with a signed-in session, as the consent page's form would carry it. */
export interface TestMember {
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
}

export async function addMember(companyId: number, role: UserRole): Promise<TestMember> {
  const email = `${role}-${randomBytes(4).toString("hex")}@example.com`;
  const user = await createUser(getPrisma(), { companyId, email, password: "correct horse battery staple", name: `A ${role}`, role });
  const { token, csrfToken } = await createSession(getPrisma(), user.id);
  return { userId: user.id, email, cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
}

/** oauth4webapi talks to http://127.0.0.1 only when told to (tests; production is https). */
export const insecure = { [oauth.allowInsecureRequests]: true } as const;

export interface Authorization {
  /** The query the client sends to /oauth/authorize. */
  params: URLSearchParams;
  verifier: string;
  state: string;
}

/** The authorization request a client would send, with PKCE S256 and a state. */
export async function authorizationRequest(clientId: string, redirectUri: string, extra: Record<string, string> = {}): Promise<Authorization> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const params = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    ...extra,
  });
  return { params, verifier, state };
}

/**
 * The member's decision on the consent page, posted as the page's form posts it. Returns the
 * response and, when it sends the browser back to the app, that URL. `headers` adds to or replaces the
 * form post's (an Origin, an X-Forwarded-Host: the page as seen under another name of the server).
 */
export async function decide(baseUrl: string, member: TestMember, params: URLSearchParams, scopes: string[], decision: "allow" | "deny" = "allow", headers: Record<string, string> = {}) {
  const form = new URLSearchParams({ request: params.toString(), csrf: member.csrf, decision });
  for (const scope of scopes) form.append("scope", scope);
  const response = await fetch(`${baseUrl}/oauth/authorize/decision`, {
    method: "POST",
    headers: { cookie: member.cookie, "content-type": "application/x-www-form-urlencoded", origin: baseUrl, ...headers },
    body: form,
  });
  const html = await response.text();
  const refresh = html.match(/http-equiv="refresh" content="0;url=([^"]+)"/)?.[1];
  const back = refresh ? new URL(refresh.replace(/&#38;/g, "&")) : null;
  return { status: response.status, html, back };
}

/**
 * An X-Forwarded-For of its own for a file's registrations: registration is limited to 20 a minute per
 * client IP, and the test files share one server (no proxy in front, so the header picks the bucket).
 */
export const registrationIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

/** A public client by Dynamic Client Registration. */
export async function registerTestClient(baseUrl: string, redirectUris: string[], name = "Test assistant"): Promise<string> {
  const res = await fetch(`${baseUrl}/api/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": registrationIp() },
    body: JSON.stringify({ client_name: name, redirect_uris: redirectUris, token_endpoint_auth_method: "none" }),
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { client_id: string }).client_id;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  scope: string;
}

/**
 * Consent as `member` and the code exchange, without a client library: the tokens for `resource`
 * granting `scopes`. `headers` go with the consent's post (see decide).
 */
export async function issueTokens(
  baseUrl: string,
  member: TestMember,
  client: { clientId: string; redirectUri: string },
  options: { scopes: string[]; resource?: string; headers?: Record<string, string> },
): Promise<IssuedTokens> {
  const extra: Record<string, string> = { scope: options.scopes.join(" "), ...(options.resource ? { resource: options.resource } : {}) };
  const request = await authorizationRequest(client.clientId, client.redirectUri, extra);
  const { back, status, html } = await decide(baseUrl, member, request.params, options.scopes, "allow", options.headers);
  const code = back?.searchParams.get("code");
  if (!code) throw new Error(`no code (${status}): ${back?.toString() ?? html}`);
  const form = new URLSearchParams({ grant_type: "authorization_code", client_id: client.clientId, code, code_verifier: request.verifier, redirect_uri: client.redirectUri });
  if (options.resource) form.set("resource", options.resource);
  const res = await fetch(`${baseUrl}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form });
  if (res.status !== 200) throw new Error(`token request answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as IssuedTokens;
}
