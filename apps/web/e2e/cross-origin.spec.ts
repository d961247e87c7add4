import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { type AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * Issue 24 (and 27): CORS as Chromium enforces it, not as headers read by a test client. Two tiny sites
 * on ports of their own (other origins than the app's) call the app with fetch from their pages: /api/mcp
 * with an API key (a preflight, then the call), the public job board API and the careers form's POST,
 * which only the sites listed in Settings → Privacy may send. What a page may not do fails in the
 * browser itself: fetch rejects, the response is never readable, and a refused POST is never sent.
 */

/** What a page's fetch came to: the answer as its script can see it, or the browser's refusal. */
type Seen = { ok: true; status: number; body: string; headers: Record<string, string | null> } | { ok: false; error: string };

/** fetch from inside `page` (its origin), reading the named response headers as the script can see them. */
function fetchFromPage(page: Page, url: string, init: RequestInit, readHeaders: string[] = []): Promise<Seen> {
  return page.evaluate(
    async ({ url, init, readHeaders }) => {
      try {
        const res = await fetch(url, init);
        const headers: Record<string, string | null> = {};
        for (const name of readHeaders) headers[name] = res.headers.get(name);
        return { ok: true as const, status: res.status, body: await res.text(), headers };
      } catch (error) {
        return { ok: false as const, error: String(error) };
      }
    },
    { url, init, readHeaders },
  );
}

/** A site of its own origin: one blank page, and a count of the requests it got. */
async function startSite(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end("<!doctype html><title>Another site</title><p>Another site"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

const REFUSED = /TypeError: Failed to fetch/;

test.describe("cross-origin calls from another site's page, as Chromium enforces CORS", () => {
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };

  test.beforeAll(async () => {
    [allowed, other] = await Promise.all([startSite(), startSite()]);
  });
  test.afterAll(async () => {
    await Promise.all([allowed && stop(allowed.server), other && stop(other.server)]);
  });

  test("/api/mcp: a page of any site calls a tool with an API key after the preflight, and reads only the exposed headers", async ({ page, baseURL, browser }) => {
    const jobId = await jobIdByTitle("Senior Backend Engineer");
    // A key made in Settings, as a developer would for a browser-based MCP client.
    await gotoHydrated(page, "/settings/api-keys");
    const name = `CORS ${randomBytes(3).toString("hex")}`;
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = await page.getByTestId("new-key").getByLabel("New API key").inputValue();
    expect(secret).toMatch(/^hf_live_/);

    // A page of another site, in a context with no cookies of the app at all.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const site = await context.newPage();
      await site.goto(allowed.origin);
      const mcp = `${baseURL}/api/mcp`;
      const headers = { authorization: `Bearer ${secret}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" };
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_job", arguments: { id: jobId } } });

      // Authorization and a JSON content type are not CORS-safelisted: the browser sends the preflight
      // first, and the call only because the preflight allowed it.
      const call = await fetchFromPage(site, mcp, { method: "POST", headers, body }, ["request-id", "ratelimit-remaining", "x-content-type-options", "content-type"]);
      expect(call.ok, JSON.stringify(call)).toBe(true);
      if (!call.ok) return;
      expect(call.status).toBe(200);
      const answer = JSON.parse(call.body);
      expect(answer).toMatchObject({ jsonrpc: "2.0", id: 1, result: { structuredContent: { data: { id: jobId, title: "Senior Backend Engineer" } } } });
      expect(answer.result.isError).toBeFalsy();
      // Exposed headers (and the safelisted Content-Type) are readable; any other header the app sends is hidden from the page.
      expect(call.headers["request-id"]).toBeTruthy();
      expect(Number(call.headers["ratelimit-remaining"])).toBeGreaterThan(0);
      expect(call.headers["content-type"]).toContain("application/json");
      expect(call.headers["x-content-type-options"]).toBeNull();
      // …though the app sends it: a client outside the browser sees it on the same call.
      expect((await fetch(mcp, { method: "POST", headers, body })).headers.get("x-content-type-options")).toBe("nosniff");

      // A header the preflight does not allow: the browser refuses before sending the call.
      const extra = await fetchFromPage(site, mcp, { method: "POST", headers: { ...headers, "x-debug": "1" }, body });
      expect(extra).toMatchObject({ ok: false, error: expect.stringMatching(REFUSED) });
      // Cookies cannot ride along: a credentialed request to a wildcard origin is refused by the browser.
      const withCookies = await fetchFromPage(site, mcp, { method: "POST", headers, body, credentials: "include" });
      expect(withCookies).toMatchObject({ ok: false, error: expect.stringMatching(REFUSED) });

      // No key: the 401 and its WWW-Authenticate (where OAuth discovery starts) are readable by the page.
      const anonymous = await fetchFromPage(site, mcp, { method: "POST", headers: { "content-type": "application/json", accept: headers.accept }, body }, ["www-authenticate"]);
      expect(anonymous).toMatchObject({ ok: true, status: 401 });
      if (anonymous.ok) expect(anonymous.headers["www-authenticate"]).toMatch(/^Bearer .*resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/api\/mcp"/);
    } finally {
      await context.close();
    }
  });

  test("the public job board API: any site reads it; credentials and unlisted headers are refused by the browser", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const site = await context.newPage();
      await site.goto(other.origin);
      const url = `${baseURL}/api/public/companies/acme/jobs`;
      const list = await fetchFromPage(site, url, {}, ["etag", "request-id"]);
      expect(list.ok, JSON.stringify(list)).toBe(true);
      if (!list.ok) return;
      expect(list.status).toBe(200);
      expect(JSON.parse(list.body).data.map((job: { title: string }) => job.title)).toContain("Senior Backend Engineer");
      expect(list.headers.etag).toBeTruthy();
      // A conditional GET from script: If-None-Match is not safelisted, so this one went through a preflight.
      const conditional = await fetchFromPage(site, url, { headers: { "if-none-match": list.headers.etag! }, cache: "no-store" });
      expect(conditional).toMatchObject({ ok: true, status: 304 });
      expect(await fetchFromPage(site, url, { credentials: "include" })).toMatchObject({ ok: false, error: expect.stringMatching(REFUSED) });
      expect(await fetchFromPage(site, url, { headers: { authorization: "Bearer nothing" } })).toMatchObject({ ok: false, error: expect.stringMatching(REFUSED) });
    } finally {
      await context.close();
    }
  });

  test("the careers form's POST: a site listed in Settings → Privacy posts and reads the answer; another site's POST is never sent", async ({ page, browser, baseURL }) => {
    // A job whose form asks nothing but a name and an e-mail (Senior Backend Engineer has required screening questions).
    const jobId = await jobIdByTitle("Product Designer");
    await gotoHydrated(page, "/settings/privacy");
    const sites = page.getByLabel("Allowed sites");
    const before = await sites.inputValue();
    await sites.fill([before, allowed.origin].filter(Boolean).join("\n"));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved.")).toBeVisible();

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const tag = randomBytes(4).toString("hex");
    try {
      const apply = (site: Page, email: string) =>
        fetchFromPage(site, `${baseURL}/api/public/jobs/${jobId}/applications`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: `Cross Site ${tag}`, email }),
        });
      const listed = await context.newPage();
      await listed.goto(allowed.origin);
      const accepted = await apply(listed, `cors-allowed-${tag}@example.com`);
      expect(accepted, JSON.stringify(accepted)).toMatchObject({ ok: true, status: 201 });
      // The listed site reads a refusal too (to show it by the field).
      const invalid = await fetchFromPage(listed, `${baseURL}/api/public/jobs/${jobId}/applications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "No Email" }) });
      expect(invalid).toMatchObject({ ok: true, status: 400 });

      const unlisted = await context.newPage();
      await unlisted.goto(other.origin);
      const refused = await apply(unlisted, `cors-refused-${tag}@example.com`);
      expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(REFUSED) });
      // The preflight failed, so the POST itself never left the browser: no such application exists.
      const rows = await query("SELECT email FROM candidates WHERE email LIKE $1 ORDER BY email", [`cors-%-${tag}@example.com`]);
      expect(rows.map((row) => row.email)).toEqual([`cors-allowed-${tag}@example.com`]);
    } finally {
      await context.close();
      // The shared company goes back to the sites it listed before.
      await gotoHydrated(page, "/settings/privacy");
      await page.getByLabel("Allowed sites").fill(before);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Saved.")).toBeVisible();
    }
  });
});

