import { createServer } from "node:http";
import { type AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle, query } from "./support/db.ts";
import { gotoHydrated } from "./support/page.ts";

// Issue 27: Settings → Careers site — the company's website and logo on its careers pages and in
// Google's JobPosting, and the snippet that lists its open jobs on the company's own site.
const LOGO = "https://acme.example/logo.svg";
const LOGO_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#4f46e5"/></svg>';

// The specs share the demo company: leave it as the seed made it, whatever happened.
test.afterAll(async () => {
  await query("UPDATE companies SET website_url = NULL, logo_url = NULL WHERE slug = 'acme'");
});

test("an admin sets the website and logo; the careers job page shows the logo and names both in its JobPosting", async ({ page, context }) => {
  // The logo's host, served here: the machine has no internet, and the image must really load under the CSP.
  await context.route("https://acme.example/**", (route) => route.fulfill({ status: 200, contentType: "image/svg+xml", body: LOGO_SVG }));
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });

  await gotoHydrated(page, "/settings/careers-site");
  await expect(page.getByRole("heading", { name: "Careers site" })).toBeVisible();
  await expectNoSeriousViolations(page, "settings careers site");
  await page.getByLabel("Website").fill("https://acme.example");
  await page.getByLabel("Logo URL").fill("http://acme.example/logo.svg");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Must be an https:// address of an image")).toBeVisible();
  await page.getByLabel("Logo URL").fill(LOGO);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  const jobId = await jobIdByTitle("Senior Backend Engineer");
  await gotoHydrated(page, `/careers/acme/jobs/${jobId}`);
  const posting = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "") as { hiringOrganization: Record<string, string> };
  expect(posting.hiringOrganization).toMatchObject({ "@type": "Organization", sameAs: "https://acme.example", url: "https://acme.example", logo: LOGO });
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", LOGO);

  await gotoHydrated(page, "/careers/acme");
  const logo = page.locator(`header img[src="${LOGO}"]`);
  await expect(logo).toBeVisible();
  // Loaded, not just present: the careers pages' CSP lets an https image through.
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
  await expect(page.getByRole("link", { name: "Visit our website" })).toHaveAttribute("href", "https://acme.example");
  expect(cspErrors).toEqual([]);
  await expectNoSeriousViolations(page, "careers index with a logo");

  // Cleared again: the page falls back to the careers URL as the organization's site.
  await gotoHydrated(page, "/settings/careers-site");
  await page.getByLabel("Website").fill("");
  await page.getByLabel("Logo URL").fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  expect(await query("SELECT website_url, logo_url FROM companies WHERE slug = 'acme'")).toEqual([{ website_url: null, logo_url: null }]);
});

test("the embed snippet, pasted into a page of another site, lists the open jobs as links to their pages", async ({ page }) => {
  await gotoHydrated(page, "/settings/careers-site");
  const snippet = await page.getByLabel("Embed snippet").inputValue();
  expect(snippet).toMatch(/^<div id="hireflow-jobs"><\/div><script src="http:\/\/localhost:\d+\/careers\/acme\/embed\.js" data-target="#hireflow-jobs" async><\/script>$/);

  // The company's own site, on another origin, with a strict policy of its own.
  // Its policy allows scripts from Hireflow only and no inline styles or eval: the embed needs none.
  const hireflow = new URL(/src="([^"]+)"/.exec(snippet)![1]!).origin;
  const csp = `default-src 'none'; script-src ${hireflow}; style-src 'none'`;
  const host = `<!doctype html><html lang="en"><head><meta http-equiv="Content-Security-Policy" content="${csp}"><title>Example Inc. jobs</title></head><body><main><h1>Work with us</h1>${snippet}</main></body></html>`;
  // Served for real from another origin on this machine: Chromium keeps pages it cannot place (such as
  // a routed, fulfilled one) from loading scripts off a loopback address (Local Network Access).
  const site = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(host));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/our-jobs`);
    await expectEmbeddedJobs(page);
  } finally {
    site.closeAllConnections();
    await new Promise((resolve) => site.close(resolve));
  }
});

async function expectEmbeddedJobs(page: Page) {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const link = page.locator("#hireflow-jobs .hireflow-jobs-item a", { hasText: "Senior Backend Engineer" });
  await expect(link).toHaveAttribute("href", new RegExp(`/careers/acme/jobs/${jobId}$`));
  const [open] = await query<{ count: string }>("SELECT count(*) FROM jobs j JOIN companies c ON c.id = j.company_id WHERE c.slug = 'acme' AND j.is_active AND j.is_public AND (j.closes_at IS NULL OR j.closes_at > now())");
  await expect(page.locator("#hireflow-jobs .hireflow-jobs-item")).toHaveCount(Number(open!.count));
  await expect(page.locator("#hireflow-jobs a.hireflow-jobs-all")).toHaveAttribute("href", /\/careers\/acme$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/careers/acme/jobs/${jobId}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Senior Backend Engineer" })).toBeVisible();
}
