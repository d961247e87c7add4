import { randomBytes } from "node:crypto";
import { DOMParser } from "@xmldom/xmldom";
import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./support/axe.ts";
import { jobIdByTitle } from "./support/db.ts";
import { createApiKey, gotoHydrated } from "./support/page.ts";

// Issue 27: what Google for Jobs, Indeed and a company's own site read of the demo careers site.
test.use({ storageState: { cookies: [], origins: [] } });

test("the demo job's page embeds one complete JobPosting, with canonical and Open Graph meta, under the CSP", async ({ page }) => {
  const jobId = await jobIdByTitle("Senior Backend Engineer");
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  await gotoHydrated(page, `/careers/acme/jobs/${jobId}`);

  const scripts = page.locator('script[type="application/ld+json"]');
  await expect(scripts).toHaveCount(1);
  const posting = JSON.parse((await scripts.first().textContent()) ?? "") as Record<string, unknown>;
  // Google's required properties, then its recommended ones the demo job has data for (all of them).
  for (const name of ["title", "description", "datePosted", "hiringOrganization", "jobLocation"]) expect(posting[name], name).toBeDefined();
  for (const name of ["employmentType", "baseSalary", "identifier", "directApply"]) expect(posting[name], name).toBeDefined();
  expect(posting).toMatchObject({
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: "Senior Backend Engineer",
    employmentType: "FULL_TIME",
    directApply: true,
    hiringOrganization: { "@type": "Organization", name: expect.any(String), sameAs: expect.stringMatching(/\/careers\/acme$/) },
    baseSalary: { "@type": "MonetaryAmount", currency: "EUR", value: { "@type": "QuantitativeValue", minValue: 75000, maxValue: 95000, unitText: "YEAR" } },
    identifier: { "@type": "PropertyValue", value: String(jobId) },
    url: expect.stringMatching(new RegExp(`/careers/acme/jobs/${jobId}$`)),
  });
  expect((posting.jobLocation as { address: Record<string, string> }[])[0]!.address).toEqual({
    "@type": "PostalAddress",
    addressLocality: "Berlin",
    addressRegion: "Berlin",
    postalCode: "10115",
    addressCountry: "DE",
  });
  expect(posting.description).toMatch(/^<p>Own the services/);
  expect(Date.parse(posting.datePosted as string)).not.toBeNaN();

  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/careers/acme/jobs/${jobId}$`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /^Senior Backend Engineer at /);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", new RegExp(`/careers/acme/jobs/${jobId}$`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Own the services/);
  expect(cspErrors).toEqual([]);
  await expectNoSeriousViolations(page, "careers job page");

  await gotoHydrated(page, "/careers/acme");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/careers\/acme$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /open position/);
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await expectNoSeriousViolations(page, "careers index");
});

test("a job closed through the API answers 410 without markup and leaves the sitemap, the feed and the public API", async ({ browser, request }) => {
  const key = await createApiKey(browser);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const title = `Closing role ${randomBytes(3).toString("hex")}`;
  const created = await request.post("/api/v1/jobs", { headers, data: { title, locations: ["Remote"], location_type: "remote", remote_countries: ["DE"], employment_type: "temporary" } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;
  const jobUrl = `/careers/acme/jobs/${id}`;

  expect((await request.get(jobUrl)).status()).toBe(200);
  const sitemapLocs = async () => {
    const doc = new DOMParser().parseFromString(await (await request.get("/careers/acme/sitemap.xml")).text(), "application/xml");
    return Array.from(doc.getElementsByTagName("loc")).map((loc) => loc.textContent ?? "");
  };
  expect((await sitemapLocs()).some((loc) => loc.endsWith(jobUrl))).toBe(true);
  const feed = await request.get("/careers/acme/feeds/indeed.xml");
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain(title);
  const api = await request.get("/api/public/companies/acme/jobs", { headers: { origin: "https://www.example.com" } });
  expect(api.headers()["access-control-allow-origin"]).toBe("*");
  expect((await api.json()).data.map((job: { id: number }) => job.id)).toContain(id);

  const closed = await request.patch(`/api/v1/jobs/${id}`, { headers, data: { closes_at: new Date(Date.now() - 60_000).toISOString() } });
  expect(closed.status()).toBe(200);
  const gone = await request.get(jobUrl);
  expect(gone.status()).toBe(410);
  expect(await gone.text()).not.toMatch(/<html|<script|ld\+json/i);
  expect((await sitemapLocs()).some((loc) => loc.endsWith(jobUrl))).toBe(false);
  expect(await (await request.get("/careers/acme/feeds/indeed.xml")).text()).not.toContain(title);
  expect((await request.get(`/api/public/companies/acme/jobs/${id}`)).status()).toBe(404);
  // An id that was never a job of the company stays a plain 404.
  expect((await request.get("/careers/acme/jobs/999999999")).status()).toBe(404);
});