for (const width of [1280, 390]) {
  test(`Settings → Privacy at ${width} px: a bad site is named by its line; a bare host is kept as its https:// origin`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await gotoHydrated(page, "/settings/privacy");
    const sites = page.getByLabel("Allowed sites");
    const before = await sites.inputValue();
    try {
      await sites.fill(["careers.acme.example", "https://jobs.acme.example", "acme.example/careers"].join("\n"));
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(sites).toHaveAccessibleDescription(/^Line 3 \(“acme\.example\/careers”\): Must be a site's address/);
      await expect(sites).toHaveAttribute("aria-invalid", "true");
      await expectNoSeriousViolations(page, `Settings → Privacy at ${width} px with a bad site`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await sites.fill(["careers.acme.example", "https://jobs.acme.example"].join("\n"));
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Saved.")).toBeVisible();
      // The form shows what was stored: the origin a browser sends.
      await expect(sites).toHaveValue("https://careers.acme.example\nhttps://jobs.acme.example");
      const [company] = await query<{ allowed_origins: string[] }>("SELECT allowed_origins FROM companies WHERE slug = 'acme'");
      expect(company!.allowed_origins).toEqual(["https://careers.acme.example", "https://jobs.acme.example"]);
    } finally {
      // The shared company goes back to the sites it listed before.
      await gotoHydrated(page, "/settings/privacy");
      await page.getByLabel("Allowed sites").fill(before);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("Saved.")).toBeVisible();
    }
  });
}
