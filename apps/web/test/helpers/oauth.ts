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
 * response and, when it sends the browser back to the app, that URL.
 */
export async function decide(baseUrl: string, member: TestMember, params: URLSearchParams, scopes: string[], decision: "allow" | "deny" = "allow") {
  const form = new URLSearchParams({ request: params.toString(), csrf: member.csrf, decision });
  for (const scope of scopes) form.append("scope", scope);
  const response = await fetch(`${baseUrl}/oauth/authorize/decision`, {
    method: "POST",
    headers: { cookie: member.cookie, "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
    body: form,
  });
  const html = await response.text();
  const refresh = html.match(/http-equiv="refresh" content="0;url=([^"]+)"/)?.[1];
  const back = refresh ? new URL(refresh.replace(/&#38;/g, "&")) : null;
  return { status: response.status, html, back };
}
