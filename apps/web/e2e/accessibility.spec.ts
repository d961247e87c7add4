import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle, query } from "./support/db.ts";
import { startReceiver } from "./support/receiver.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * axe-core over every page of the app in a real browser (WCAG 2.0/2.1, levels A and AA): no
 * violation of impact "serious" or "critical" anywhere. A new page (src/app/**\/page.tsx) fails
 * the coverage test below until it is added to PAGES.
 */

const SIGNED_OUT = { cookies: [], origins: [] };

interface AuditedPage {
  name: string;
  /** The route as in src/app (route groups dropped), for the coverage check. */
  route: string;
  /** The URL to open: literal, or looked up in the seeded database. */
  path: string | (() => Promise<string>);
  signedIn: boolean;
  /** What shows once the page is rendered, for pages drawn in the browser (waited for before the audit). */
  ready?: (page: Page) => Locator;
  /** Expected HTTP status (200 unless said otherwise). */
  status?: number;
  /** Audit with prefers-color-scheme: dark (pages that follow the system's scheme). */
  dark?: boolean;
}

const demoJob = () => jobIdByTitle("Senior Backend Engineer");
async function candidateByName(name: string): Promise<number> {
  const [row] = await query<{ id: number }>("SELECT id FROM candidates WHERE name = $1 ORDER BY id LIMIT 1", [name]);
  if (!row) throw new Error(`no seeded candidate named ${name}`);
  return row.id;
}

/** Every page of the app. Add a page here when you add one under src/app. */
const PAGES: AuditedPage[] = [
  // Signed out.
  { name: "sign-in", route: "/sign-in", path: "/sign-in", signedIn: false },
  { name: "careers index", route: "/careers/[slug]", path: "/careers/acme", signedIn: false },
  { name: "careers job with the application form", route: "/careers/[slug]/jobs/[id]", path: async () => `/careers/acme/jobs/${await demoJob()}`, signedIn: false },
  // The API reference is drawn in the browser by a third-party renderer: audit the drawn reference
  // (not its loading state), with an operation open (code samples, copy buttons), and in dark mode
  // (it follows the system's colour scheme).
  { name: "API reference", route: "/docs", path: "/docs", signedIn: false, ready: (page) => page.getByRole("heading", { level: 1, name: "Hireflow API" }) },
  {
    name: "API reference, an operation open",
    route: "/docs",
    path: "/docs#tag/candidates/POST/candidates",
    signedIn: false,
    ready: (page) => page.getByRole("heading", { name: "Create a candidate" }).first(),
  },
  { name: "API reference, dark mode", route: "/docs", path: "/docs", signedIn: false, dark: true, ready: (page) => page.getByRole("heading", { level: 1, name: "Hireflow API" }) },
  { name: "invitation link, unknown token", route: "/invite/[token]", path: "/invite/no-such-invitation-token", signedIn: false },
  // A valid invitation link: audited by "axe: team settings with a new invitation link, …" below.
  { name: "not found (public)", route: "(not found)", path: "/careers/no-such-company", signedIn: false, status: 404 },
  // Signed in as the demo admin.
  { name: "jobs list", route: "/jobs", path: "/jobs", signedIn: true },
  { name: "pipeline board of the demo job", route: "/jobs/[id]", path: async () => `/jobs/${await demoJob()}`, signedIn: true },
  { name: "new job", route: "/jobs/new", path: "/jobs/new", signedIn: true },
  { name: "edit job", route: "/jobs/[id]/edit", path: async () => `/jobs/${await demoJob()}/edit`, signedIn: true },
  { name: "candidates", route: "/candidates", path: "/candidates", signedIn: true },
  { name: "candidate with every field", route: "/candidates/[id]", path: async () => `/candidates/${await candidateByName("Lena Fischer")}`, signedIn: true },
  { name: "candidate with empty fields", route: "/candidates/[id]", path: async () => `/candidates/${await candidateByName("Hana Kobayashi")}`, signedIn: true },
  { name: "reports", route: "/reports", path: "/reports", signedIn: true },
  { name: "impact ratios for the demo job", route: "/reports/impact-ratios", path: async () => `/reports/impact-ratios?job_id=${await demoJob()}`, signedIn: true },
  { name: "settings", route: "/settings", path: "/settings", signedIn: true },
  { name: "settings: API keys", route: "/settings/api-keys", path: "/settings/api-keys", signedIn: true },
  { name: "settings: webhooks", route: "/settings/webhooks", path: "/settings/webhooks", signedIn: true },
  { name: "settings: privacy", route: "/settings/privacy", path: "/settings/privacy", signedIn: true },
  { name: "settings: team", route: "/settings/team", path: "/settings/team", signedIn: true },
  { name: "settings: pipeline", route: "/settings/pipeline", path: "/settings/pipeline", signedIn: true },
  { name: "settings: reject reasons", route: "/settings/reject-reasons", path: "/settings/reject-reasons", signedIn: true },
  { name: "settings: audit log", route: "/settings/audit-log", path: "/settings/audit-log", signedIn: true },
  { name: "settings: e-mail", route: "/settings/email", path: "/settings/email", signedIn: true },
  { name: "settings: e-mail log", route: "/settings/email-log", path: "/settings/email-log", signedIn: true },
  { name: "settings: careers site", route: "/settings/careers-site", path: "/settings/careers-site", signedIn: true },
  { name: "settings: AI screening", route: "/settings/ai-screening", path: "/settings/ai-screening", signedIn: true },
  { name: "settings: connected apps", route: "/settings/connected-apps", path: "/settings/connected-apps", signedIn: true },
  { name: "my interviews", route: "/my-interviews", path: "/my-interviews", signedIn: true },
  { name: "my approvals", route: "/approvals", path: "/approvals", signedIn: true },
  { name: "settings: offers", route: "/settings/offers", path: "/settings/offers", signedIn: true },
  { name: "my availability", route: "/my-availability", path: "/my-availability", signedIn: true },
  {
    name: "settings: a member's availability",
    route: "/settings/team/[id]/availability",
    path: async () => `/settings/team/${(await query<{ id: string }>("SELECT id FROM users WHERE email = 'recruiter@acme.test'"))[0]!.id}/availability`,
    signedIn: true,
  },
  // /settings/email-log/[id] needs a message: audited by e2e/email-log.spec.ts.
  // /settings/webhooks/[id] needs an endpoint: audited by "axe: webhook endpoint list, its detail page …" below.
  { name: "not found (app)", route: "(not found)", path: "/jobs/999999", signedIn: true, status: 404 },
];

/** Routes not in PAGES, with why. */
const NOT_AUDITED: Record<string, string> = {
  "/": "redirects to /jobs",
  "/settings/webhooks/[id]": "audited by its own test (it needs an endpoint with deliveries)",
  "/settings/email-log/[id]": "audited by e2e/email-log.spec.ts (it needs a message: the invitation it sends)",
  "/connected-apps": "for recruiters and interviewers; the admin is redirected to /settings/connected-apps (audited above)",
  "/oauth/authorize": "audited by e2e/oauth-consent.spec.ts (it needs a registered client and a valid request)",
  "/offers/[token]": "audited by e2e/offers.spec.ts (it needs a sent offer's link), at 390 px, before and after the answer",
  "/schedule/[token]": "audited by e2e/scheduling.spec.ts (it needs a scheduling link), at 390 px, open, booked and canceled",
};

function routeOf(pageFile: string): string {
  const segments = path
    .dirname(pageFile)
    .split(path.sep)
    .filter((s) => s !== "." && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

function pageFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full, base);
    return /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name) ? [path.relative(base, full)] : [];
  });
}

