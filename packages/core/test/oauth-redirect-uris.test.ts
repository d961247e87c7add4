import { describe, expect, it } from "vitest";
import { OAuthError } from "../src/modules/identity/oauth/errors.ts";
import { assertRegistrableRedirectUri, redirectUriMatches } from "../src/modules/identity/oauth/redirect-uris.ts";

const refusal = (uri: unknown) => {
  try {
    assertRegistrableRedirectUri(uri);
  } catch (error) {
    expect(OAuthError.is(error)).toBe(true);
    return (error as OAuthError).error;
  }
  return null;
};

describe("registrable redirect URIs (issue 43 §23)", () => {
  it("accepts https, loopback http, and private-use schemes — reverse-domain or one word (cursor:, vscode:)", () => {
    for (const uri of [
      "https://assistant.example/callback",
      "http://127.0.0.1:8765/callback",
      "http://[::1]/callback",
      "http://localhost:6274/oauth/callback",
      "com.example.app:/oauth2redirect",
      "cursor://anysphere.cursor-mcp/oauth/callback",
      "vscode://vscode.github-authentication/did-authenticate?windowId=1",
      "claude://claude.ai/oauth/callback",
      "x-my-app:callback",
    ]) {
      expect(assertRegistrableRedirectUri(uri), uri).toBe(uri);
    }
  });

  it("refuses http to another host, script and document schemes, network schemes, fragments and credentials", () => {
    for (const uri of [
      "http://evil.example/callback",
      "http://127.0.0.1.evil.example/callback",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "file:///etc/passwd",
      "vbscript:msgbox(1)",
      "blob:https://a.example/1",
      "about:blank",
      "ftp://files.example/cb",
      "wss://a.example/cb",
      "https://assistant.example/callback#frag",
      "https://assistant.example/callback#",
      "cursor://anysphere.cursor-mcp/oauth/callback#x",
      "https://user:pass@assistant.example/callback",
      "cursor",
      "/relative/callback",
      "",
      42,
      "https://a.example/" + "x".repeat(2000),
    ]) {
      expect(refusal(uri), String(uri)).toBe("invalid_redirect_uri");
    }
  });

  it("a private-use URI matches only exactly (the loopback port rule is http's alone)", () => {
    const registered = ["cursor://anysphere.cursor-mcp/oauth/callback"];
    expect(redirectUriMatches(registered, "cursor://anysphere.cursor-mcp/oauth/callback")).toBe(true);
    expect(redirectUriMatches(registered, "cursor://anysphere.cursor-mcp/oauth/callback2")).toBe(false);
    expect(redirectUriMatches(registered, "cursor://evil/oauth/callback")).toBe(false);
  });
});
