import path from "node:path";
import { type Page } from "@playwright/test";

const repoRoot = path.resolve(import.meta.dirname, "../../../..");

/**
 * Screenshots of the main screens. Every run writes them to test-results/e2e/screenshots/;
 * with PLAYWRIGHT_UPDATE_SCREENSHOTS=1 they replace the committed ones in docs/screenshots/ (shown
 * in the README), so an ordinary run never dirties the work tree.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.evaluate(() => document.fonts?.ready);
  const dir = process.env.PLAYWRIGHT_UPDATE_SCREENSHOTS === "1" ? path.join(repoRoot, "docs/screenshots") : path.join(repoRoot, "test-results/e2e/screenshots");
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? true, animations: "disabled", caret: "hide" });
}
