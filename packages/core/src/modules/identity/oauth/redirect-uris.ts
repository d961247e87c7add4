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
 * Schemes that are no app of the member's: script and document schemes a browser would run or show
 * (javascript:, data:, …), and network schemes that would carry the code to a host in the clear or to
 * something that is not an app (ftp:, ws:). http and https are handled above.
 */
const REFUSED_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:", "filesystem:", "view-source:", "ftp:", "ws:", "wss:", "mailto:", "tel:", "sms:"]);

/**
 * A redirect URI a client may register: https, a loopback http URL (native apps), or a private-use
 * scheme of a native app (RFC 8252 §7.1). RFC 8252 asks for reverse-domain schemes
 * (`com.example.app:/callback`) but desktop apps register one-word ones — Cursor's `cursor://…`, VS Code's
 * `vscode://…` — and are accepted too: the scheme is the app's own, so the code still goes back to it.
 * Never http to another host, a script or document scheme, a fragment or credentials.
 */
export function assertRegistrableRedirectUri(raw: unknown): string {
  if (typeof raw !== "string" || raw.length > 2000) throw new OAuthError("invalid_redirect_uri", "Each redirect URI must be a string of at most 2000 characters");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OAuthError("invalid_redirect_uri", `Not an absolute URL: ${raw.slice(0, 200)}`);
  }
  // `#` anywhere (even an empty fragment, which URL drops from .hash): the code would be read from the fragment.
  if (url.hash || raw.includes("#") || url.username || url.password) throw new OAuthError("invalid_redirect_uri", "A redirect URI must not hold a fragment or credentials");
  if (url.protocol === "https:") return raw;
  if (url.protocol === "http:") {
    if (LOOPBACK_HOSTS.has(url.hostname)) return raw;
    throw new OAuthError("invalid_redirect_uri", "An http redirect URI must be a loopback address (127.0.0.1, [::1] or localhost)");
  }
  if (REFUSED_SCHEMES.has(url.protocol.toLowerCase())) throw new OAuthError("invalid_redirect_uri", `The scheme ${url.protocol} is not allowed`);
  return raw;
}
