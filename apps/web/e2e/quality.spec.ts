import { expect, test, type Page } from "@playwright/test";
import { jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

async function pages() {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const [candidate] = await query<{ id: number }>("SELECT id FROM candidates WHERE job_id = $1 ORDER BY id LIMIT 1", [jobId]);
  return ["/jobs", `/jobs/${jobId}`, `/jobs/${jobId}/edit`, "/jobs/new", `/candidates/${candidate!.id}`, "/settings/api-keys", "/settings/webhooks", "/careers/acme", `/careers/acme/jobs/${jobId}`];
}

/** Every form control has an accessible name (a <label>, aria-label or aria-labelledby). */
async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>("input:not([type=hidden]), select, textarea")]
      .filter((el) => !el.closest("[aria-hidden=true]"))
      .filter((el) => !(el.labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")))
      .map((el) => el.outerHTML.slice(0, 120)),
  );
}

test("every page: same-origin requests only (no CDN, fonts or scripts from elsewhere), labelled controls", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["http:", "https:"].includes(url.protocol)) return;
    if (url.origin !== new URL(baseURL!).origin) foreign.push(req.url());
  });
  for (const path of await pages()) {
    await page.goto(path);
    await page.waitForLoadState("networkidle").catch(() => {});
    expect(await unlabelledControls(page), path).toEqual([]);
  }
  expect(foreign).toEqual([]);
});

test.describe("phone-sized screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("no page scrolls sideways; the board scrolls within itself", async ({ page }) => {
    for (const path of await pages()) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    }
    await page.goto(`/jobs/${await jobIdByTitle("Senior Backend Engineer")}`);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Prospect" })).toBeVisible();
  });
});

test("keyboard: skip link, then the main navigation", async ({ page }) => {
  await gotoHydrated(page, "/jobs");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("an unknown or malformed id is a 404 page, not an error", async ({ page }) => {
  for (const path of ["/jobs/999999", "/jobs/0x10", "/candidates/999999", "/settings/webhooks/999999", "/careers/no-such-company", "/careers/acme/jobs/999999"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});
