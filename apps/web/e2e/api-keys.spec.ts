import { expect, test } from "@playwright/test";
import { jobIdByTitle } from "./support/db.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { gotoHydrated } from "./support/page.ts";

test("create an API key, use it on GET /api/v1/jobs/{id}, revoke it → 401", async ({ page, request }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();

  await page.getByLabel("Name").fill("E2E integration");
  // Full access is the preset: every scope ticked.
  await expect(page.getByRole("checkbox", { name: "Full access" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: /jobs:write/ })).toBeChecked();
  await page.getByRole("button", { name: "Create key" }).click();
  const panel = page.getByTestId("new-key");
  await expect(panel).toContainText("it will not be shown again");
  const secret = await panel.getByLabel("New API key").inputValue();
  expect(secret).toMatch(/^hf_live_[0-9A-Za-z]{40}$/);
  await expect(panel.getByRole("button", { name: "Copy" })).toBeVisible();
  const row = page.getByRole("row", { name: /E2E integration/ });
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText("Ada Admin");
  await expect(row).toContainText("Never");
  await expect(row).toContainText("Full access");
  await saveScreenshot(page, "settings-api-keys");

  const ok = await request.get(`/api/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${secret}` } });
  expect(ok.status()).toBe(200);
  expect((await ok.json()).data).toMatchObject({ id: jobId, title: "Senior Backend Engineer", apply_url: expect.stringContaining(`/careers/acme/jobs/${jobId}`) });

  // The secret is shown exactly once: gone after dismissing, and not in the page after a reload.
  await panel.getByRole("button", { name: "I have copied it" }).click();
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(secret);
  // last_used_at is written off the request path.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row", { name: /E2E integration/ })).not.toContainText("Never", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await page.getByRole("button", { name: "Revoke E2E integration" }).click();
  const dialog = page.getByRole("dialog", { name: /Revoke “E2E integration”/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row", { name: /E2E integration/ })).toContainText("Revoked");

  const refused = await request.get(`/api/v1/jobs/${jobId}`, { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("unauthorized");
});

test("a read-only key: listed with its scopes, reads work, a write is 403 naming the scope", async ({ page, request }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  await gotoHydrated(page, "/settings/api-keys");
  await page.getByLabel("Name").fill("E2E reader");
  await page.getByRole("checkbox", { name: "Full access" }).uncheck();
  await expect(page.getByRole("checkbox", { name: /jobs:write/ })).not.toBeChecked();
  await page.getByRole("checkbox", { name: /candidates:read/ }).check();
  await page.getByRole("checkbox", { name: /jobs:read/ }).check();
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = await page.getByTestId("new-key").getByLabel("New API key").inputValue();
  const row = page.getByRole("row", { name: /E2E reader/ });
  await expect(row.getByRole("list", { name: "Scopes" }).getByRole("listitem")).toHaveText(["candidates:read", "jobs:read"]);
  // The form is back at full access for the next key.
  await expect(page.getByRole("checkbox", { name: "Full access" })).toBeChecked();

  const headers = { authorization: `Bearer ${secret}` };
  const me = await request.get("/api/v1/me", { headers });
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({ company: { name: "Acme" }, api_key: { name: "E2E reader", scopes: ["candidates:read", "jobs:read"] } });
  expect((await request.get(`/api/v1/jobs/${jobId}`, { headers })).status()).toBe(200);
  const refused = await request.patch(`/api/v1/jobs/${jobId}`, { headers, data: { title: "Renamed by a reader" } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({ code: "forbidden", message: expect.stringContaining("jobs:write") });
  expect((await (await request.get(`/api/v1/jobs/${jobId}`, { headers })).json()).data.title).toBe("Senior Backend Engineer");
});

test("cancelling the revoke dialog keeps the key", async ({ page }) => {
  await gotoHydrated(page, "/settings/api-keys");
  await page.getByRole("button", { name: "Revoke Demo key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Revoke Demo key" })).toBeVisible();
});
