import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { jobIdByTitle, query } from "./support/db.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";

const SECTIONS = ["Funnel", "Median time in stage", "Reject reasons", "Applications per week", "Source mix", "Fit scores by stage"];

/**
 * /reports: company-wide, then the demo job's funnel from its pipeline page; every chart renders
 * (client-side SVG, nothing refused by the CSP), every table holds the numbers, and the funnel's
 * CSV downloads with the same numbers the page shows. The demo job has its own pipeline (Recruiter
 * screen, Technical interview, Onsite, Offer): its funnel shows those stages by name.
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
  // The funnel's path: the job's stages that are not of type rejected, in order.
  const path = await query<{ key: string; name: string; type: string }>("SELECT key, name, type::text FROM job_stages WHERE job_id = $1 AND type <> 'rejected' ORDER BY position, id", [jobId]);
  expect(path.map((s) => s.name)).toEqual(expect.arrayContaining(["Recruiter screen", "Technical interview", "Onsite", "Offer"]));
  // Rejected candidates of the job in the range with the reason "Compensation" (the seed has one).
  const [compensation] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM candidates c JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage JOIN reject_reasons r ON r.id = c.reject_reason_id
      WHERE c.job_id = $1 AND s.type = 'rejected' AND r.name = 'Compensation' AND c.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'`,
    [jobId, from],
  );

  await test.step("company-wide from the main navigation: six charts, six tables, six CSV links", async () => {
    await gotoHydrated(page, "/jobs");
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
    await gotoHydrated(page, `/jobs/${jobId}`);
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
    // One row per stage of the job's own path, by name, in its order.
    await expect(funnel.getByRole("table").getByRole("rowheader")).toHaveText(path.map((s) => s.name));
    await expect(funnel.locator("[data-chart] .recharts-wrapper > svg.recharts-surface")).toBeVisible();

    const reasons = page.getByRole("region", { name: "Reject reasons", exact: true });
    const row = reasons.getByRole("table").getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Compensation", exact: true }) });
    await expect(row.getByRole("cell").first()).toHaveText(String(compensation!.n));
    await expect(reasons.getByRole("table").getByRole("rowheader").last()).toHaveText("No reason given");
  });

  await test.step("download the funnel's CSV: the numbers of its table", async () => {
    const funnel = page.getByRole("region", { name: "Funnel", exact: true });
    const [download] = await Promise.all([page.waitForEvent("download"), funnel.getByRole("link", { name: "Download CSV of funnel" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^funnel_job-${jobId}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = readFileSync((await download.path())!, "utf8").trim().split("\r\n");
    expect(lines[0]).toBe("stage,reached,conversion_from_previous,rejected_here,stage_name,stage_type");
    expect(lines.map((line) => line.split(",")[0])).toEqual(["stage", ...path.map((s) => s.key)]);
    expect(lines.slice(1).map((line) => line.split(",").slice(4).join(","))).toEqual(path.map((s) => `${s.name},${s.type}`));
    expect(lines[1]).toMatch(new RegExp(`^prospect,${expected!.n},,\\d+,Prospect,prospect$`));
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

/** Every table's headings over their columns: each aligned as the first row's cell below it. */
async function misalignedHeadings(page: Page): Promise<string[]> {
  return page.locator("main table").evaluateAll((tables) =>
    tables.flatMap((table) => {
      const heads = [...table.querySelectorAll("thead th")];
      const cells = [...(table.querySelector("tbody tr")?.children ?? [])];
      return cells.flatMap((cell, i) => {
        const head = heads[i];
        const [a, b] = [head && getComputedStyle(head).textAlign, getComputedStyle(cell).textAlign];
        return head && a !== b ? [`${table.querySelector("caption")?.textContent}: "${head.textContent}" ${a}, its cells ${b}`] : [];
      });
    }),
  );
}

