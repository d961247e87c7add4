import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { saveScreenshot } from "./support/screenshots.ts";

/**
 * The API reference at /docs: Scalar, served by the app itself, rendering the OpenAPI document.
 * Every request to a host other than this machine is blocked and fails the test (no CDN, fonts,
 * telemetry or proxy), as does any console error (a CSP violation included) or failed request.
 */

type Operation = { operationId: string; summary: string; tags: string[] };
type Doc = { paths: Record<string, Record<string, Operation>>; webhooks: Record<string, unknown> };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Blocks and records every request that would leave the machine; records console errors and failed requests. */
async function watchNetwork(page: Page) {
  const foreign: string[] = [];
  const problems: string[] = [];
  await page.context().route("**/*", async (route) => {
    const url = new URL(route.request().url());
    if (["http:", "https:", "ws:", "wss:"].includes(url.protocol) && !LOCAL_HOSTS.has(url.hostname)) {
      foreign.push(url.href);
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => problems.push(`request failed: ${request.url()} ${request.failure()?.errorText ?? ""}`));
  return { foreign, problems };
}

/** Scalar's section of one operation or webhook (a region labelled by its heading). */
const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/**
 * How long the reference may take to draw itself the first time: Scalar mounts and draws the whole document in
 * the browser, a few seconds on an idle machine and ~20 s on a loaded two-core CI machine, past the default 15 s.
 * Only the first wait of a page needs it; what follows is drawn by then.
 */
const DRAWN = { timeout: 60_000 };

/** The OpenAPI document the page renders. */
async function openApiDocument(request: APIRequestContext) {
  const response = await request.get("/api/v1/openapi.json");
  expect(response.status()).toBe(200);
  return (await response.json()) as Doc;
}

/** Nothing left the machine and nothing failed (checked after the page went quiet). */
async function expectNoForeignRequestsOrErrors(page: Page, { foreign, problems }: Awaited<ReturnType<typeof watchNetwork>>) {
  await page.waitForLoadState("networkidle").catch(() => {});
  expect(foreign, "requests to other hosts").toEqual([]);
  expect(problems).toEqual([]);
}

test.use({ storageState: { cookies: [], origins: [] } });

// Three tests, not one: walking every section in one page took 30 s on an idle machine, each section slower
// than the one before (Scalar keeps what it rendered), and past the 90 s timeout on a loaded CI machine.

test("/docs renders the reference offline: CSP, scope, markdown, examples, code samples in curl, TypeScript and Python", async ({ page }) => {
  const watched = await watchNetwork(page);
  const bundle = page.waitForResponse((response) => new URL(response.url()).pathname === "/docs/scalar.js");
  const response = await page.goto("/docs#tag/candidates/POST/candidates");
  expect(response?.status()).toBe(200);
  // Scripts only by nonce; inline styles (Scalar injects its CSS) on this page only.
  const csp = response!.headers()["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("connect-src 'self'");
  expect((await bundle).status()).toBe(200);

  await expect(page.getByRole("heading", { level: 1, name: "Hireflow API" })).toBeVisible(DRAWN);
  // A way back to the app (a full page load).
  await expect(page.getByRole("navigation", { name: "Hireflow" }).getByRole("link", { name: "Back to Hireflow" })).toHaveAttribute("href", "/jobs");

  const create = section(page, "Create a candidate");
  await expect(create.getByRole("heading", { name: "Create a candidate" })).toBeVisible();
  // Scope, in the operation's own words.
  await expect(create.locator("p", { hasText: "Required scope:" }).locator("code")).toHaveText("candidates:write");
  // Markdown rendered: `public_api` in the description is a <code> element, and no backtick is left.
  await expect(create.locator("code", { hasText: /^public_api$/ })).toBeVisible();
  expect(await create.innerText()).not.toContain("`");
  // The response example.
  await expect(create).toContainText('"public_id"');
  await expect(create).toContainText("cand_3f1c2b9a7d5e4c1fa0b2c3d4e5f60718");

  // Code samples: the document's own, one per language.
  const picker = create.getByTestId("client-picker");
  await expect(picker).toHaveText(/curl/);
  await expect(create).toContainText("curl -X POST");
  await expect(create).toContainText('"name": "Ada Lovelace"');
  await expect(create).toContainText("Idempotency-Key");
  // Without the focus ring Scalar puts on the section it scrolled to.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await saveScreenshot(page, "api-reference", { fullPage: false });
  await picker.click();
  await expect(page.getByRole("option")).toHaveText(["curl", "TypeScript SDK", "Python (requests)"]);
  await page.getByRole("option", { name: "TypeScript SDK" }).click();
  await expect(create).toContainText('import { Hireflow } from "@hireflow/sdk"');
  await expect(create).toContainText("await hf.candidates.create(");
  await picker.click();
  await page.getByRole("option", { name: "Python (requests)" }).click();
  await expect(create).toContainText("requests.post(");
  await expect(create).toContainText("os.environ['HIREFLOW_API_KEY']");

  await expectNoForeignRequestsOrErrors(page, watched);
});

test("/docs has a section for every operation of the OpenAPI document, under its tag", async ({ page, request }) => {
  // 40 operations took 15 s on an idle machine; a loaded one is several times slower.
  test.slow();
  const watched = await watchNetwork(page);
  const doc = await openApiDocument(request);
  const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
  expect(operations.length).toBeGreaterThan(20);
  expect((await page.goto("/docs"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Hireflow API" })).toBeVisible(DRAWN);
  for (const { path, method, op } of operations) {
    const tag = op.tags[0]!.toLowerCase().replace(/\s+/g, "-");
    await page.evaluate((hash) => (window.location.hash = hash), `tag/${tag}/${method.toUpperCase()}${path}`);
    await expect(section(page, op.summary).getByRole("heading", { name: op.summary }), `${method.toUpperCase()} ${path}`).toBeVisible();
  }
  await expectNoForeignRequestsOrErrors(page, watched);
});

test("/docs shows every webhook with its example and signature headers, and how to verify them", async ({ page, request }) => {
  const watched = await watchNetwork(page);
  const doc = await openApiDocument(request);
  expect(Object.keys(doc.webhooks).length).toBeGreaterThan(0);
  expect((await page.goto("/docs#tag/webhooks"))?.status()).toBe(200);
  // A sidebar entry that leads to them (it was "#webhook/undefined/" while the webhooks had no tag).
  const webhooksEntry = page.getByRole("link", { name: "Webhooks", exact: true });
  await expect(webhooksEntry).toHaveAttribute("href", /#tag\/webhooks$/, DRAWN);
  await expect(page.locator('a[href*="undefined"]')).toHaveCount(0);
  // Each payload with its example, the signature headers, and how to verify them.
  for (const name of Object.keys(doc.webhooks)) {
    // The sidebar's own link: the reference writes `_` as `-` in its anchors (offer.approval_requested → offer.approval-requested).
    const href = await page.getByRole("link", { name: `${name} HTTP Method: POST`, exact: true }).getAttribute("href", DRAWN);
    expect(href, name).toMatch(/^#tag\/webhooks\/webhook\/POST\//);
    await page.evaluate((hash) => (window.location.hash = hash), href!.slice(1));
    const webhook = section(page, name);
    await expect(webhook.getByRole("heading", { name }), name).toBeVisible();
    await expect(webhook).toContainText(`"event": "${name}"`);
    await expect(webhook).toContainText("webhook-signature");
  }
  await page.evaluate(() => (window.location.hash = "description/verifying-webhook-signatures"));
  await expect(page.getByRole("heading", { name: "Verifying webhook signatures" })).toBeVisible();
  await expect(page.locator("code", { hasText: "verifyWebhook(rawBody, request.headers" })).toBeVisible();
  await expect(page.locator("code", { hasText: "hmac.compare_digest(signature, expected)" })).toBeVisible();
  await expectNoForeignRequestsOrErrors(page, watched);
});
