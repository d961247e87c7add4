import { randomBytes } from "node:crypto";
import { createUser, offersReport, offersReportCsv, systemContext } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "@/app/api/reports.csv/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { MARCH, OFFER_REPORT_MARCH, type OfferReportCompany, seedOfferReportCompany } from "../helpers/offer-report-seed.ts";
import { serve } from "../helpers/server.ts";

/**
 * The offers report (issue 41 §5) against seeded offers with known answers (helpers/offer-report-seed.ts:
 * two jobs; accepted, declined, expired, withdrawn, open and never-sent offers; offers sent before the
 * range and accepted in it, sent in it and accepted after), read as the Reports page reads it — the
 * web app's tRPC endpoint and the CSV route with a real session — and by the service. Company B has
 * the same offers, and none of them may count for A.
 */

let app: { url: string; close: () => Promise<void> };
let A: OfferReportCompany & { cookie: string };
let B: OfferReportCompany & { cookie: string };

async function member(companyId: number, role: "owner" | "admin" | "recruiter" | "interviewer" = "owner"): Promise<string> {
  const user = await createUser(getPrisma(), { companyId, email: `offer-reports-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", role });
  const { token } = await createSession(getPrisma(), user.id);
  return `${SESSION_COOKIE}=${token}`;
}

beforeAll(async () => {
  const a = await seedOfferReportCompany();
  const b = await seedOfferReportCompany();
  A = { ...a, cookie: await member(a.id) };
  B = { ...b, cookie: await member(b.id) };
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === "/api/reports.csv") return csvRoute.GET(req);
    if (pathname.startsWith("/api/trpc/")) return trpcRoute.GET(req);
    return new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

async function report(input: Record<string, string>, cookie = A.cookie) {
  const res = await fetch(`${app.url}/api/trpc/reports.offers?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: { cookie } });
  const body = await res.json();
  return { status: res.status, data: body.result?.data?.data, error: body.error?.data?.error };
}

