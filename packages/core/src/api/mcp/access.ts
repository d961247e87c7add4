import { API_SCOPES, type ApiScope } from "../../kernel/scopes.ts";
import { type Principal } from "../../kernel/principal.ts";

/**
 * The API scopes a principal holds: an API key its own, an OAuth token the granted ones (already cut
 * to the member's role); a signed-in member has no scope list and is limited by the role alone, as on /api/trpc.
 */
export function grantedScopes(principal: Principal): readonly ApiScope[] {
  return principal.kind === "user" ? API_SCOPES : principal.scopes;
}

/** Those of `needed` the principal lacks, in the order given. */
export function missingScopes(principal: Principal, needed: readonly ApiScope[]): ApiScope[] {
  const held = grantedScopes(principal);
  return needed.filter((scope) => !held.includes(scope));
}

/** "This tool needs the scope candidates:write, which this API key lacks (its scopes: …)". */
export function missingScopeMessage(what: string, principal: Principal, missing: readonly ApiScope[]): string {
  const held = grantedScopes(principal);
  const credential = principal.kind === "api" ? "this API key" : principal.kind === "oauth" ? "this access token" : "this access";
  return `${what} needs the scope${missing.length > 1 ? "s" : ""} ${missing.join(", ")}, which ${credential} lacks (its scopes: ${held.length ? held.join(", ") : "none"})`;
}
