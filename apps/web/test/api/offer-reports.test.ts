import { Hireflow } from "@hireflow/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { addApiKey } from "../helpers/fixtures.ts";
import { MARCH, OFFER_REPORT_MARCH, type OfferReportCompany, seedOfferReportCompany } from "../helpers/offer-report-seed.ts";

/**
 * GET /api/v1/reports/offers (issue 41 §5) over real HTTP against seeded offers with known answers
 * (helpers/offer-report-seed.ts; the web suite apps/web/test/web/offer-reports.test.ts covers the
 * page's procedure and the CSV). Company B holds the same offers: none of them may count for A.
 */
const app = useApiApp();
const QUERY = `from=${MARCH.from}&to=${MARCH.to}`;

let A: OfferReportCompany & { api: ApiClient };
let B: OfferReportCompany & { api: ApiClient };
beforeAll(async () => {
  const a = await seedOfferReportCompany();
  const b = await seedOfferReportCompany();
  A = { ...a, api: apiClient(app.url, a) };
  B = { ...b, api: apiClient(app.url, b) };
});

describe("GET /reports/offers", () => {
  it("counts the offers sent in the range by outcome with the acceptance rate, and the days to hire of those accepted in it", async () => {
    const res = await A.api.get(`/reports/offers?${QUERY}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      range: { ...MARCH, tz: "UTC", job_id: null },
      overall: OFFER_REPORT_MARCH.overall,
      jobs: [
        { job_id: A.jobTwo, ...OFFER_REPORT_MARCH.two },
        { job_id: A.jobId, ...OFFER_REPORT_MARCH.one },
      ],
    });
  });

  it("filters by job and time zone", async () => {
    const res = await A.api.get(`/reports/offers?${QUERY}&job_id=${A.jobTwo}&tz=Europe/Berlin`);
    expect(res.body.data.range).toEqual({ ...MARCH, tz: "Europe/Berlin", job_id: A.jobTwo });
    // t5 was sent at 23:30 UTC on the 31st: April in Berlin.
    expect(res.body.data.overall).toMatchObject({ sent: 4, accepted: 1, declined: 2, expired: 1, open: 0, acceptance_rate: 0.25, hires: 1, median_days: 7.5 });
    expect(res.body.data.jobs.map((j: { job_id: number }) => j.job_id)).toEqual([A.jobTwo]);
  });

  it("is in the SDK (hf.reports.offers)", async () => {
    const hf = new Hireflow({ apiKey: A.apiKey, baseUrl: app.url });
    const data = await hf.reports.offers({ ...MARCH, job_id: A.jobId });
    expect(data.overall).toMatchObject({ sent: 7, acceptance_rate: 0.6, median_days: 32.5 });
  });
});

describe("tenancy, scopes and input", () => {
  it("never counts another company's offers; another company's job is a 404", async () => {
    const b = await B.api.get(`/reports/offers?${QUERY}`);
    expect(b.body.data.overall).toEqual(OFFER_REPORT_MARCH.overall);
    expect(JSON.stringify(b.body)).not.toContain(`"job_id":${A.jobId},`);
    const foreign = await B.api.get(`/reports/offers?job_id=${A.jobId}`);
    expect([foreign.status, foreign.body.error?.code]).toEqual([404, "not_found"]);
  });

  it("needs reports:read (403 naming it) and an API key (401)", async () => {
    const other = apiClient(app.url, { apiKey: (await addApiKey(A, ["offers:read"])).apiKey });
    const refused = await other.get("/reports/offers");
    expect([refused.status, refused.body.error?.message]).toEqual([403, expect.stringContaining("reports:read")]);
    const reader = apiClient(app.url, { apiKey: (await addApiKey(A, ["reports:read"])).apiKey });
    expect((await reader.get(`/reports/offers?${QUERY}`)).body.data.overall.sent).toBe(12);
    expect((await apiClient(app.url, null).get("/reports/offers")).status).toBe(401);
  });

  it("answers 400 naming the field for bad filters", async () => {
    const cases: [string, string][] = [
      ["job_id=abc", "job_id"],
      ["job_id=0", "job_id"],
      ["from=2026-13-01", "from"],
      ["from=2026-05-01&to=2026-04-01", "from"],
      ["from=2020-01-01&to=2026-01-01", "from"],
      ["tz=Mars/Olympus", "tz"],
      ["extra=1", "extra"],
    ];
    for (const [query, field] of cases) {
      const res = await A.api.get(`/reports/offers?${query}`);
      expect([res.status, res.body.error?.code], `${query} → ${JSON.stringify(res.body)}`).toEqual([400, "validation_error"]);
      expect(res.body.error.details.map((d: { field: string }) => d.field), query).toContain(field);
    }
  });
});
