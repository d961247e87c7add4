import { createHash, randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { query } from "./support/db.ts";
import { createApiKey, gotoHydrated, hydrated } from "./support/page.ts";
import { type AuditedPage, PAGES, SIGNED_OUT } from "./support/pages.ts";
import { startReceiver } from "./support/receiver.ts";
import { ADMIN_STATE, readState } from "./support/state.ts";

/**
 * Issue 43 §7: no page is wider than a phone. Every page of the app (e2e/support/pages.ts) at 390 px,
 * signed in as the owner (the signed-out ones signed out), once the tables that pushed pages sideways
 * have rows: an API key, a connected app with many scopes (the owner's and a recruiter's), a webhook
 * endpoint with a delivery, an e-mail in the log. Pages that need data of their own are walked here
 * too (an endpoint, an e-mail, the consent page, a recruiter's Connected apps); /offers/[token] and
 * /schedule/[token] are checked at 390 px by offers.spec.ts and scheduling.spec.ts.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
test.use(PHONE);

/** Set anew by each beforeAll (a repeated run adds rows of its own): the names of what this spec adds. */
let run = "";
const app = () => `Phone assistant ${run}`;
const clientId = () => `hfc_phone_width_${run}`;
const invitee = () => `phone-width-${run}@example.com`;
const SCOPES = ["jobs:read", "jobs:write", "candidates:read", "candidates:write", "interviews:read", "interviews:write", "reports:read"];
const RECRUITER = { email: "recruiter@acme.test", password: "hireflow-demo" };

let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
let endpointId = 0;
let emailId = 0;

function ownerContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, baseURL: readState().baseUrl, storageState: ADMIN_STATE });
}

/** A member's grant to an app, as consenting on /oauth/authorize leaves it (the consent itself: oauth-consent.spec.ts). */
async function connect(email: string) {
  await query(
    `INSERT INTO oauth_grants (company_id, user_id, client_id, scopes, resource)
       SELECT company_id, id, $2, $3, $4 FROM users WHERE email = $1`,
    [email, clientId(), SCOPES, `${readState().baseUrl}/api/mcp`],
  );
}

test.beforeAll(async ({ browser }) => {
  run = randomBytes(3).toString("hex");
  const context = await ownerContext(browser);
  try {
    const page = await context.newPage();
    const key = await createApiKey(page, `Phone width ${run}`);
    const auth = { authorization: `Bearer ${key}` };

    receiver = await startReceiver();
    const created = await context.request.post("/api/v1/webhook_endpoints", { headers: auth, data: { url: receiver.url, events: ["candidate.stage_changed"], description: `Phone width ${run}` } });
    expect(created.status(), await created.text()).toBe(201);
    endpointId = ((await created.json()) as { data: { id: number } }).data.id;
    expect((await context.request.post(`/api/v1/webhook_endpoints/${endpointId}/test`, { headers: auth })).ok()).toBe(true);
    await expect.poll(() => receiver!.received.length, { timeout: 20_000 }).toBeGreaterThan(0);

    // An e-mail in the log: the invitation of a member by e-mail.
    await gotoHydrated(page, "/settings/team");
    await page.getByLabel("E-mail (optional)").fill(invitee());
    await page.getByRole("button", { name: "Create invitation link" }).click();
    await expect(page.getByTestId("new-invitation")).toBeVisible();
    const [email] = await query<{ id: number }>("SELECT id FROM email_messages WHERE array_to_string(to_addresses, ',') LIKE '%' || $1 || '%' ORDER BY id DESC LIMIT 1", [invitee()]);
    emailId = email!.id;

    await query("INSERT INTO oauth_clients (id, kind, name, client_uri, redirect_uris) VALUES ($1, 'dynamic', $2, $3, $4)", [
      clientId(),
      app(),
      `https://assistant.example/${run}/connect-hireflow-to-your-assistant`,
      ["http://127.0.0.1:9/callback"],
    ]);
    await connect("admin@acme.test");
    await connect(RECRUITER.email);
  } finally {
    await context.close();
  }
});

