import { type ApiScope, normalizeScopes } from "../../kernel/scopes.ts";
import { type Principal } from "../../kernel/principal.ts";
import { missingScopeMessage, missingScopes } from "./access.ts";
import { MCP_RESOURCE_TEMPLATES } from "./resources.ts";
import { MCP_TOOLS } from "./tools/index.ts";

/**
 * Every scope a tool or resource of /api/mcp uses, in the canonical order. This is what the MCP
 * resource advertises (its protected resource metadata's scopes_supported and the `scope` of its 401
 * challenge) and what its consent screen ticks: a scope no tool uses (webhooks:write, jobs:write, …)
 * would let the token do nothing more on /api/mcp, so an assistant is never offered it by default.
 */
export const MCP_SCOPES: readonly ApiScope[] = Object.freeze(normalizeScopes([...MCP_TOOLS.flatMap((tool) => tool.scopes), ...MCP_RESOURCE_TEMPLATES.flatMap((template) => template.scopes)]));

const toolScopes = new Map(MCP_TOOLS.map((tool) => [tool.name, tool.scopes]));

/** What a step-up challenge names: the scopes the refused operation needs (RFC 6750 §3.1), and why. */
export interface ScopeChallenge {
  /** Every scope the operation needs, in the canonical order (the challenge's `scope`). */
  scopes: ApiScope[];
  /** Those of them the token lacks. */
  missing: ApiScope[];
  message: string;
}

/**
 * For an OAuth access token: the first message of a POST (one message or a batch) that needs scopes the
 * grant lacks — a tools/call of a known tool, or a resources/read of a resource template — as the
 * 403 `insufficient_scope` challenge of MCP's step-up authorization (2025-11-25) describes it; null when
 * every message may run. The client then asks the member for those scopes and retries.
 *
 * An API key gets no challenge (null): nothing can step it up (its scopes are changed in Settings), so its
 * refusal stays the tool error naming the missing scope that callTool answers, which the assistant reads.
 * Unknown tools, malformed messages and anything else are left to the server, which answers them as before.
 */
export function scopeChallenge(body: unknown, principal: Principal): ScopeChallenge | null {
  if (principal.kind !== "oauth") return null;
  for (const message of Array.isArray(body) ? body : [body]) {
    const needed = scopesOf(message);
    if (!needed) continue;
    const missing = missingScopes(principal, needed.scopes);
    if (missing.length) return { scopes: normalizeScopes(needed.scopes), missing, message: missingScopeMessage(needed.what, principal, missing) };
  }
  return null;
}

function scopesOf(message: unknown): { what: string; scopes: readonly ApiScope[] } | null {
  if (!message || typeof message !== "object") return null;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; uri?: unknown } | null };
  if (!params || typeof params !== "object") return null;
  if (method === "tools/call" && typeof params.name === "string") {
    const scopes = toolScopes.get(params.name);
    return scopes ? { what: `The tool ${params.name}`, scopes } : null;
  }
  if (method === "resources/read" && typeof params.uri === "string") {
    const uri = params.uri;
    const template = MCP_RESOURCE_TEMPLATES.find((candidate) => candidate.match(uri) !== null);
    return template ? { what: `Reading ${template.uriTemplate}`, scopes: template.scopes } : null;
  }
  return null;
}