/** Axis labels drawn over one another, or cut by the chart's edge. */
async function clashingAxisLabels(page: Page): Promise<string[]> {
  return page.locator("[data-chart]").evaluateAll((charts) =>
    charts.flatMap((chart) => {
      const frame = chart.getBoundingClientRect();
      const name = (chart.getAttribute("aria-label") ?? "").slice(0, 40);
      return [...chart.querySelectorAll(".recharts-cartesian-axis")].flatMap((axis) => {
        const labels = [...axis.querySelectorAll(".recharts-cartesian-axis-tick-value")].map((t) => ({ text: t.textContent, box: t.getBoundingClientRect() }));
        const found: string[] = [];
        for (const [i, a] of labels.entries()) {
          if (a.box.left < frame.left - 1 || a.box.right > frame.right + 1) found.push(`${name}: "${a.text}" cut by the edge`);
          for (const b of labels.slice(i + 1)) {
            const overlap = a.box.left < b.box.right - 1 && b.box.left < a.box.right - 1 && a.box.top < b.box.bottom - 1 && b.box.top < a.box.bottom - 1;
            if (overlap) found.push(`${name}: "${a.text}" over "${b.text}"`);
          }
        }
        return found;
      });
    }),
  );
}

async function drawn(page: Page) {
  const charts = page.locator("[data-chart]");
  await expect(charts.first()).toBeVisible();
  // Drawn in the browser after the page: each chart's surface, then its axes' labels.
  for (const chart of await charts.all()) await expect(chart.locator(".recharts-wrapper > svg.recharts-surface")).toBeVisible();
  await expect(page.locator(".recharts-cartesian-axis-tick-value").first()).toBeVisible();
}

// Issue 43 §10: on a desktop the "Scorecards overdue" table's headings sat off their columns.
test("reports at 1280 px: every table's headings sit over their columns, the overdue scorecards' too", async ({ page, browser, request }) => {
  const run = randomBytes(3).toString("hex");
  const auth = { authorization: `Bearer ${await createApiKey(browser, `Reports ${run}`)}` };
  const [candidate] = await query<{ id: number }>(`SELECT c.id FROM candidates c JOIN jobs j ON j.id = c.job_id JOIN job_stages s ON s.job_id = c.job_id AND s.key = c.stage
      WHERE j.title = 'Senior Backend Engineer' AND s.type NOT IN ('hired', 'rejected') ORDER BY c.id LIMIT 1`);
  const [recruiter] = await query<{ id: string }>("SELECT id FROM users WHERE email = 'recruiter@acme.test'");
  // An interview that ended three days ago without the recruiter's scorecard: overdue.
  const start = new Date(Date.now() - 3 * 86_400_000);
  const created = await request.post("/api/v1/interviews", {
    headers: auth,
    data: { candidate_id: candidate!.id, title: `Overdue ${run}`, start_at: start.toISOString(), end_at: new Date(start.getTime() + 3_600_000).toISOString(), time_zone: "UTC", interviewer_ids: [recruiter!.id], notify_candidate: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const interviewId = ((await created.json()) as { data: { id: number } }).data.id;
  try {
    await gotoHydrated(page, "/reports");
    const overdue = page.getByRole("region", { name: "Scorecards overdue", exact: true });
    await expect(overdue.getByRole("table", { name: "Overdue scorecards, the longest overdue first" }).getByRole("row").filter({ hasText: `Overdue ${run}` })).toBeVisible();
    expect(await misalignedHeadings(page)).toEqual([]);
    await drawn(page);
    expect(await clashingAxisLabels(page)).toEqual([]);
  } finally {
    // Canceled interviews are left out of the overdue scorecards and of anyone's scorecards due.
    expect((await request.delete(`/api/v1/interviews/${interviewId}`, { headers: auth })).ok()).toBe(true);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  // Issue 43 §10: at 390 px the charts' stage names overlapped and the tables ran off the right edge.
  test("reports at 390 px: no axis label over another, no table past the screen's edge", async ({ page }) => {
    const jobId = await jobIdByTitle("Senior Backend Engineer");
    for (const url of ["/reports", `/reports?job_id=${jobId}`]) {
      await gotoHydrated(page, url);
      await drawn(page);
      expect(await clashingAxisLabels(page), url).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(390);
      // Each table within its card: a wide one scrolls inside its own box (which a keyboard can reach).
      const outside = await page.locator("main [role=region] > table").evaluateAll((tables) =>
        tables
          .map((table) => ({ box: table.parentElement!, card: table.closest("section")! }))
          .filter(({ box, card }) => box.getBoundingClientRect().right > card.getBoundingClientRect().right + 1 || box.getBoundingClientRect().right > 390)
          .map(({ box }) => box.getAttribute("aria-label")),
      );
      expect(outside, url).toEqual([]);
    }
    await saveScreenshot(page, "reports-phone");
  });
});
