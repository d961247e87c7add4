import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { gotoHydrated, hydrated } from "./support/page.ts";

// Issue 43 §20–23: an AI assistant connecting to /api/mcp through OAuth, as Claude, ChatGPT, VS Code and
// Cursor do — the scopes it is offered, the challenges it gets, a bad request seen before signing in,
// and a one-word private-use redirect scheme.

/** The scopes the MCP tools use (packages/core/src/api/mcp/scopes.ts), in the canonical order. */
const MCP_SCOPES = ["candidates:read", "candidates:write", "jobs:read", "events:read", "interviews:read", "interviews:write", "scorecards:read", "offers:read", "offers:write"];
const ALL_SCOPES = [
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
  "scorecards:read",
  "scorecards:write",
  "reports:read",
  "offers:read",
  "offers:write",
];
const MCP_HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };

/** The assistant's redirect URI: a real local server that answers whatever the browser brings back. */
async function callbackServer() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" }).end("You can close this window.");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Dynamic Client Registration as the assistant does it (its own X-Forwarded-For: registration is limited per IP). */
async function register(request: APIRequestContext, name: string, redirectUris: string[]) {
  return request.post("/api/oauth/register", {
    headers: { "x-forwarded-for": `10.43.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}` },
    data: { client_name: name, client_uri: "https://assistant.example", redirect_uris: redirectUris, token_endpoint_auth_method: "none" },
  });
}

function authorizeQuery(clientId: string, redirectUri: string, extra: Record<string, string> = {}) {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(8).toString("hex");
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    ...extra,
  });
  return { query, verifier, state };
}

/**
 * Allow (or Deny) on the consent page, then where the browser is sent: the decision answers a page that
 * navigates itself to the app's redirect URI. An http(s) one is a real page (the callback server); waiting
 * for the browser to land there, as oauth-consent.spec.ts does, avoids a goto racing that navigation.
 */
async function decideOnPage(page: Page, button: "Allow" | "Deny", redirectUri: string): Promise<URL> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL((url) => url.href.startsWith(`${redirectUri}?`), { waitUntil: "load", timeout: 15_000 });
  return new URL(page.url());
}

/**
 * The same for an app's own scheme (cursor://…), which the browser hands to the operating system and never
 * loads: the way back is read from the decision's page (its answer, or its Continue link, which stays shown).
 */
async function decideForApp(page: Page, button: "Allow" | "Deny"): Promise<URL> {
  const answer = page.waitForResponse((response) => response.url().endsWith("/oauth/authorize/decision") && response.request().method() === "POST");
  await page.getByRole("button", { name: button }).click();
  const html = await (await answer).text().catch(() => null);
  const refresh = html?.match(/http-equiv="refresh" content="0;url=([^"]+)"/)?.[1]?.replace(/&#38;/g, "&");
  if (refresh) return new URL(refresh);
  const link = page.getByRole("link", { name: "Continue" });
  await expect(link).toBeVisible();
  return new URL((await link.getAttribute("href"))!);
}

