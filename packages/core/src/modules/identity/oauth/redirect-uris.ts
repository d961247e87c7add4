import { OAuthError } from "./errors.ts";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);

/**
 * Exact redirect-URI matching (OAuth 2.1 §4.1.1), with the one exception RFC 8252 §7.3 makes: a
 * native app's loopback redirect (http://127.0.0.1 or [::1]) may use any port, everything else equal.
 */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return registered.some((candidate) => {
    try {
      const r = new URL(candidate);
      return r.protocol === "http:" && r.hostname === url.hostname && r.pathname === url.pathname && r.search === url.search && r.username === "" && url.username === "";
    } catch {
      return false;
    }
  });
}

/**
 * A redirect URI a client may register: https, a loopback http URL (native apps), or a private-use
 * scheme (`com.example.app:/callback`, RFC 8252 §7.1); never a fragment or credentials.
 */
export function assertRegistrableRedirectUri(raw: unknown): string {
  if (typeof raw !== "string" || raw.length > 2000) throw new OAuthError("invalid_redirect_uri", "Each redirect URI must be a string of at most 2000 characters");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OAuthError("invalid_redirect_uri", `Not an absolute URL: ${raw.slice(0, 200)}`);
  }
  if (url.hash || url.username || url.password) throw new OAuthError("invalid_redirect_uri", "A redirect URI must not hold a fragment or credentials");
  if (url.protocol === "https:") return raw;
  if (url.protocol === "http:") {
    if (LOOPBACK_HOSTS.has(url.hostname)) return raw;
    throw new OAuthError("invalid_redirect_uri", "An http redirect URI must be a loopback address (127.0.0.1, [::1] or localhost)");
  }
  if (/^(javascript|data|file|vbscript|blob|about):$/i.test(url.protocol)) throw new OAuthError("invalid_redirect_uri", `The scheme ${url.protocol} is not allowed`);
  if (!url.protocol.includes(".")) throw new OAuthError("invalid_redirect_uri", "A private-use scheme must be a reverse domain name (com.example.app:/callback)");
  return raw;
}