async function csv(query: Record<string, string>, cookie: string | null = A.cookie) {
  const res = await fetch(`${app.url}/api/reports.csv?${new URLSearchParams({ report: "offers", ...query })}`, { headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe("offers report", () => {
  it("counts the offers sent in the range by outcome, the acceptance rate, and the days to hire of those accepted in it, overall and per job", async () => {
    const { status, data } = await report(MARCH);
    expect(status).toBe(200);
    expect(data.range).toEqual({ ...MARCH, tz: "UTC", job_id: null });
    expect(data.overall).toEqual(OFFER_REPORT_MARCH.overall);
    // By title: Designer before Software Engineer.
    expect(data.jobs).toEqual([
      { job_id: A.jobTwo, ...OFFER_REPORT_MARCH.two },
      { job_id: A.jobId, ...OFFER_REPORT_MARCH.one },
    ]);
  });

  it("filters by job", async () => {
    const { data } = await report({ ...MARCH, job_id: String(A.jobTwo) });
    const { title: _title, ...two } = OFFER_REPORT_MARCH.two;
    expect(data.range.job_id).toBe(A.jobTwo);
    expect(data.overall).toEqual(two);
    expect(data.jobs).toEqual([{ job_id: A.jobTwo, ...OFFER_REPORT_MARCH.two }]);
  });

  it("reads the range as local days of the time zone: 23:30 UTC on March 31st is April in Berlin", async () => {
    const { data } = await report({ ...MARCH, tz: "Europe/Berlin" });
    expect(data.overall).toMatchObject({ sent: 11, open: 1, accepted: 4, acceptance_rate: 4 / 9, hires: 4 });
    expect(data.jobs[0]).toMatchObject({ job_id: A.jobTwo, sent: 4, open: 0 });
  });

  it("answers zeros and nulls when no offer was sent or accepted in the range", async () => {
    const { data } = await report({ from: "2025-01-01", to: "2025-01-31" });
    expect(data.overall).toEqual({ sent: 0, accepted: 0, declined: 0, expired: 0, withdrawn: 0, open: 0, acceptance_rate: null, hires: 0, median_days: null, p75_days: null, p90_days: null });
    expect(data.jobs).toEqual([]);
  });

  it("has no acceptance rate while every offer sent is open or withdrawn, and no days while none is accepted", async () => {
    // 2026-03-16 .. 2026-03-20: o5 (withdrawn) and o6 (open) only.
    const { data } = await report({ from: "2026-03-16", to: "2026-03-20", job_id: String(A.jobId) });
    expect(data.overall).toEqual({ sent: 2, accepted: 0, declined: 0, expired: 0, withdrawn: 1, open: 1, acceptance_rate: null, hires: 0, median_days: null, p75_days: null, p90_days: null });
  });
});

describe("tenancy, roles and input", () => {
  it("never counts another company's offers; another company's job is a 404", async () => {
    // B holds the same offers: the same answers, none of A's.
    const b = await report(MARCH, B.cookie);
    expect(b.data.overall).toEqual(OFFER_REPORT_MARCH.overall);
    expect(b.data.jobs.map((j: { job_id: number }) => j.job_id)).toEqual([B.jobTwo, B.jobId]);
    const foreign = await report({ ...MARCH, job_id: String(A.jobId) }, B.cookie);
    expect([foreign.status, foreign.error?.code]).toEqual([404, "not_found"]);
    await expect(offersReport(systemContext(getPrisma(), B.id), { job_id: A.jobTwo })).rejects.toMatchObject({ code: "not_found" });
    // Another company's offer in A's job (a corrupt row) is not counted either: every table is filtered by company.
    const prisma = getPrisma();
    const stray = await prisma.offer.create({
      data: {
        companyId: B.id,
        candidateId: (await prisma.candidate.create({ data: { companyId: B.id, jobId: B.jobId, name: "Stray", stage: "applied", applicationSource: "manual", createdAt: new Date("2026-03-01T00:00:00Z") } })).id,
        jobId: A.jobId,
        status: "accepted",
        startDate: new Date("2026-05-01T00:00:00Z"),
        jobTitle: "Stray",
        salaryAmount: 1,
        salaryCurrency: "EUR",
        salaryPeriod: "year",
        sentAt: new Date("2026-03-05T00:00:00Z"),
        acceptedAt: new Date("2026-03-06T00:00:00Z"),
      },
    });
    try {
      expect((await report(MARCH)).data.overall).toEqual(OFFER_REPORT_MARCH.overall);
    } finally {
      await prisma.offer.delete({ where: { id: stray.id } });
    }
  });

  it("is for owners, admins and recruiters (every job, as the other reports); an interviewer is refused, on the page and in the CSV", async () => {
    for (const role of ["admin", "recruiter"] as const) {
      const { status, data } = await report(MARCH, await member(A.id, role));
      expect([role, status, data.overall.sent]).toEqual([role, 200, 12]);
    }
    const interviewer = await member(A.id, "interviewer");
    const refused = await report(MARCH, interviewer);
    expect([refused.status, refused.error?.code]).toEqual([403, "forbidden"]);
    const download = await csv(MARCH, interviewer);
    expect([download.status, JSON.parse(download.text).error.code]).toEqual([403, "forbidden"]);
    // The other reports' CSVs too, as their procedures.
    for (const kind of ["funnel", "overdue_scorecards"]) {
      expect((await csv({ ...MARCH, report: kind }, interviewer)).status, kind).toBe(403);
    }
    await expect(offersReport({ ...systemContext(getPrisma(), A.id), role: "interviewer" }, MARCH)).rejects.toMatchObject({ code: "forbidden" });
  });

  it.each([
    [{ from: "2026-03-10", to: "2026-03-01" }, "from"],
    [{ from: "2024-01-01", to: "2026-03-01" }, "from"],
    [{ from: "2026-02-30" }, "from"],
    [{ tz: "Mars/Olympus" }, "tz"],
    [{ job_id: "0" }, "job_id"],
    [{ job_id: "abc" }, "job_id"],
    [{ extra: "1" }, "extra"],
  ])("%j is a 400 naming %s", async (input, field) => {
    const { status, error } = await report(input);
    expect([status, error?.code]).toEqual([400, "validation_error"]);
    expect(error.details.map((d: { field: string }) => d.field)).toContain(field);
  });
});

describe("CSV (/api/reports.csv?report=offers)", () => {
  it("answers the table as an attachment: All jobs, then each job", async () => {
    const res = await csv({ ...MARCH, job_id: "" });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="offers_all-jobs_2026-03-01_2026-03-31.csv"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.text).toBe(
      [
        "job_id,job_title,sent,accepted,declined,expired,withdrawn,open,acceptance_rate,hires,median_days_to_hire,p75_days_to_hire,p90_days_to_hire",
        ",All jobs,12,4,3,2,1,2,0.4444,4,21.25,39.63,52.45",
        `${A.jobTwo},Designer,5,1,2,1,0,1,0.25,1,7.5,7.5,7.5`,
        `${A.jobId},Software Engineer,7,3,1,1,1,1,0.6,3,32.5,46.75,55.3`,
        "",
      ].join("\r\n"),
    );
  });

  it("takes the page's filters (job, time zone); the service gives the same document", async () => {
    const one = await csv({ ...MARCH, job_id: String(A.jobTwo), tz: "Europe/Berlin" });
    expect(one.headers.get("content-disposition")).toContain(`offers_job-${A.jobTwo}_2026-03-01_2026-03-31.csv`);
    expect(one.text.split("\r\n").slice(1, 3)).toEqual([",All jobs,4,1,2,1,0,0,0.25,1,7.5,7.5,7.5", `${A.jobTwo},Designer,4,1,2,1,0,0,0.25,1,7.5,7.5,7.5`]);
    const direct = await offersReportCsv(systemContext(getPrisma(), A.id), { ...MARCH, job_id: String(A.jobTwo), tz: "Europe/Berlin" });
    expect(direct.csv).toBe(one.text);
  });

  it("needs a session (401), refuses bad parameters (400) and another company's job (404)", async () => {
    const anonymous = await csv(MARCH, null);
    expect([anonymous.status, JSON.parse(anonymous.text).error.code]).toEqual([401, "unauthorized"]);
    const bad: Record<string, string>[] = [{ job_id: "0x10" }, { from: "yesterday" }, { tz: "Nowhere/Land" }, { from: "2026-04-01", to: "2026-03-01" }];
    for (const query of bad) {
      const res = await csv(query);
      expect([res.status, JSON.parse(res.text).error.code], JSON.stringify(query)).toEqual([400, "validation_error"]);
    }
    expect((await csv({ job_id: String(A.jobId) }, B.cookie)).status).toBe(404);
  });
});
