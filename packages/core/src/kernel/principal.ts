import { type UserRole } from "./roles.ts";
import { type ApiScope } from "./scopes.ts";

/**
 * Who is acting: an API key of a company (limited to its scopes), or a signed-in user of a company
 * with their role (a recruiter cannot reach the settings procedures: `meta.settings` in trpc.ts).
 */
export type Principal =
  | { kind: "api"; companyId: number; apiKeyId: number; rateLimit: number | null; scopes: readonly ApiScope[] }
  | { kind: "user"; companyId: number; userId: string; role: UserRole; csrfToken?: string }
  /** An OAuth access token (auth/oauth-tokens.ts): the member who consented, limited to the granted scopes. */
  | { kind: "oauth"; companyId: number; userId: string; role: UserRole; grantId: number; clientId: string; scopes: readonly ApiScope[]; resource: string };

export interface ApiKeyPrincipal {
  apiKeyId: number;
  companyId: number;
  /** Requests per window for this key; null means the service default. */
  rateLimit: number | null;
  /** What the key may do (auth/scopes.ts); checked by companyProcedure against the procedure's meta.scope. */
  scopes: ApiScope[];
}

/** What an OAuth access token resolves to: the member, with the scopes of the grant ∩ the member's role now. */
export interface OAuthPrincipal {
  companyId: number;
  userId: string;
  role: UserRole;
  grantId: number;
  clientId: string;
  scopes: readonly ApiScope[];
  /** The RFC 8707 resource the token was issued for. */
  resource: string;
}
