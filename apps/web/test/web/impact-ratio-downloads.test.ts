import { randomBytes } from "node:crypto";
import { createUser } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as downloadRoute from "@/app/api/impact-ratios/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { serve } from "../helpers/server.ts";

/**
 * The impact-ratio page's downloads (/api/impact-ratios?format=csv|json) against the tRPC query the
 * page renders: the same numbers, three decimals in the CSV, for a signed-in member only.
 */
let app: { url: string; close: () => Promise<void> };
let A: TestCompany & { cookie: string };
let B: TestCompany;
// A day either side of now: the rows written in beforeAll stay inside the range however close to midnight (UTC) the file runs.
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const FROM = day(-1);
const TO = day(1);

async function signedInCookie(companyId: number): Promise<string> {
  const user = await createUser(getPrisma(), { companyId, email: `ir-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple" });
  return `${SESSION_COOKIE}=${(await createSession(getPrisma(), user.id)).token}`;
}

// 3 female (2 advanced), 3 male (1 advanced), 1 without answers: rates 0.667 / 0.333, ratio 0.5.
const PEOPLE = [
  { sex: "female", advanced: true },
  { sex: "female", advanced: true },
  { sex: "female", advanced: false },
  { sex: "male", advanced: true },
  { sex: "male", advanced: false },
  { sex: "male", advanced: false },
  { sex: null, advanced: false },
] as const;

beforeAll(async () => {
  const a = await createTestCompany();
  A = { ...a, cookie: await signedInCookie(a.id) };
  B = await createTestCompany();
  const prisma = getPrisma();
  for (const [i, person] of PEOPLE.entries()) {
    const candidate = await prisma.candidate.create({ data: { companyId: a.id, jobId: a.jobId, name: `P${i}`, stage: "prospect", applicationSource: "manual", fitScore: 50 + i } });
    if (person.sex) await prisma.candidateSelfIdentification.create({ data: { companyId: a.id, candidateId: candidate.id, sex: person.sex, raceEthnicity: "white" } });
    await prisma.screeningRun.create({
      data: { companyId: a.id, jobId: a.jobId, candidateId: candidate.id, trigger: "initial", status: "completed", engine: "local", criteriaHash: "h", inputHash: "i", criteria: [], fitScore: 50 + i, ...(person.advanced && { action: { action: "advance" } }) },
    });
  }
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === "/api/impact-ratios") return downloadRoute.GET(req);
    if (pathname.startsWith("/api/trpc/")) return trpcRoute.GET(req);
    return new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

const download = (query: Record<string, string>, cookie: string | null = A.cookie) =>
  fetch(`${app.url}/api/impact-ratios?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {} });

describe("/api/impact-ratios", () => {
  it("JSON: exactly what the page's tRPC query shows", async () => {
    const query = { job_id: String(A.jobId), from: FROM, to: TO, mode: "selection" };
    const page = await fetch(`${app.url}/api/trpc/reports.impactRatios?input=${encodeURIComponent(JSON.stringify(query))}`, { headers: { cookie: A.cookie } });
    expect(page.status).toBe(200);
    const shown = (await page.json()).result.data.data;
    const res = await download({ format: "json", ...query });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="impact-ratios-selection-job-${A.jobId}-${FROM}-${TO}.json"`);
    const body = await res.json();
    expect(body).toEqual({ data: shown });
    expect(body.data.tables.sex).toEqual([
      { sex: "female", n: 3, rate: 0.667, impact_ratio: 1, excluded_small: false },
      { sex: "male", n: 3, rate: 0.333, impact_ratio: 0.5, excluded_small: false },
    ]);
  });

  it("CSV: the same numbers with three decimals, one row per category of each table", async () => {
    const res = await download({ format: "csv", job_id: String(A.jobId), from: FROM, to: TO, mode: "selection" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).trim().split(/\r?\n/);
    expect(lines).toEqual([
      "table,sex,race_ethnicity,n,rate,impact_ratio,excluded_small",
      "sex,female,,3,0.667,1.000,false",
      "sex,male,,3,0.333,0.500,false",
      "race_ethnicity,,white,6,0.500,1.000,false",
      "intersectional,female,white,3,0.667,1.000,false",
      "intersectional,male,white,3,0.333,0.500,false",
      "unknown,unknown,,1,,,",
      "unknown,,unknown,1,,,",
      "sample,,,7,,,",
      // Applicants who asked for a person, left out of the sample (issue 25 §3).
      "opted_out,,,0,,,",
    ]);
  });

  it("401 without a session, 400 for a bad format or mode, 404 for another company's job", async () => {
    expect((await download({ format: "csv" }, null)).status).toBe(401);
    const format = await download({ format: "xlsx" });
    expect(format.status).toBe(400);
    expect((await format.json()).error.details).toEqual([{ field: "format", message: "Must be csv or json" }]);
    const mode = await download({ format: "json", mode: "best" });
    expect(mode.status).toBe(400);
    expect((await mode.json()).error.details[0].field).toBe("mode");
    const foreign = await download({ format: "json", job_id: String(B.jobId) });
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.code).toBe("not_found");
  });
});
