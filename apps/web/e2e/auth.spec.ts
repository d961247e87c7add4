import { expect, test } from "@playwright/test";

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("a signed-out visitor of an app page is sent to sign-in, and back after signing in", async ({ page }) => {
    for (const path of ["/jobs", "/settings/api-keys", "/settings/webhooks", "/candidates/1", "/"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/sign-in(\?|$)/);
      await expect(page.getByRole("heading", { name: "Sign in to your company" })).toBeVisible();
    }
    // The careers pages and the API reference stay public.
    await page.goto("/careers/acme");
    await expect(page.getByRole("heading", { name: "Open positions" })).toBeVisible();

    await page.goto("/settings/api-keys");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%2Fapi-keys$/);
    await page.getByLabel("E-mail").fill("admin@acme.test");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("E-mail or password is incorrect")).toBeVisible();

    await page.getByLabel("Password").fill("hireflow-demo");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    const cookie = (await page.context().cookies()).find((c) => c.name === "hf_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/jobs");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fjobs$/);
  });

  test("tRPC refuses anonymous calls and mutations without the CSRF token", async ({ request }) => {
    expect((await request.get("/api/trpc/apiKeys.list")).status()).toBe(401);
  });
});

test("a mutation with the session cookie but without the CSRF token is refused", async ({ page }) => {
  await page.goto("/jobs");
  const status = await page.evaluate(async () => {
    const res = await fetch("/api/trpc/apiKeys.create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "csrf" }) });
    return res.status;
  });
  expect(status).toBe(403);
});