// The specs share the demo company: take back what this one added.
test.afterAll(async ({ browser }) => {
  if (endpointId) {
    const context = await ownerContext(browser);
    const page = await context.newPage();
    await gotoHydrated(page, `/settings/webhooks/${endpointId}`);
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await context.close();
    endpointId = 0;
  }
  await receiver?.close();
  receiver = undefined;
  await query("DELETE FROM oauth_clients WHERE id = $1", [clientId()]);
  await query("UPDATE invitations SET revoked_at = now() WHERE email = $1 AND revoked_at IS NULL", [invitee()]);
});

/**
 * The page's width, and what reaches past the screen's right edge outside every scroll box (or is
 * positioned against something outside it, as the visually hidden label that widened Settings → API
 * keys was): the culprits, for the failure message.
 */
async function expectFits(page: Page, what: string) {
  await hydrated(page);
  await page.evaluate(() => document.fonts.ready);
  const { width, culprits } = await page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const scroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== "visible") return a;
      return null;
    };
    const found: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Its own box past the edge, or its text spilling out of it (white-space: nowrap) past the edge.
      const spills = style.overflowX === "visible" && el.scrollWidth > el.clientWidth + 1 && box.left + el.scrollWidth > limit + 1;
      if ((box.right <= limit + 1 && !spills) || (box.width === 0 && box.height === 0) || style.position === "fixed") continue;
      const clip = scroller(el);
      const escapes = !clip || (style.position === "absolute" && !(el.offsetParent && clip.contains(el.offsetParent)));
      if (escapes) found.push(`<${el.tagName.toLowerCase()} class="${el.className}"> "${(el.textContent ?? "").trim().slice(0, 40)}" right=${Math.round(Math.max(box.right, box.left + el.scrollWidth))}`);
    }
    return { width: document.documentElement.scrollWidth, culprits: found.slice(-5) };
  });
  expect(width, `${what} is ${width} px wide at 390 px; past the edge: ${culprits.join(" | ")}`).toBeLessThanOrEqual(390);
}

/** On screen without scrolling its table sideways (the page scrolled down to it if need be). */
async function expectOnScreen(button: Locator) {
  await button.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 200));
  const table = button.locator("xpath=ancestor::div[contains(@class, 'overflow-x-auto')][1]");
  // The table is wider than the phone and not scrolled: the button is on screen because its column stays.
  expect(await table.evaluate((el) => ({ wider: el.scrollWidth > el.clientWidth, left: el.scrollLeft }))).toEqual({ wider: true, left: 0 });
  await expect(button).toBeInViewport({ ratio: 1 });
}

async function open(page: Page, entry: AuditedPage) {
  const url = typeof entry.path === "string" ? entry.path : await entry.path();
  const response = await page.goto(url);
  expect(response?.status(), `${url} answers ${entry.status ?? 200}`).toBe(entry.status ?? 200);
  if (entry.signedIn) await expect(page).not.toHaveURL(/\/sign-in/);
  if (entry.ready) await expect(entry.ready(page)).toBeVisible({ timeout: 60_000 });
  // The reports' charts are drawn in the browser, after the page: measured once they are.
  if (entry.route === "/reports") await expect(page.locator("[data-chart] svg.recharts-surface").first()).toBeVisible();
  return url;
}

// Dark mode changes colours, not widths: those entries are left out.
for (const signedIn of [false, true]) {
  test.describe(signedIn ? "signed in as the owner" : "signed out", () => {
    if (!signedIn) test.use({ storageState: SIGNED_OUT });
    for (const entry of PAGES.filter((p) => p.signedIn === signedIn && !p.dark)) {
      test(`390 px: ${entry.name}`, async ({ page }) => {
        const url = await open(page, entry);
        await expectFits(page, `${entry.name} (${url})`);
      });
    }
  });
}

