import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { NOT_AUDITED, PAGES, SIGNED_OUT, demoJob } from "./support/pages.ts";
import { startReceiver } from "./support/receiver.ts";
import { gotoHydrated } from "./support/page.ts";

/**
 * axe-core over every page of the app in a real browser (WCAG 2.0/2.1, levels A and AA): no
 * violation of impact "serious" or "critical" anywhere. A new page (src/app/**\/page.tsx) fails
 * the coverage test below until it is added to PAGES (e2e/support/pages.ts).
 */

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
