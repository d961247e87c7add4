import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { jobIdByTitle, query } from "./support/db.ts";
import { saveScreenshot } from "./support/screenshots.ts";

const SECTIONS = ["Funnel", "Median time in stage", "Applications per week", "Source mix", "Fit scores by stage"];

/**
 * /reports: company-wide, then the demo job's funnel from its pipeline page; every chart renders
 * (client-side SVG, nothing refused by the CSP), every table holds the numbers, and the funnel's
 * CSV downloads with the same numbers the page shows.
 */
test("reports: charts and tables company-wide and for the demo job, CSV download", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Refused to load: CSP ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  // The funnel's first row: the job's candidates who applied in the default range (the 90 days up to today, UTC).
  const from = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
  const [expected] = await query<{ n: number }>("SELECT count(*)::int AS n FROM candidates WHERE job_id = $1 AND created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'", [jobId, from]);

  await test.step("company-wide from the main navigation: five charts, five tables, five CSV links", async () => {
    await page.goto("/jobs");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reports" }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    for (const title of SECTIONS) {
      const section = page.getByRole("region", { name: title, exact: true });
      await expect(section.getByRole("heading", { name: title })).toBeVisible();
      await expect(section.locator("[data-chart]")).toHaveAttribute("role", "img");
      await expect(section.locator("[data-chart]")).toHaveAttribute("aria-label", /.+/);
      await expect(section.locator("[data-chart] .recharts-wrapper > svg.recharts-surface")).toBeVisible();
      await expect(section.getByRole("table")).toBeVisible();
      await expect(section.getByRole("link", { name: `Download CSV of ${title.toLowerCase()}` })).toHaveAttribute("href", /^\/api\/reports\.csv\?report=/);
    }
    // Bars are drawn: the company has candidates in the range.
    await expect(page.getByRole("region", { name: "Funnel", exact: true }).locator(".recharts-bar-rectangle").first()).toBeVisible();
    await saveScreenshot(page, "reports");
  });

  await test.step("the demo job's report from its pipeline page, and from the filters", async () => {
    await page.goto(`/jobs/${jobId}`);
    await page.getByRole("main").getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/reports\\?job_id=${jobId}$`));
    await expect(page.getByLabel("Job", { exact: true })).toHaveValue(String(jobId));

    await page.getByLabel("Job", { exact: true }).selectOption({ label: "All jobs" });
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page).toHaveURL(/\/reports\?job_id=&/);
    await page.getByLabel("Job", { exact: true }).selectOption({ label: "Senior Backend Engineer" });
    await page.getByRole("button", { name: "Show report" }).click();
    await expect(page).toHaveURL(new RegExp(`job_id=${jobId}&`));
    await expect(page.getByRole("link", { name: "Senior Backend Engineer" })).toHaveAttribute("href", `/jobs/${jobId}`);

    const funnel = page.getByRole("region", { name: "Funnel", exact: true });
    const firstRow = funnel.getByRole("table").getByRole("row").nth(1);
    await expect(firstRow.getByRole("rowheader")).toHaveText("Prospect");
    await expect(firstRow.getByRole("cell").first()).toHaveText(String(expected!.n));
    await expect(funnel.locator("[data-chart] .recharts-wrapper > svg.recharts-surface")).toBeVisible();
  });

  await test.step("download the funnel's CSV: the numbers of its table", async () => {
    const funnel = page.getByRole("region", { name: "Funnel", exact: true });
    const [download] = await Promise.all([page.waitForEvent("download"), funnel.getByRole("link", { name: "Download CSV of funnel" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^funnel_job-${jobId}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = readFileSync((await download.path())!, "utf8").trim().split("\r\n");
    expect(lines[0]).toBe("stage,reached,conversion_from_previous,rejected_here");
    expect(lines.map((line) => line.split(",")[0])).toEqual(["stage", "prospect", "applied", "phonescreen", "inprogress", "hired"]);
    expect(lines[1]).toMatch(new RegExp(`^prospect,${expected!.n},,\\d+$`));
    const rows = await funnel.getByRole("table").getByRole("row").all();
    for (const [i, row] of rows.slice(1).entries()) {
      await expect(row.getByRole("cell").first()).toHaveText(lines[i + 1]!.split(",")[1]!);
    }
  });

  await test.step("bad filters explain themselves instead of failing", async () => {
    await page.goto("/reports?from=2026-05-01&to=2026-04-01");
    await expect(page.getByRole("alert").filter({ hasText: "These filters cannot be used" })).toContainText("From: Must not be after to (2026-04-01)");
  });

  expect(violations, "the reports page must not need anything the CSP refuses").toEqual([]);
});