// Issue 43 §9: the editor's row shared one line with its buttons: ~75 px name boxes, type menus cut.
test("390 px: the pipeline editor stacks a stage's row (name above type, full width; the buttons below)", async ({ page }) => {
  await gotoHydrated(page, "/settings/pipeline");
  const row = page.getByTestId("pipeline-stage").nth(2);
  const [name, type, remove, box] = await Promise.all([
    row.getByLabel("Stage 3", { exact: true }).boundingBox(),
    row.getByLabel("Type of stage 3").boundingBox(),
    row.getByRole("button", { name: /^Remove / }).boundingBox(),
    row.boundingBox(),
  ]);
  expect(name!.width).toBeGreaterThanOrEqual(240);
  expect(Math.round(type!.width)).toBe(Math.round(name!.width));
  expect(type!.y).toBeGreaterThan(name!.y + name!.height);
  expect(type!.x + type!.width).toBeLessThanOrEqual(box!.x + box!.width);
  expect(remove!.y).toBeGreaterThan(type!.y + type!.height);
  await expectFits(page, "/settings/pipeline");
});

test.describe("pages that need data of their own", () => {
  test("390 px: Settings → API keys and Connected apps, Revoke and Disconnect on screen", async ({ page }) => {
    await gotoHydrated(page, "/settings/api-keys");
    await expectFits(page, "Settings → API keys with a key");
    await expectOnScreen(page.getByRole("button", { name: `Revoke Phone width ${run}` }));

    await gotoHydrated(page, "/settings/connected-apps");
    await expectFits(page, "Settings → Connected apps with grants");
    await expectOnScreen(page.getByRole("button", { name: `Disconnect ${app()} (admin@acme.test)` }));
    await expectOnScreen(page.getByRole("button", { name: `Disconnect ${app()} (${RECRUITER.email})` }));
  });

  test("390 px: a recruiter's Connected apps", async ({ browser }) => {
    const context = await browser.newContext({ ...PHONE, baseURL: readState().baseUrl, storageState: SIGNED_OUT });
    try {
      expect((await context.request.post("/api/auth/sign-in", { data: RECRUITER })).status()).toBe(200);
      const page = await context.newPage();
      await gotoHydrated(page, "/connected-apps");
      await expectFits(page, "/connected-apps as a recruiter");
      await expectOnScreen(page.getByRole("button", { name: `Disconnect ${app()} (${RECRUITER.email})` }));
    } finally {
      await context.close();
    }
  });

  test("390 px: a webhook endpoint with its delivery log", async ({ page }) => {
    await gotoHydrated(page, `/settings/webhooks/${endpointId}`);
    await expect(page.getByTestId("deliveries").locator("tbody tr").first()).toBeVisible();
    await expectFits(page, "/settings/webhooks/[id]");
  });

  test("390 px: an e-mail of the log", async ({ page }) => {
    await gotoHydrated(page, `/settings/email-log/${emailId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Join Acme on Hireflow" })).toBeVisible();
    await expectFits(page, "/settings/email-log/[id]");
  });

  test("390 px: the consent page an app sends the member to", async ({ page, request }) => {
    const registered = await request.post("/api/oauth/register", {
      data: { client_name: `Consent ${run}`, client_uri: "https://assistant.example", redirect_uris: ["http://127.0.0.1:9/callback"], token_endpoint_auth_method: "none" },
    });
    expect(registered.status()).toBe(201);
    const params = new URLSearchParams({
      response_type: "code",
      client_id: ((await registered.json()) as { client_id: string }).client_id,
      redirect_uri: "http://127.0.0.1:9/callback",
      scope: SCOPES.join(" "),
      state: run,
      code_challenge: createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url"),
      code_challenge_method: "S256",
      resource: `${readState().baseUrl}/api/v1`,
    });
    await gotoHydrated(page, `/oauth/authorize?${params}`);
    await expect(page.getByRole("heading", { name: `Connect Consent ${run} to Hireflow` })).toBeVisible();
    await expectFits(page, "/oauth/authorize");
  });
});
