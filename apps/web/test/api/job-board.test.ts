import { randomBytes } from "node:crypto";
import { createJob, systemContext, updateJob } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { DOMParser } from "@xmldom/xmldom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, withAppEnv } from "../helpers/app.ts";
import { startApiServer } from "../helpers/built-server.ts";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { inOneWindow } from "../helpers/rate-limit-window.ts";

// Issue 27 §2–3 over real HTTP: the Indeed and JSON feeds, the sitemaps, and the key-less job board API.
let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => (app = await startApp()));
afterAll(() => app.close());

const HOSTILE_TITLE = "R&D <Lead> 🚀 ]]> & </job>";
const HOSTILE_DESCRIPTION = "Ships <script>alert(1)</script> & more ]]> and ]]]]> too.\n\nSecond paragraph 😀";
const QUESTIONS = [{ id: "visa", label: "Do you need a visa?", type: "yes_no" as const, required: true }];

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

function get(path: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, { headers: { "x-forwarded-for": randomIp(), ...headers } });
}

/** A strict XML parse: any warning or error fails the test instead of being repaired. */
function parseXml(text: string): Document {
  const fail = (message: string) => {
    throw new Error(`not well-formed XML: ${message}`);
  };
  return new DOMParser({ errorHandler: { warning: fail, error: fail, fatalError: fail } }).parseFromString(text, "application/xml") as unknown as Document;
}

const childText = (element: Element, name: string) => element.getElementsByTagName(name)[0]?.textContent ?? null;

interface Board {
  company: TestCompany;
  open: number[];
  hostile: number;
  closed: number;
  inactive: number;
  hidden: number;
}

