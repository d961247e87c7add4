import { API_SCOPES, type ApiScope } from "../auth/scopes.ts";
import { type Principal } from "../context.ts";

/**
 * The API scopes a principal holds. An API key holds its own; a principal without a scope list (a
 * signed-in member) is limited by its role alone, as on /api/trpc. A principal kind that carries
 * scopes (an OAuth access token: the granted scopes) is read the same way as an API key.
 */
export function grantedScopes(principal: Principal): readonly ApiScope[] {
  return (principal as { scopes?: readonly ApiScope[] }).scopes ?? API_SCOPES;
}

/** Those of `needed` the principal lacks, in the order given. */
export function missingScopes(principal: Principal, needed: readonly ApiScope[]): ApiScope[] {
  const held = grantedScopes(principal);
  return needed.filter((scope) => !held.includes(scope));
}

/** "This tool needs the scope candidates:write, which this API key lacks (its scopes: …)". */
export function missingScopeMessage(what: string, principal: Principal, missing: readonly ApiScope[]): string {
  const held = grantedScopes(principal);
  const credential = principal.kind === "api" ? "this API key" : "this access";
  return `${what} needs the scope${missing.length > 1 ? "s" : ""} ${missing.join(", ")}, which ${credential} lacks (its scopes: ${held.length ? held.join(", ") : "none"})`;
}