test("an assistant on /api/mcp is offered and ticked only the tools' scopes, and a tool outside its grant is a 403 step-up challenge (§20, §21)", async ({ page, request, baseURL }) => {
  // §20: the 401 and the MCP resource's metadata name the tools' scopes only.
  const challenged = await request.post("/api/mcp", { headers: MCP_HEADERS, data: { jsonrpc: "2.0", id: 1, method: "tools/list" } });
  expect(challenged.status()).toBe(401);
  expect(challenged.headers()["www-authenticate"]).toBe(`Bearer resource_metadata="${baseURL}/.well-known/oauth-protected-resource/api/mcp", scope="${MCP_SCOPES.join(" ")}"`);
  expect((await (await request.get("/.well-known/oauth-protected-resource/api/mcp")).json()).scopes_supported).toEqual(MCP_SCOPES);

  const callback = await callbackServer();
  try {
    const name = `Assistant ${randomBytes(3).toString("hex")}`;
    const registered = await register(request, name, [callback.redirectUri]);
    expect(registered.status()).toBe(201);
    const clientId = (await registered.json()).client_id as string;
    // A client that asks for every scope (as some still do): all are shown, only the tools' are ticked.
    const resource = `${baseURL}/api/mcp`;
    const { query, verifier, state } = authorizeQuery(clientId, callback.redirectUri, { scope: ALL_SCOPES.join(" "), resource });
    await gotoHydrated(page, `/oauth/authorize?${query}`);
    await expect(page.getByRole("heading", { name: `Connect ${name} to Hireflow` })).toBeVisible();
    for (const scope of ALL_SCOPES) {
      const box = page.locator(`#scope-${scope.replace(":", "-")}`);
      if (MCP_SCOPES.includes(scope)) await expect(box, scope).toBeChecked();
      else await expect(box, scope).not.toBeChecked();
    }
    await expect(page.getByText("Hireflow's MCP tools do not use this.")).toHaveCount(ALL_SCOPES.length - MCP_SCOPES.length);
    await expectNoSeriousViolations(page, "oauth consent for the MCP server");
    // The admin keeps jobs from the assistant.
    await page.locator("#scope-jobs-read").uncheck();
    const back = await decideOnPage(page, "Allow", callback.redirectUri);
    expect(back.origin + back.pathname).toBe(callback.redirectUri);
    expect(back.searchParams.get("state")).toBe(state);

    const exchanged = await request.post("/api/oauth/token", {
      form: { grant_type: "authorization_code", code: back.searchParams.get("code")!, redirect_uri: callback.redirectUri, client_id: clientId, code_verifier: verifier, resource },
    });
    expect(exchanged.status()).toBe(200);
    const tokens = await exchanged.json();
    expect(tokens.scope).toBe(MCP_SCOPES.filter((scope) => scope !== "jobs:read").join(" "));
    const auth = { ...MCP_HEADERS, authorization: `Bearer ${tokens.access_token}` };

    const listed = await request.post("/api/mcp", { headers: auth, data: { jsonrpc: "2.0", id: 2, method: "tools/list" } });
    expect(listed.status()).toBe(200);
    const names = ((await listed.json()).result.tools as { name: string }[]).map((tool) => tool.name);
    expect(names).toContain("search_candidates");
    expect(names).not.toContain("get_job");

    // §21: a tool beyond the grant — a 403 naming the scope to step up to, before anything runs.
    const refused = await request.post("/api/mcp", { headers: auth, data: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_job", arguments: { id: 1 } } } });
    expect(refused.status()).toBe(403);
    expect(refused.headers()["www-authenticate"]).toMatch(new RegExp(`^Bearer error="insufficient_scope", resource_metadata="${baseURL}/\\.well-known/oauth-protected-resource/api/mcp", scope="jobs:read"`));
    expect((await refused.json()).error.data.code).toBe("forbidden");

    // §21: a forged token, and the real one once the app is disconnected: invalid_token.
    const forged = await request.post("/api/mcp", { headers: { ...MCP_HEADERS, authorization: `Bearer hfo_at_${randomBytes(32).toString("base64url")}` }, data: { jsonrpc: "2.0", id: 4, method: "tools/list" } });
    expect(forged.status()).toBe(401);
    expect(forged.headers()["www-authenticate"]).toMatch(/^Bearer error="invalid_token", /);
    expect((await forged.json()).error.message).not.toMatch(/^API key/);
    const revoked = await request.post("/api/oauth/revoke", { form: { token: tokens.refresh_token, client_id: clientId } });
    expect(revoked.status()).toBe(200);
    const after = await request.post("/api/mcp", { headers: auth, data: { jsonrpc: "2.0", id: 5, method: "tools/list" } });
    expect(after.status()).toBe(401);
    expect(after.headers()["www-authenticate"]).toMatch(/^Bearer error="invalid_token", /);
  } finally {
    await callback.close();
  }
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a bad authorization request is shown, or sent back to the app, before anyone signs in; a good one signs in first (§22)", async ({ page, request, baseURL }) => {
    const callback = await callbackServer();
    try {
      const name = `Assistant ${randomBytes(3).toString("hex")}`;
      const registered = await register(request, name, [callback.redirectUri]);
      expect(registered.status()).toBe(201);
      const clientId = (await registered.json()).client_id as string;
      const resource = `${baseURL}/api/mcp`;

      // An unknown client, a redirect URI it did not register, a metadata document on a private address: shown here.
      for (const [query, message] of [
        [authorizeQuery("hfc_nobody", callback.redirectUri, { resource }).query, "Unknown client_id"],
        [authorizeQuery(clientId, "https://evil.example/callback", { resource }).query, "redirect_uri does not match"],
        [authorizeQuery("https://127.0.0.1/client.json", callback.redirectUri, { resource }).query, "loopback, private, link-local or metadata address"],
      ] as const) {
        await page.goto(`/oauth/authorize?${query}`);
        await expect(page.getByRole("heading", { name: "This app cannot connect" })).toBeVisible();
        await expect(page.getByText(message)).toBeVisible();
        expect(new URL(page.url()).pathname).toBe("/oauth/authorize");
      }
      await expectNoSeriousViolations(page, "oauth request refused");

      // A plain PKCE method (the client and redirect URI are good): straight back to the app, no sign-in.
      const plain = authorizeQuery(clientId, callback.redirectUri, { resource, code_challenge_method: "plain" });
      await page.goto(`/oauth/authorize?${plain.query}`);
      await page.waitForURL(/\/callback\?/, { waitUntil: "load" });
      const refused = new URL(page.url());
      expect([refused.searchParams.get("error"), refused.searchParams.get("state")]).toEqual(["invalid_request", plain.state]);
      expect(refused.searchParams.get("error_description")).toContain("S256");

      // A good request: sign in, then the consent page for that very request.
      const good = authorizeQuery(clientId, callback.redirectUri, { resource, scope: "candidates:read" });
      await page.goto(`/oauth/authorize?${good.query}`);
      await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fauthorize%3F/);
      await hydrated(page);
      await page.getByLabel("E-mail").fill("admin@acme.test");
      await page.getByLabel("Password").fill("hireflow-demo");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("heading", { name: `Connect ${name} to Hireflow` })).toBeVisible();
      const denied = await decideOnPage(page, "Deny", callback.redirectUri);
      expect([denied.searchParams.get("error"), denied.searchParams.get("state")]).toEqual(["access_denied", good.state]);
    } finally {
      await callback.close();
    }
  });
});

