import { describe, expect, it } from "vitest";
import { type CareersJobDto } from "../src/modules/careers/contract/careers.ts";
import { inlineJson, jobPosting } from "../src/modules/careers/job-posting.ts";

/**
 * Google for Jobs' JobPosting (developers.google.com/search/docs/appearance/structured-data/job-posting):
 * its required and recommended properties, checked on what a careers page embeds, read back as JSON.
 */
const REQUIRED = ["title", "description", "datePosted", "hiringOrganization"] as const;
const RECOMMENDED_ALWAYS = ["directApply", "identifier", "employmentType", "validThrough"] as const;

const company = { name: "Acme & Sons <GmbH>", url: "https://hireflow.example/careers/acme" };

function job(overrides: Partial<CareersJobDto>): CareersJobDto {
  return {
    id: 42,
    title: "Backend Engineer",
    description: "Build the API.\n\nWork with <b>PostgreSQL</b> & queues.",
    department: "Engineering",
    locations: ["Berlin"],
    location_type: "onsite",
    location_details: [{ city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" }],
    remote_countries: [],
    employment_type: "full_time",
    closes_at: "2031-01-31T23:59:59.000Z",
    salary: { min: 70000, max: 90000, currency: "EUR" },
    apply_url: "https://hireflow.example/careers/acme/jobs/42",
    screening_questions: [],
    created_at: "2026-11-20T09:00:00.000Z",
    updated_at: "2026-11-21T09:00:00.000Z",
    ...overrides,
  };
}

/** What a page embeds, parsed back the way a crawler reads it. */
function embedded(dto: CareersJobDto): Record<string, unknown> {
  const text = inlineJson(jobPosting(dto, company));
  expect(text).not.toMatch(/[<>&]/);
  return JSON.parse(text) as Record<string, unknown>;
}

function expectGoogleFields(posting: Record<string, unknown>) {
  expect(posting["@context"]).toBe("https://schema.org/");
  expect(posting["@type"]).toBe("JobPosting");
  for (const name of [...REQUIRED, ...RECOMMENDED_ALWAYS]) expect(posting[name], name).toBeDefined();
  expect(posting.directApply).toBe(true);
  expect(posting.identifier).toEqual({ "@type": "PropertyValue", name: company.name, value: "42" });
  expect(posting.hiringOrganization).toEqual({ "@type": "Organization", name: company.name, sameAs: company.url, url: company.url });
  expect(Date.parse(posting.datePosted as string)).not.toBeNaN();
  expect(posting.validThrough).toBe("2031-01-31T23:59:59.000Z");
}

describe("JobPosting JSON-LD", () => {
  it("an on-site job: jobLocation as PostalAddress, baseSalary as MonetaryAmount with unitText, HTML description", () => {
    const posting = embedded(job({}));
    expectGoogleFields(posting);
    expect(posting.employmentType).toBe("FULL_TIME");
    expect(posting.jobLocation).toEqual([
      { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Berlin", addressRegion: "Berlin", postalCode: "10115", addressCountry: "DE" } },
    ]);
    expect(posting.jobLocationType).toBeUndefined();
    expect(posting.baseSalary).toEqual({ "@type": "MonetaryAmount", currency: "EUR", value: { "@type": "QuantitativeValue", minValue: 70000, maxValue: 90000, unitText: "YEAR" } });
    // The text's markup is escaped inside the HTML Google reads, never passed through.
    expect(posting.description).toBe("<p>Build the API.</p><p>Work with &lt;b&gt;PostgreSQL&lt;/b&gt; &amp; queues.</p>");
  });

  it("a remote job: jobLocationType TELECOMMUTE with applicantLocationRequirements, no jobLocation", () => {
    const posting = embedded(job({ locations: ["Remote"], location_type: "remote", location_details: [], remote_countries: ["DE", "NL"], employment_type: "contract" }));
    expectGoogleFields(posting);
    expect(posting.employmentType).toBe("CONTRACTOR");
    expect(posting.jobLocationType).toBe("TELECOMMUTE");
    expect(posting.applicantLocationRequirements).toEqual([
      { "@type": "Country", name: "DE" },
      { "@type": "Country", name: "NL" },
    ]);
    expect(posting.jobLocation).toBeUndefined();
  });

  it("a job without salary has no baseSalary (never a made-up one); a single amount is a value", () => {
    const none = embedded(job({ salary: { min: null, max: null, currency: null }, employment_type: "internship" }));
    expectGoogleFields(none);
    expect(none.employmentType).toBe("INTERN");
    expect(none).not.toHaveProperty("baseSalary");
    const noCurrency = embedded(job({ salary: { min: 50000, max: null, currency: null } }));
    expect(noCurrency).not.toHaveProperty("baseSalary");
    const single = embedded(job({ salary: { min: 50000, max: null, currency: "GBP" } }));
    expect(single.baseSalary).toEqual({ "@type": "MonetaryAmount", currency: "GBP", value: { "@type": "QuantitativeValue", value: 50000, unitText: "YEAR" } });
  });

  it("leaves out what the job does not say (no employment type, open-ended) and describes an empty description", () => {
    const posting = embedded(job({ employment_type: null, closes_at: null, description: null }));
    for (const name of REQUIRED) expect(posting[name], name).toBeDefined();
    expect(posting).not.toHaveProperty("employmentType");
    expect(posting).not.toHaveProperty("validThrough");
    expect(posting.description).toBe("<p>Backend Engineer at Acme &amp; Sons &lt;GmbH&gt;</p>");
  });

  it("a title holding </script> or <!-- cannot end the script element; the JSON still reads back exactly", () => {
    const title = "</script><script>alert(1)</script> <!-- \u2028 & 🚀";
    const text = inlineJson(jobPosting(job({ title }), company));
    expect(text).not.toContain("</script");
    expect(text).not.toContain("<!--");
    expect(text).not.toContain("\u2028");
    expect((JSON.parse(text) as { title: string }).title).toBe(title);
  });

  it("names the company's own website and logo (Settings → Careers site) as the hiring organization's sameAs and logo", () => {
    const branded = { name: "Acme", url: "https://www.acme.example", logoUrl: "https://www.acme.example/logo.png" };
    const posting = JSON.parse(inlineJson(jobPosting(job({}), branded))) as { hiringOrganization: Record<string, string> };
    expect(posting.hiringOrganization).toEqual({ "@type": "Organization", name: "Acme", sameAs: "https://www.acme.example", url: "https://www.acme.example", logo: "https://www.acme.example/logo.png" });
    // Without a logo there is no logo property (never an empty one).
    expect(jobPosting(job({}), { ...branded, logoUrl: null }).hiringOrganization).not.toHaveProperty("logo");
  });
});