test("every page under src/app is in the audit", () => {
  const routes = pageFiles(path.resolve(import.meta.dirname, "../src/app")).map(routeOf);
  const covered = new Set([...PAGES.map((p) => p.route), ...Object.keys(NOT_AUDITED)]);
  expect(routes.filter((r) => !covered.has(r)).sort(), "pages missing from PAGES in e2e/accessibility.spec.ts").toEqual([]);
});

for (const signedIn of [false, true]) {
  test.describe(signedIn ? "signed in" : "signed out", () => {
    if (!signedIn) test.use({ storageState: SIGNED_OUT });
    for (const entry of PAGES.filter((p) => p.signedIn === signedIn)) {
      test(`axe: ${entry.name}`, async ({ page }) => {
        const url = typeof entry.path === "string" ? entry.path : await entry.path();
        if (entry.dark) await page.emulateMedia({ colorScheme: "dark" });
        const response = await page.goto(url);
        expect(response?.status(), `${url} answers ${entry.status ?? 200}`).toBe(entry.status ?? 200);
        if (signedIn) await expect(page).not.toHaveURL(/\/sign-in/);
        // A page drawn in the browser takes as long as its renderer: the API reference draws every operation
        // of the document, ~20 s on a loaded two-core machine, well past the default 15 s.
        if (entry.ready) await expect(entry.ready(page)).toBeVisible({ timeout: 60_000 });
        await expectNoSeriousViolations(page, `${entry.name} (${url})`);
      });
    }
  });
}

