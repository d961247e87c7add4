import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page } from "@playwright/test";
import { ADMIN_STATE } from "./state.ts";

/**
 * Waits until React has hydrated the page (components/hydration-mark.tsx). Before that a click on a
 * button or a form's submit is lost or becomes a native GET; on a loaded CI machine the scripts can
 * arrive after Playwright's first click.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
}

/** page.goto, then wait for hydration: for a page whose first step presses something. */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/** page.reload, then wait for hydration. */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload();
  await hydrated(page);
}

/**
 * A full-access API key of the demo company, made on Settings → API keys as an integrator would.
 * With a Browser it opens its own page as the owner (the suite's signed-in state) and closes it.
 */
export async function createApiKey(from: Page | Browser, name = `E2E ${randomBytes(3).toString("hex")}`): Promise<string> {
  const own = "newPage" in from;
  const page = own ? await from.newPage({ storageState: ADMIN_STATE }) : from;
  try {
    await gotoHydrated(page, "/settings/api-keys");
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = await page.getByTestId("new-key").getByLabel("New API key").inputValue();
    expect(secret).toMatch(/^hf_live_/);
    await page.getByTestId("new-key").getByRole("button", { name: "I have copied it" }).click();
    return secret;
  } finally {
    if (own) await page.close();
  }
}