/** A company with two open jobs (one hostile, one remote), and a closed, an inactive and a private one. */
async function boardCompany(): Promise<Board> {
  const company = await createTestCompany({
    title: "Backend Engineer",
    locations: ["Berlin"],
    location_type: "onsite",
    location_details: [{ city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" }],
    employment_type: "full_time",
    salary: { min: 70000, max: 90000, currency: "EUR" },
    screening_questions: QUESTIONS,
  });
  const hostile = await addJob(company, { title: HOSTILE_TITLE, description: HOSTILE_DESCRIPTION, locations: ["Remote"], location_type: "remote", remote_countries: ["NL"], employment_type: "contract" });
  const closed = await addJob(company, { title: "Closed job", closes_at: new Date(Date.now() - 60_000).toISOString() });
  const inactive = await addJob(company, { title: "Inactive job", is_active: false });
  const hidden = await addJob(company, { title: "Private job", is_public: false });
  return { company, open: [company.jobId, hostile], hostile, closed, inactive, hidden };
}

let board: Board;
let other: TestCompany;
beforeAll(async () => {
  board = await boardCompany();
  other = await createTestCompany({ title: "Other company's job" });
});

describe("GET /careers/{slug}/feeds/indeed.xml", () => {
  it("is well-formed XML with the publisher and every open public job exactly once, fields in CDATA", async () => {
    const res = await get(`/careers/${board.company.slug}/feeds/indeed.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const text = await res.text();
    const doc = parseXml(text);
    const source = doc.documentElement;
    expect(source.nodeName).toBe("source");
    expect(childText(source, "publisher")).toBe((await getPrisma().company.findUniqueOrThrow({ where: { id: board.company.id } })).name);
    expect(childText(source, "publisherurl")).toBe(`http://localhost:3000/careers/${board.company.slug}`);
    const jobs = Array.from(doc.getElementsByTagName("job"));
    const refs = jobs.map((job) => childText(job, "referencenumber"));
    expect(refs.sort()).toEqual(board.open.map(String).sort());
    // Every field Indeed reads, of the on-site job.
    const onsite = jobs.find((job) => childText(job, "referencenumber") === String(board.company.jobId))!;
    expect({
      title: childText(onsite, "title"),
      url: childText(onsite, "url"),
      city: childText(onsite, "city"),
      state: childText(onsite, "state"),
      country: childText(onsite, "country"),
      postalcode: childText(onsite, "postalcode"),
      salary: childText(onsite, "salary"),
      jobtype: childText(onsite, "jobtype"),
    }).toEqual({
      title: "Backend Engineer",
      url: `http://localhost:3000/careers/${board.company.slug}/jobs/${board.company.jobId}`,
      city: "Berlin",
      state: "Berlin",
      country: "DE",
      postalcode: "10115",
      salary: "EUR 70000-90000 per year",
      jobtype: "fulltime",
    });
    expect(Date.parse(childText(onsite, "date")!)).not.toBeNaN();
    expect(childText(onsite, "company")).toBe(childText(source, "publisher"));
    expect(onsite.getElementsByTagName("description")[0]!.firstChild!.nodeType).toBe(4); // CDATA_SECTION_NODE
  });

  it("keeps <, &, ]]> and emoji intact through CDATA (a ]]> is split, never ends the section)", async () => {
    const text = await (await get(`/careers/${board.company.slug}/feeds/indeed.xml`)).text();
    const job = Array.from(parseXml(text).getElementsByTagName("job")).find((j) => childText(j, "referencenumber") === String(board.hostile))!;
    expect(childText(job, "title")).toBe(HOSTILE_TITLE);
    const description = childText(job, "description")!;
    expect(description).toContain("Ships &lt;script&gt;alert(1)&lt;/script&gt; &amp; more ]]&gt; and ]]]]&gt; too.");
    expect(description).toContain("Second paragraph 😀");
    expect(childText(job, "jobtype")).toBe("contract");
    expect(childText(job, "remotetype")).toBe("Fully remote");
    expect(childText(job, "country")).toBe("NL");
    expect(job.getElementsByTagName("salary")).toHaveLength(0);
    expect(text).toContain("]]]]><![CDATA[>");
  });

  it("answers 304 to If-None-Match and If-Modified-Since, and a changed job changes the ETag", async () => {
    const company = await createTestCompany({ title: "Cached job" });
    const path = `/careers/${company.slug}/feeds/indeed.xml`;
    const first = await get(path);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const byTag = await get(path, { "if-none-match": etag });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe("");
    expect(byTag.headers.get("etag")).toBe(etag);
    expect((await get(path, { "if-modified-since": lastModified })).status).toBe(304);
    // A validator that does not match wins over a date that would.
    expect((await get(path, { "if-none-match": '"other"', "if-modified-since": lastModified })).status).toBe(200);

    await updateJob(systemContext(getPrisma(), company.id), { id: company.jobId, title: "Cached job, renamed" });
    const changed = await get(path, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("Cached job, renamed");
  });

  it("drops a job whose closes_at passes, though no row changed", async () => {
    // Far enough ahead that the first read still sees the job on a loaded machine (1.5 s was not, once).
    const company = await createTestCompany({ title: "Closing soon", closes_at: new Date(Date.now() + 15_000).toISOString() });
    const path = `/careers/${company.slug}/feeds/indeed.xml`;
    const before = await get(path);
    const etag = before.headers.get("etag")!;
    expect(await before.text()).toContain("Closing soon");
    await expect
      .poll(async () => (await get(path, { "if-none-match": etag })).status, { timeout: 40_000, interval: 250 })
      .toBe(200);
    expect(await (await get(path)).text()).not.toContain("Closing soon");
  });

  it("an unknown or malformed slug is the 404 envelope", async () => {
    for (const slug of ["no-such-company", "UPPER", "a%20b"]) {
      const res = await get(`/careers/${slug}/feeds/indeed.xml`);
      expect(res.status, slug).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
    }
  });
});

describe("GET /careers/{slug}/feeds/jobs.json", () => {
  it("the same jobs as the Indeed feed, as JSON, with ETag and 304", async () => {
    const res = await get(`/careers/${board.company.slug}/feeds/jobs.json`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.publisherurl).toBe(`http://localhost:3000/careers/${board.company.slug}`);
    expect(body.jobs.map((job: { referencenumber: string }) => job.referencenumber).sort()).toEqual(board.open.map(String).sort());
    expect(body.jobs.find((job: { referencenumber: string }) => job.referencenumber === String(board.hostile)).title).toBe(HOSTILE_TITLE);
    expect((await get(`/careers/${board.company.slug}/feeds/jobs.json`, { "if-none-match": res.headers.get("etag")! })).status).toBe(304);
  });
});

describe("sitemaps and robots.txt", () => {
  it("the company's sitemap lists its careers page and open jobs with lastmod; a closed job leaves it", async () => {
    const company = await createTestCompany({ title: "Listed" });
    const second = await addJob(company, { title: "Closing" });
    const urls = async () => {
      const doc = parseXml(await (await get(`/careers/${company.slug}/sitemap.xml`)).text());
      return Array.from(doc.getElementsByTagName("url")).map((url) => ({ loc: childText(url, "loc"), lastmod: childText(url, "lastmod") }));
    };
    const base = `http://localhost:3000/careers/${company.slug}`;
    const before = await urls();
    expect(before.map((u) => u.loc).sort()).toEqual([base, `${base}/jobs/${company.jobId}`, `${base}/jobs/${second}`].sort());
    for (const url of before) expect(Date.parse(url.lastmod!)).not.toBeNaN();
    await updateJob(systemContext(getPrisma(), company.id), { id: second, closes_at: new Date(Date.now() - 1000).toISOString() });
    expect((await urls()).map((u) => u.loc).sort()).toEqual([base, `${base}/jobs/${company.jobId}`].sort());
  });

  it("robots.txt points to the sitemap index, which lists companies with open jobs only", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/localhost:3000\/sitemap\.xml$/m);
    const none = await createTestCompany({ title: "Gone", is_active: false });
    const index = parseXml(await (await get("/sitemap.xml")).text());
    const locs = Array.from(index.getElementsByTagName("loc")).map((loc) => loc.textContent);
    expect(locs).toContain(`http://localhost:3000/careers/${board.company.slug}/sitemap.xml`);
    expect(locs).not.toContain(`http://localhost:3000/careers/${none.slug}/sitemap.xml`);
  });
});

const PUBLIC_JOB_FIELDS = [
  "apply_url",
  "closes_at",
  "created_at",
  "department",
  "description",
  "employment_type",
  "id",
  "location_details",
  "location_type",
  "locations",
  "remote_countries",
  "salary",
  "screening_questions",
  "title",
  "updated_at",
];

describe("GET /api/public/companies/{slug}/jobs[/{id}]", () => {
  it("lists only open public jobs, with their questions and no internal fields, readable from any origin", async () => {
    const res = await get(`/api/public/companies/${board.company.slug}/jobs`, { origin: "https://www.example.com" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-expose-headers")).toContain("etag");
    const { data } = await res.json();
    expect(data.map((job: { id: number }) => job.id).sort()).toEqual([...board.open].sort());
    for (const job of data) expect(Object.keys(job).sort()).toEqual(PUBLIC_JOB_FIELDS);
    const first = data.find((job: { id: number }) => job.id === board.company.jobId);
    expect(first.screening_questions).toEqual(QUESTIONS);
    expect(first).toMatchObject({ employment_type: "full_time", location_details: [{ city: "Berlin", region: "Berlin", country: "DE", postal_code: "10115" }], salary: { min: 70000, max: 90000, currency: "EUR" } });
    const keys = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
      }
    };
    walk(data);
    for (const internal of ["screening", "criteria", "department_id", "is_active", "is_public", "stages", "company_id", "candidates", "count", "counts"]) expect(keys.has(internal), internal).toBe(false);
  });

  it("one job; closed, inactive, private, unknown and other companies' jobs are the 404 envelope (with CORS)", async () => {
    const one = await get(`/api/public/companies/${board.company.slug}/jobs/${board.hostile}`);
    expect(one.status).toBe(200);
    expect((await one.json()).data).toMatchObject({ id: board.hostile, title: HOSTILE_TITLE, location_type: "remote", remote_countries: ["NL"] });
    for (const id of [board.closed, board.inactive, board.hidden, other.jobId, 999_999_999, "abc", "1e3"]) {
      const res = await get(`/api/public/companies/${board.company.slug}/jobs/${id}`);
      expect(res.status, String(id)).toBe(404);
      expect((await res.json()).error.code).toBe("not_found");
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
    }
    const unknown = await get("/api/public/companies/no-such-company/jobs");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe("not_found");
    // The other company's list holds only its own job.
    const otherList = await (await get(`/api/public/companies/${other.slug}/jobs`)).json();
    expect(otherList.data.map((job: { id: number }) => job.id)).toEqual([other.jobId]);
  });

  it("answers the CORS preflight for conditional requests", async () => {
    const res = await fetch(`${app.url}/api/public/companies/${board.company.slug}/jobs`, {
      method: "OPTIONS",
      headers: { origin: "https://www.example.com", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    expect(res.headers.get("access-control-allow-headers")).toContain("if-none-match");
    const one = await fetch(`${app.url}/api/public/companies/${board.company.slug}/jobs/${board.hostile}`, { method: "OPTIONS" });
    expect(one.status).toBe(204);
  });

  it("ETag and 304, and a new job changes the list", async () => {
    const company = await createTestCompany({ title: "API job" });
    const path = `/api/public/companies/${company.slug}/jobs`;
    const first = await get(path);
    const etag = first.headers.get("etag")!;
    const again = await get(path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    await createJob(systemContext(getPrisma(), company.id), { title: "Second API job" });
    const changed = await get(path, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect((await changed.json()).data.map((job: { title: string }) => job.title)).toEqual(["Second API job", "API job"]);
  });

  it("is rate-limited per client IP with the 429 envelope and Retry-After", async () => {
    await withAppEnv({ HIREFLOW_JOB_BOARD_LIMIT_PER_IP: "3" }, app.url, async (url) => {
      const ip = randomIp();
      const statuses = [];
      // The board's window: 60 s (job-board-limit.ts), aligned to the clock.
      await inOneWindow(60_000, 20_000);
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${url}/api/public/companies/${board.company.slug}/jobs`, { headers: { "x-forwarded-for": ip } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await fetch(`${url}/api/public/companies/${board.company.slug}/jobs/${board.hostile}`, { headers: { "x-forwarded-for": ip } });
      expect(limited.status).toBe(429);
      expect((await limited.json()).error.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("access-control-allow-origin")).toBe("*");
      // Another address has its own budget.
      expect((await fetch(`${url}/api/public/companies/${board.company.slug}/jobs`, { headers: { "x-forwarded-for": randomIp() } })).status).toBe(200);
    });
  });

  it("npm start's own server answers the API's GETs without Next, the same way (CORS, ETag, 304, 404 envelope)", async () => {
    const server = await startApiServer({ HIREFLOW_BACKGROUND_WORK: "off" });
    try {
      const list = await fetch(`${server.url}/api/public/companies/${board.company.slug}/jobs?utm=1`, { headers: { "x-forwarded-for": randomIp() } });
      expect(list.status).toBe(200);
      expect(list.headers.get("access-control-allow-origin")).toBe("*");
      expect(list.headers.get("request-id")).toMatch(/^req_/);
      expect((await list.json()).data.map((job: { id: number }) => job.id).sort()).toEqual([...board.open].sort());
      const again = await fetch(`${server.url}/api/public/companies/${board.company.slug}/jobs`, { headers: { "if-none-match": list.headers.get("etag")!, "x-forwarded-for": randomIp() } });
      expect(again.status).toBe(304);
      const one = await fetch(`${server.url}/api/public/companies/${board.company.slug}/jobs/${board.hostile}`, { headers: { "x-forwarded-for": randomIp() } });
      expect((await one.json()).data.title).toBe(HOSTILE_TITLE);
      const closed = await fetch(`${server.url}/api/public/companies/${board.company.slug}/jobs/${board.closed}`, { headers: { "x-forwarded-for": randomIp() } });
      expect(closed.status).toBe(404);
      expect((await closed.json()).error.code).toBe("not_found");
      expect(closed.headers.get("access-control-allow-origin")).toBe("*");
    } finally {
      await server.close();
    }
  });
});
