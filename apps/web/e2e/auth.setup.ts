import { expect, test as setup } from "@playwright/test";
import { ADMIN_STATE } from "./support/state.ts";

/** Signs the demo admin in once; the other specs start from this browser state. */
setup("sign in as the demo admin", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill("admin@acme.test");
  await page.getByLabel("Password").fill("hireflow-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByRole("heading", { name: "Jobs" })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
