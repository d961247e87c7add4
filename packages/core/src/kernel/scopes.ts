/**
 * What an API key may do. Every procedure of the public API names the one scope it needs in its
 * meta (`scope`); a key holds a set of them (existing keys: all).
 *
 * The list is also in the `api_keys_scopes_check` constraint and the column default (prisma/): a new
 * scope needs a migration that adds it there, appended at the end so that the canonical order of the
 * keys it upgrades stays this order. Keys with full access gain new scopes in that migration
 * (20261126200000_interviews); restricted keys do not.
 */
export const API_SCOPES = [
  "candidates:read",
  "candidates:write",
  "jobs:read",
  "jobs:write",
  "webhooks:read",
  "webhooks:write",
  "events:read",
  "users:read",
  "interviews:read",
  "interviews:write",
  // Reserved for scorecards (issue 26 §3), so that one migration widened the constraint for all of them.
  "scorecards:read",
  "scorecards:write",
  "reports:read",
  "offers:read",
  "offers:write",
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** What each scope allows, as the settings screen and the API reference describe it. */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "candidates:read": "List and retrieve candidates",
  "candidates:write": "Create and update candidates, add notes",
  "jobs:read": "List and retrieve jobs",
  "jobs:write": "Create and update jobs, re-score their candidates",
  "webhooks:read": "List webhook endpoints and their deliveries",
  "webhooks:write": "Manage webhook endpoints: create, update, delete, rotate secrets, test, redeliver",
  "events:read": "List and retrieve events",
  "users:read": "List the company's members, who can be interviewers",
  "interviews:read": "List and retrieve scheduled interviews",
  "interviews:write": "Schedule, reschedule and cancel interviews (sends the invitations)",
  "scorecards:read": "Read interview scorecards",
  "scorecards:write": "Submit interview scorecards",
  "reports:read": "Read reports (the impact-ratio bias audit tables, the interview reports)",
  "offers:read": "List and retrieve offers, their versions and approvals (salaries included)",
  "offers:write": "Draft, change, approve, send and withdraw offers",
};

export function isApiScope(value: unknown): value is ApiScope {
  return typeof value === "string" && (API_SCOPES as readonly string[]).includes(value);
}

/** A set of scopes in the canonical order of API_SCOPES, without duplicates or unknown values. */
export function normalizeScopes(scopes: Iterable<unknown>): ApiScope[] {
  const given = new Set(scopes);
  return API_SCOPES.filter((scope) => given.has(scope));
}

export function hasFullAccess(scopes: readonly string[]): boolean {
  return API_SCOPES.every((scope) => scopes.includes(scope));
}
