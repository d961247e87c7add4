import { csrfTokenMatches, sessionTokenFromCookieHeader, verifySession } from "@hireflow/core/identity/sessions";
import { approveAuthorization, AuthorizationRedirectError, redirectWithParams } from "@hireflow/core/identity/oauth/authorization";
import { OAuthError } from "@hireflow/core/identity/oauth/errors";
import { getPrisma } from "@hireflow/db";
import { clientIp } from "../../lib/server/client-ip.ts";
import { readBodyLimited } from "../rest/body.ts";
import { requestOrigin } from "../../lib/server/request-origin.ts";
import { readAuthorizationRequest } from "./authorize.ts";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The way back to the app, as a page that navigates itself: the app's CSP (`form-action 'self'`)
 * would stop a browser following a redirect from this form post to the app's redirect URI.
 */
function continueTo(location: string): Response {
  const href = escapeHtml(location);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${href}"><meta name="referrer" content="no-referrer"><title>Returning to the app</title></head><body><main><p>Returning to the app… <a href="${href}">Continue</a></p></main></body></html>`;
  return new Response(html, { status: 200, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

function problem(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot connect the app</title></head><body><main><h1>Cannot connect the app</h1><p>${escapeHtml(message)}</p></main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/**
 * POST /oauth/authorize/decision, from the consent page: the member's session and CSRF token, the
 * original authorization request (validated again — nothing on the page is trusted), and the ticked scopes.
 */
export async function handleConsentDecision(req: Request): Promise<Response> {
  const prisma = getPrisma();
  const session = await verifySession(prisma, sessionTokenFromCookieHeader(req.headers.get("cookie")));
  if (!session) return problem(401, "Your session has ended. Sign in and start again from the app.");
  const origin = requestOrigin(req);
  const sentFrom = req.headers.get("origin");
  if (sentFrom !== null && sentFrom !== origin) return problem(403, "The decision must be sent from the consent page.");
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(new TextDecoder().decode(await readBodyLimited(req, 16_384)));
  } catch {
    return problem(413, "The form is too large.");
  }
  if (!csrfTokenMatches(session.csrfToken, form.get("csrf"))) return problem(403, "The form has expired. Start again from the app.");
  let request;
  try {
    request = await readAuthorizationRequest(prisma, origin, new URLSearchParams(form.get("request") ?? ""));
  } catch (error) {
    if (error instanceof AuthorizationRedirectError) return continueTo(error.redirectTo);
    return problem(400, OAuthError.is(error) ? error.description : "The authorization request could not be read");
  }
  if (form.get("decision") !== "allow") {
    return continueTo(redirectWithParams(request.redirectUri, { error: "access_denied", error_description: "The member declined", state: request.state }));
  }
  const member = { userId: session.user.id, companyId: session.user.company.id, role: session.user.role };
  try {
    return continueTo(await approveAuthorization(prisma, member, request, form.getAll("scope"), clientIp(req)));
  } catch (error) {
    if (OAuthError.is(error)) return problem(403, error.description);
    throw error;
  }
}
