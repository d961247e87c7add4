import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { gotoHydrated } from "./support/page.ts";

// Issue 24 §2: an app asks to act as the signed-in admin; the consent page in Chromium (fewer scopes
// granted than asked), the code exchange, the API as the member, and disconnecting in Settings.
test("consent in the browser grants fewer scopes than asked; the token acts as the member until Settings disconnects it", async ({ page, request, baseURL }) => {
  // The app's redirect URI: a real local server that keeps what the browser brings back.
  let callback: URL | null = null;
  const app = createServer((req, res) => {
    const url = new URL(req.url!, "http://127.0.0.1");
    // After the redirect the browser also asks this origin for /favicon.ico: keep only the callback.
    if (url.pathname === "/callback") callback = url;
    res.writeHead(200, { "content-type": "text/plain" }).end("You can close this window.");
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const redirectUri = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  try {
    const name = `Assistant ${randomBytes(3).toString("hex")}`;
    const registered = await request.post("/api/oauth/register", { data: { client_name: name, client_uri: "https://assistant.example", redirect_uris: [redirectUri], token_endpoint_auth_method: "none" } });
    expect(registered.status()).toBe(201);
    const clientId = (await registered.json()).client_id as string;

    const verifier = randomBytes(32).toString("base64url");
    const state = randomBytes(8).toString("hex");
    const resource = `${baseURL}/api/v1`;
    const query = new URLSearchParams({
      response_type: "code",
      client_id: clientId,
      redirect_uri: redirectUri,
      scope: "jobs:read candidates:read webhooks:read",
      state,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      resource,
    });
    await gotoHydrated(page, `/oauth/authorize?${query}`);
    await expect(page.getByRole("heading", { name: `Connect ${name} to Hireflow` })).toBeVisible();
    await expect(page.getByText("https://assistant.example")).toBeVisible();
    await expectNoSeriousViolations(page, "oauth consent");
    // The admin keeps the app from reading webhooks.
    await page.getByLabel(/webhooks:read/).uncheck();
    await page.getByRole("button", { name: "Allow" }).click();
    await expect.poll(() => callback?.pathname ?? null, { timeout: 15_000 }).toBe("/callback");
    // The callback server answers before the browser has finished its navigation there: a goto before it
    // ends was "interrupted by another navigation" (seen on a loaded machine). Wait for the page to land.
    await page.waitForURL(/\/callback\?/, { waitUntil: "load", timeout: 15_000 });
    expect(callback!.searchParams.get("state")).toBe(state);
    const code = callback!.searchParams.get("code")!;

    const exchanged = await request.post("/api/oauth/token", {
      form: { grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier, resource },
    });
    expect(exchanged.status()).toBe(200);
    const tokens = await exchanged.json();
    expect(tokens.scope.split(" ").sort()).toEqual(["candidates:read", "jobs:read"]);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    expect((await request.get("/api/v1/jobs", { headers: auth })).status()).toBe(200);
    expect((await request.get("/api/v1/webhook_endpoints", { headers: auth })).status()).toBe(403);

    await gotoHydrated(page, "/settings/connected-apps");
    await page.getByRole("button", { name: new RegExp(`^Disconnect ${name} \\(`) }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByRole("row", { name: new RegExp(name) }).getByText("Disconnected")).toBeVisible();
    await expectNoSeriousViolations(page, "settings connected apps");
    // Ended at once.
    expect((await request.get("/api/v1/jobs", { headers: auth })).status()).toBe(401);
  } finally {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  }
});

// Issue 43 §18: Connected apps links the OAuth docs page of the app (not a file of the repository),
// and two grants of one app name are told apart by their client id, time connected and last use.
test("two grants of one app name are told apart; the OAuth docs page is linked, at 1280 and 390 px", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const app = createServer((_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("You can close this window."));
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const redirectUri = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  const name = `Twin assistant ${randomBytes(3).toString("hex")}`;
  const clientIds: string[] = [];
  try {
    // The same assistant connected twice (two computers): two registrations, one name.
    for (let i = 0; i < 2; i++) {
      const registered = await request.post("/api/oauth/register", { data: { client_name: name, redirect_uris: [redirectUri], token_endpoint_auth_method: "none" } });
      expect(registered.status()).toBe(201);
      const clientId = (await registered.json()).client_id as string;
      clientIds.push(clientId);
      const query = new URLSearchParams({
        response_type: "code",
        client_id: clientId,
        redirect_uri: redirectUri,
        scope: "jobs:read",
        state: "s",
        code_challenge: createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url"),
        code_challenge_method: "S256",
        resource: `${baseURL}/api/v1`,
      });
      await gotoHydrated(page, `/oauth/authorize?${query}`);
      await page.getByRole("button", { name: "Allow" }).click();
      await page.waitForURL(/\/callback\?/, { waitUntil: "load", timeout: 15_000 });
    }

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await gotoHydrated(page, "/settings/connected-apps");
      const rows = page.getByRole("row", { name: new RegExp(name) });
      await expect(rows).toHaveCount(2);
      for (const clientId of clientIds) await expect(rows.filter({ hasText: clientId }).getByTestId("grant-client")).toContainText(`Client id ${clientId} · registered itself`);
      // Each Disconnect button is described by its grant's client id.
      const buttons = page.getByRole("button", { name: `Disconnect ${name} (admin@acme.test)` });
      await expect(buttons).toHaveCount(2);
      await expect(buttons.first()).toHaveAccessibleDescription(new RegExp(`Client id (${clientIds.join("|")})`));
      await expectNoSeriousViolations(page, `settings connected apps at ${width} px with two grants of one name`);

      await page.getByRole("link", { name: "Connecting apps with OAuth" }).click();
      await expect(page).toHaveURL(/\/docs\/oauth$/);
      await expect(page.getByRole("heading", { level: 1, name: "Connecting apps with OAuth" })).toBeVisible();
      await expectNoSeriousViolations(page, `OAuth docs page at ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }

    // The confirmation names the grant it ends.
    await gotoHydrated(page, "/settings/connected-apps");
    await page.getByRole("row", { name: new RegExp(clientIds[1]!) }).getByRole("button", { name: `Disconnect ${name} (admin@acme.test)` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Client id ${clientIds[1]}`);
    await dialog.getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByRole("row", { name: new RegExp(clientIds[1]!) }).getByText("Disconnected")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(clientIds[0]!) }).getByRole("button", { name: `Disconnect ${name} (admin@acme.test)` })).toBeVisible();
  } finally {
    app.closeAllConnections();
    await new Promise((resolve) => app.close(resolve));
  }
});