test("Cursor connects with its cursor:// redirect URI; script schemes, http to another host and fragments stay refused (§23)", async ({ page, request, baseURL }) => {
  const cursor = "cursor://anysphere.cursor-mcp/oauth/callback";
  for (const uri of ["javascript:alert(1)", "data:text/html,hi", "http://evil.example/callback", `${cursor}#fragment`]) {
    const refused = await register(request, "Not an app", [uri]);
    expect([uri, refused.status(), (await refused.json()).error]).toEqual([uri, 400, "invalid_redirect_uri"]);
  }
  const name = `Cursor ${randomBytes(3).toString("hex")}`;
  const registered = await register(request, name, [cursor]);
  expect(registered.status()).toBe(201);
  const clientId = (await registered.json()).client_id as string;
  const resource = `${baseURL}/api/mcp`;
  const { query, verifier, state } = authorizeQuery(clientId, cursor, { resource, scope: "candidates:read jobs:read" });
  await gotoHydrated(page, `/oauth/authorize?${query}`);
  await expect(page.getByRole("heading", { name: `Connect ${name} to Hireflow` })).toBeVisible();
  await expect(page.getByText("cursor://anysphere.cursor-mcp", { exact: true })).toBeVisible();
  const back = await decideForApp(page, "Allow");
  expect(`${back.protocol}//${back.host}${back.pathname}`).toBe(cursor);
  expect(back.searchParams.get("state")).toBe(state);
  const exchanged = await request.post("/api/oauth/token", {
    form: { grant_type: "authorization_code", code: back.searchParams.get("code")!, redirect_uri: cursor, client_id: clientId, code_verifier: verifier, resource },
  });
  expect(exchanged.status()).toBe(200);
  const tokens = await exchanged.json();
  expect(tokens.scope).toBe("candidates:read jobs:read");
  const called = await request.post("/api/mcp", {
    headers: { ...MCP_HEADERS, authorization: `Bearer ${tokens.access_token}` },
    data: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_jobs", arguments: { limit: 1 } } },
  });
  expect(called.status()).toBe(200);
  expect((await called.json()).result.isError).toBeFalsy();
});
