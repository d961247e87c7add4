import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle, query } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";
import { ADMIN_STATE } from "./support/state.ts";

/**
 * /reports' "Offers" (issue 41 §5) on a 390 px phone: its table shows the numbers of offers seeded in
 * June 2025 (a month no other spec touches) and scrolls inside its box, the page itself does not
 * scroll sideways, it is axe-clean, and its CSV downloads the same numbers. The candidates are new
 * ones added through the API (the demo's candidates stay as other specs expect them); their offers
 * are written to the database directly, with fixed timestamps, and removed at the end.
 */
test("offers report: the table on a phone, and its CSV", async ({ browser }) => {
  const tag = randomBytes(3).toString("hex");
  const backend = await jobIdByTitle("Senior Backend Engineer");
  const designer = await jobIdByTitle("Product Designer");
  const key = await createApiKey(browser, `Offer report ${tag}`);
  const context = await browser.newContext({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const offers: number[] = [];
  try {
    const page = await context.newPage();
    // [job, applied, status, sent, answered]: backend 3 sent (2 accepted, 1 declined), designer 2 sent (1 expired, 1 open).
    const rows: [number, string, string, string, string | null][] = [
      [backend, "2025-05-01T00:00:00Z", "accepted", "2025-06-02T09:00:00Z", "2025-06-11T00:00:00Z"], // 41 days
      [backend, "2025-05-21T00:00:00Z", "accepted", "2025-06-05T09:00:00Z", "2025-06-10T00:00:00Z"], // 20 days
      [backend, "2025-05-10T00:00:00Z", "declined", "2025-06-08T09:00:00Z", "2025-06-09T09:00:00Z"],
      [designer, "2025-05-15T00:00:00Z", "expired", "2025-06-03T09:00:00Z", "2025-06-10T09:00:00Z"],
      [designer, "2025-05-16T00:00:00Z", "sent", "2025-06-20T09:00:00Z", null],
    ];
    for (const [i, [jobId, applied, status, sent, answered]] of rows.entries()) {
      const created = await page.request.post("/api/v1/candidates", {
        headers: { authorization: `Bearer ${key}` },
        data: { job_id: jobId, name: `Report Offer ${i} ${tag}`, email: `report-offer-${i}-${tag}@example.com` },
      });
      expect(created.status(), await created.text()).toBe(201);
      const candidateId = ((await created.json()) as { data: { id: number } }).data.id;
      await query("UPDATE candidates SET created_at = $2 WHERE id = $1", [candidateId, applied]);
      const [offer] = await query<{ id: number }>(
        `INSERT INTO offers (company_id, candidate_id, job_id, status, start_date, job_title, salary_amount, salary_currency, salary_period, sent_at, accepted_at, declined_at, expired_at)
         SELECT c.company_id, c.id, c.job_id, $2::offer_status, DATE '2025-08-01', 'Report offer', 90000, 'EUR', 'year', $3::timestamptz,
                CASE WHEN $2 = 'accepted' THEN $4::timestamptz END, CASE WHEN $2 = 'declined' THEN $4::timestamptz END, CASE WHEN $2 = 'expired' THEN $4::timestamptz END
           FROM candidates c WHERE c.id = $1
         RETURNING id`,
        [candidateId, status, sent, answered],
      );
      offers.push(offer!.id);
    }

    await gotoHydrated(page, "/reports?from=2025-06-01&to=2025-06-30");
    const section = page.getByRole("region", { name: "Offers", exact: true });
    await expect(section.getByRole("heading", { name: "Offers" })).toBeVisible();
    const table = section.getByRole("table", { name: /Offers per job/ });
    const cells = async (rowName: string) =>
      (await table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: rowName, exact: true }) }).getByRole("cell").allInnerTexts()).map((t) => t.trim());
    // Sent, accepted, declined, expired, acceptance rate, median, p75, p90 (days to hire 20 and 41).
    expect(await cells("All jobs")).toEqual(["5", "2", "1", "1", "50.0%", "30.5 days", "35.8 days", "38.9 days"]);
    expect(await cells("Senior Backend Engineer")).toEqual(["3", "2", "1", "0", "66.7%", "30.5 days", "35.8 days", "38.9 days"]);
    expect(await cells("Product Designer")).toEqual(["2", "0", "0", "1", "0.0%", "—", "—", "—"]);

    // Readable at 390 px: the page does not scroll sideways; the wide table scrolls inside its focusable box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = section.getByRole("region", { name: /Offers per job/ });
    await expect(box).toHaveAttribute("tabindex", "0");
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(section.locator("[data-chart]")).toHaveAttribute("aria-label", /Offers sent in this range: All jobs 5 sent/);
    await expectNoSeriousViolations(page, "reports with offers, 390 px");

    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Download CSV of offers" }).click()]);
    expect(download.suggestedFilename()).toBe("offers_all-jobs_2025-06-01_2025-06-30.csv");
    const lines = readFileSync((await download.path())!, "utf8").trim().split("\r\n");
    expect(lines[0]).toBe("job_id,job_title,sent,accepted,declined,expired,withdrawn,open,acceptance_rate,hires,median_days_to_hire,p75_days_to_hire,p90_days_to_hire");
    expect(lines[1]).toBe(",All jobs,5,2,1,1,0,1,0.5,2,30.5,35.75,38.9");
  } finally {
    if (offers.length) await query("DELETE FROM offers WHERE id = ANY($1::int[])", [offers]);
    await context.close();
  }
});