test.describe("states that pages only reach on interaction", () => {
  test.describe("signed out", () => {
    test.use({ storageState: SIGNED_OUT });

    test("axe: careers application form showing its validation errors", async ({ page }) => {
      await gotoHydrated(page, `/careers/acme/jobs/${await demoJob()}`);
      await page.getByRole("button", { name: "Submit application" }).click();
      await expect(page.getByText("Please check the highlighted fields")).toBeVisible();
      await expectNoSeriousViolations(page, "careers application form with errors");
    });
  });

  test("axe: pipeline board with candidates selected", async ({ page }) => {
    await gotoHydrated(page, `/jobs/${await demoJob()}`);
    await page.getByRole("checkbox", { name: "Select Lena Fischer" }).check();
    await expect(page.getByText("1 selected")).toBeVisible();
    await expectNoSeriousViolations(page, "pipeline board, one card selected");
  });

  test("axe: the Ctrl+K quick switcher, open with results", async ({ page }) => {
    await page.goto("/jobs");
    await page.waitForLoadState("networkidle").catch(() => {});
    await page.keyboard.press("Control+k");
    await expect(page.getByRole("dialog", { name: "Go to a candidate or a job" })).toBeVisible();
    await page.keyboard.type("Lena");
    await expect(page.getByRole("option", { name: /Lena Fischer/ })).toBeVisible();
    await expectNoSeriousViolations(page, "quick switcher open with results");
  });

  test("axe: API keys with a new key shown once, the revoke dialog and a revoked key", async ({ page }) => {
    const name = `axe audit ${Date.now()}`;
    await gotoHydrated(page, "/settings/api-keys");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByTestId("new-key")).toContainText("it will not be shown again");
    await expectNoSeriousViolations(page, "API keys, new key panel");
    await page.getByTestId("new-key").getByRole("button", { name: "I have copied it" }).click();
    await page.getByRole("button", { name: `Revoke ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(`Revoke “${name}”`) });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, "API keys, revoke dialog open");
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Revoked");
    // The revoked row is dimmed: still readable.
    await expectNoSeriousViolations(page, "API keys with a revoked key");
  });

  test("axe: team settings with a new invitation link, the invitation page signed out, a revoked invitation, the audit log", async ({ page, browser, baseURL }) => {
    const email = `axe-audit-${Date.now()}@example.com`;
    await gotoHydrated(page, "/settings/team");
    await page.getByLabel("E-mail (optional)").fill(email);
    await page.getByRole("button", { name: "Create invitation link" }).click();
    const panel = page.getByTestId("new-invitation");
    await expect(panel).toBeVisible();
    const link = await panel.getByLabel("Invitation link").inputValue();
    await expectNoSeriousViolations(page, "team settings, new invitation link");

    const signedOut = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
    try {
      const invitee = await signedOut.newPage();
      await invitee.goto(link);
      await expect(invitee.getByRole("heading", { level: 1, name: /^Join / })).toBeVisible();
      await expectNoSeriousViolations(invitee, "invitation page with its form");
    } finally {
      await signedOut.close();
    }

    await panel.getByRole("button", { name: "I have copied it" }).click();
    await page.getByRole("button", { name: `Revoke the invitation for ${email}` }).click();
    await page.getByRole("dialog", { name: "Revoke this invitation?" }).getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Revoked");
    await expectNoSeriousViolations(page, "team settings with a revoked invitation");

    // The audit log now has entries (this invitation, and the keys and endpoints of the tests above).
    await page.goto("/settings/audit-log");
    await expect(page.locator('[data-testid="audit-entry"]').first()).toBeVisible();
    await expectNoSeriousViolations(page, "audit log with entries");
  });

  test("axe: webhook endpoint list, its detail page with a delivery log, and its dialogs", async ({ page }) => {
    const receiver = await startReceiver();
    const description = `axe audit ${Date.now()}`;
    try {
      await gotoHydrated(page, "/settings/webhooks");
      await page.getByLabel("URL").fill(receiver.url);
      await page.getByLabel("Description").fill(description);
      await page.getByRole("button", { name: "Add endpoint" }).click();
      await expect(page.getByTestId("new-webhook-secret")).toBeVisible();
      await expectNoSeriousViolations(page, "webhooks list with an endpoint and its new secret");

      await page.getByRole("link", { name: receiver.url }).click();
      await expect(page).toHaveURL(/\/settings\/webhooks\/\d+$/);
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(page.getByTestId("deliveries").locator("tbody tr")).toHaveCount(1);
      await expect(page.getByTestId("deliveries").locator("tbody tr").first()).toHaveAttribute("data-status", "succeeded", { timeout: 20_000 });
      await expectNoSeriousViolations(page, "webhook endpoint detail with its delivery log");

      await page.getByRole("button", { name: "Rotate secret" }).click();
      await expect(page.getByRole("dialog", { name: "Rotate the signing secret?" })).toBeVisible();
      await expectNoSeriousViolations(page, "webhook endpoint detail, rotate dialog open");
      await page.getByRole("button", { name: "Cancel" }).click();
    } finally {
      // Leave no endpoint behind: later specs count the deliveries of their own receivers only,
      // but an extra endpoint would receive (and retry) their events.
      await page.goto("/settings/webhooks");
      const link = page.getByRole("link", { name: receiver.url });
      if (await link.count()) {
        await link.first().click();
        await page.getByRole("button", { name: "Delete" }).click();
        await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
        await expect(page).toHaveURL(/\/settings\/webhooks$/);
      }
      await receiver.close();
    }
  });
});
