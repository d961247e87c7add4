import { randomBytes } from "node:crypto";
import { Script } from "node:vm";
import { appRouter, createCallerFactory, createUser, updateJob, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { embedData } from "../helpers/embed-data.ts";
import { addJob, createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

// Issue 27: Settings → Careers site (website and logo on the careers pages and in JobPosting) and the
// embed script a company's own site includes to list its open jobs, over real HTTP.
let app: Awaited<ReturnType<typeof startApp>>;
beforeAll(async () => (app = await startApp()));
afterAll(() => app.close());

const HOSTILE_TITLE = "R&D </script><img src=x onerror=alert(1)> \u2028 Lead 🚀";

function get(path: string, headers: Record<string, string> = {}) {
  const b = randomBytes(3);
  return fetch(`${app.url}${path}`, { headers: { "x-forwarded-for": `10.${b[0]}.${b[1]}.${b[2]}`, ...headers } });
}

async function adminCaller(company: TestCompany) {
  const admin = await createUser(getPrisma(), { companyId: company.id, email: `admin-${randomBytes(4).toString("hex")}@example.com`, name: "Admin", password: "correct horse battery staple", role: "admin" });
  return createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: { kind: "user", companyId: company.id, userId: admin.id, role: "admin" } });
}

let company: TestCompany;
let hostile: number;
let closed: number;
let hidden: number;
let other: TestCompany;
beforeAll(async () => {
  company = await createTestCompany({ title: "Backend Engineer", department: "Engineering", locations: ["Berlin", "Lisbon"] });
  hostile = await addJob(company, { title: HOSTILE_TITLE, locations: ["Remote"], location_type: "remote" });
  closed = await addJob(company, { title: "Closed job", closes_at: new Date(Date.now() - 60_000).toISOString() });
  hidden = await addJob(company, { title: "Private job", is_public: false });
  other = await createTestCompany({ title: "Other company's job" });
});

describe("GET /careers/{slug}/embed.js", () => {
  it("is a script holding exactly the company's open public jobs, which any site may load", async () => {
    const res = await get(`/careers/${company.slug}/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const text = await res.text();
    // It compiles as a classic script (what a <script src> runs).
    expect(() => new Script(text)).not.toThrow();
    const data = embedData(text);
    const ids = data.jobs.map((job) => Number(job.url.split("/").pop()));
    expect(ids.sort()).toEqual([company.jobId, hostile].sort());
    expect(ids).not.toContain(closed);
    expect(ids).not.toContain(hidden);
    expect(data.jobs.find((job) => job.title === "Backend Engineer")).toMatchObject({ meta: "Engineering — Berlin · Lisbon" });
    expect(data.jobs.find((job) => job.title === HOSTILE_TITLE)?.meta).toMatch(/Remote$/);
    expect(data.careers_url).toMatch(new RegExp(`/careers/${company.slug}$`));
  });

  it("a hostile title cannot close the script or inject markup: no raw < or U+2028 in the body", async () => {
    const text = await (await get(`/careers/${company.slug}/embed.js`)).text();
    expect(text).not.toContain("<");
    expect(text).not.toContain("\u2028");
    expect(text).toContain("textContent");
    expect(text).not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
  });

  it("answers 304 to its ETag, and a changed job changes it", async () => {
    const first = await get(`/careers/${company.slug}/embed.js`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await get(`/careers/${company.slug}/embed.js`, { "if-none-match": etag })).status).toBe(304);
    await updateJob(systemContext(getPrisma(), company.id), { id: company.jobId, title: "Backend Engineer II" });
    const changed = await get(`/careers/${company.slug}/embed.js`, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(embedData(await changed.text()).jobs.map((job) => job.title)).toContain("Backend Engineer II");
  });

  it("an unknown or malformed slug is the 404 envelope; another company's script has only its jobs", async () => {
    for (const slug of ["no-such-company-xyz", "UPPER", "a%2Fb"]) {
      const res = await get(`/careers/${slug}/embed.js`);
      expect(res.status, slug).toBe(404);
      expect((await res.json()).error.code, slug).toBe("not_found");
    }
    const theirs = embedData(await (await get(`/careers/${other.slug}/embed.js`)).text());
    expect(theirs.jobs.map((job) => Number(job.url.split("/").pop()))).toEqual([other.jobId]);
  });
});

describe("Settings → Careers site", () => {
  it("saves the website and logo, which the careers pages read; lists every public address and the snippet", async () => {
    const caller = await adminCaller(company);
    const before = await caller.careerSite.get();
    expect(before).toMatchObject({ website_url: null, logo_url: null });
    expect(before.embed_snippet).toContain(`src="${before.embed_script_url}"`);
    expect(before.embed_script_url).toBe(`${before.careers_url}/embed.js`);
    expect(before.job_board_api_url).toMatch(new RegExp(`/api/public/companies/${company.slug}/jobs$`));
    const saved = await caller.careerSite.update({ website_url: "https://acme.example", logo_url: "https://acme.example/logo.png" });
    expect(saved).toMatchObject({ website_url: "https://acme.example", logo_url: "https://acme.example/logo.png" });
    const publicCaller = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: null });
    const page = await publicCaller.careers.job({ slug: company.slug, job_id: company.jobId });
    expect(page.data.company).toMatchObject({ website_url: "https://acme.example", logo_url: "https://acme.example/logo.png" });
    // Cleared with null.
    expect(await caller.careerSite.update({ logo_url: null })).toMatchObject({ website_url: "https://acme.example", logo_url: null });
  });

  it("refuses a logo that is not https, a website that is not http(s), and unknown fields, naming the field", async () => {
    const caller = await adminCaller(other);
    const naming = (field: string) => ({ code: "BAD_REQUEST", cause: { issues: [expect.objectContaining({ path: [field] })] } });
    await expect(caller.careerSite.update({ logo_url: "http://acme.example/logo.png" })).rejects.toMatchObject(naming("logo_url"));
    await expect(caller.careerSite.update({ website_url: "javascript:alert(1)" })).rejects.toMatchObject(naming("website_url"));
    await expect(caller.careerSite.update({ slug: "taken" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await caller.careerSite.get()).toMatchObject({ website_url: null, logo_url: null });
    // The database refuses it too, whatever writes.
    await expect(getPrisma().$executeRaw`UPDATE companies SET logo_url = 'javascript:alert(1)' WHERE id = ${other.id}`).rejects.toThrow(/companies_logo_url_check/);
  });

  it("is for owners and admins: a recruiter is refused", async () => {
    const recruiter = await createUser(getPrisma(), { companyId: company.id, email: `rec-${randomBytes(4).toString("hex")}@example.com`, name: "Rec", password: "correct horse battery staple", role: "recruiter" });
    const caller = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: { kind: "user", companyId: company.id, userId: recruiter.id, role: "recruiter" } });
    await expect(caller.careerSite.get()).rejects.toMatchObject({ cause: { code: "forbidden" } });
    await expect(caller.careerSite.update({ website_url: "https://evil.example" })).rejects.toMatchObject({ cause: { code: "forbidden" } });
    expect(await getPrisma().company.findUniqueOrThrow({ where: { id: company.id }, select: { websiteUrl: true } })).not.toEqual({ websiteUrl: "https://evil.example" });
  });
});
