import { expect, test } from "@playwright/test";
import { gotoHydrated } from "./support/page.ts";

test("create a job with screening questions, see the API's validation inline, edit it, find it on the careers page", async ({ page }) => {
  await gotoHydrated(page, "/jobs");
  await page.getByRole("link", { name: "New job" }).click();
  await expect(page).toHaveURL(/\/jobs\/new$/);

  await page.getByLabel("Title").fill("Data Engineer");
  await page.getByLabel("Department").fill("Data");
  await page.getByLabel("Location type").selectOption("remote");
  await page.getByLabel("Locations").fill("Remote, Lisbon");
  await page.getByLabel("Description").fill("Pipelines & <warehouses>.\nSecond line.");
  await page.getByLabel("Minimum").fill("90000");
  await page.getByLabel("Maximum").fill("70000");
  await page.getByLabel("Currency").fill("eur");
  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByLabel("Question 1", { exact: true }).fill("Which SQL dialects do you know?");
  await page.getByRole("button", { name: "Add question" }).click();
  await page.getByLabel("Question 2", { exact: true }).fill("Preferred start");
  await page.getByLabel("Answer type").nth(1).selectOption("select");
  await page.getByLabel("Choices").fill("Now, Later");
  await page.getByRole("checkbox", { name: "Required" }).nth(1).check();
  await page.getByRole("button", { name: "Create job" }).click();

  // The rule is the API's (salary range), shown next to the field.
  await expect(page.locator("#salary_max-error")).toHaveText("Must not be below salary.min");
  await page.getByLabel("Maximum").fill("110000");
  await page.getByRole("button", { name: "Create job" }).click();

  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  await expect(page.getByRole("heading", { name: "Data Engineer" })).toBeVisible();
  await expect(page.getByText("No candidates yet")).toBeVisible();
  const jobId = Number(new URL(page.url()).pathname.split("/").pop());

  await page.getByRole("link", { name: "Edit job" }).click();
  await expect(page.getByLabel("Department")).toHaveValue("Data");
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");
  await expect(page.getByLabel("Question 2", { exact: true })).toHaveValue("Preferred start");
  await page.getByLabel("Title").fill("Senior Data Engineer");
  await page.getByRole("button", { name: "Move question 2 up" }).click();
  await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue("Preferred start");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  await expect(page.getByRole("heading", { name: "Senior Data Engineer" })).toBeVisible();

  const api = await page.request.get(`/api/trpc/jobs.get?input=${encodeURIComponent(JSON.stringify({ id: String(jobId) }))}`);
  const job = (await api.json()).result.data.data;
  expect(job).toMatchObject({
    title: "Senior Data Engineer",
    location_type: "remote",
    locations: ["Remote", "Lisbon"],
    salary: { min: 90000, max: 110000, currency: "EUR" },
    is_active: true,
    is_public: true,
  });
  expect(job.screening_questions.map((q: { label: string }) => q.label)).toEqual(["Preferred start", "Which SQL dialects do you know?"]);
  expect(job.screening_questions[0]).toMatchObject({ type: "select", required: true, options: ["Now", "Later"] });

  await gotoHydrated(page, "/careers/acme");
  await page.getByRole("link", { name: /Senior Data Engineer/ }).click();
  await expect(page.getByText("Pipelines & <warehouses>.")).toBeVisible();
  await expect(page.getByLabel("Preferred start")).toBeVisible();

  // Unpublish: gone from the careers page (404 for its page).
  await gotoHydrated(page, `/jobs/${jobId}/edit`);
  await page.getByRole("checkbox", { name: /Public/ }).uncheck();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Private")).toBeVisible();
  await page.goto("/careers/acme");
  await expect(page.getByRole("link", { name: /Senior Data Engineer/ })).toHaveCount(0);
  // No longer public: 410 Gone, so search engines drop the page (issue 27).
  expect((await page.goto(`/careers/acme/jobs/${jobId}`))?.status()).toBe(410);
});
