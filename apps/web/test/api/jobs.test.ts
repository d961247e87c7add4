import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addJob, createTestCompany } from "../helpers/fixtures.ts";

const app = useApiApp({
  title: "Senior Backend Engineer",
  department: "Engineering",
  description: "Build the API.",
  locations: ["Berlin", "Remote"],
  location_type: "hybrid",
  salary_min: 70000,
  salary_max: 95000,
  salary_currency: "EUR",
  screening_questions: [{ id: "visa", label: "Do you need a visa?", type: "yes_no", required: true }],
});

describe("GET /api/v1/jobs/{id}", () => {
  it("returns every field of the spec's Job, apply_url pointing at the careers page", async () => {
    const res = await app.api.get(`/jobs/${app.acme.jobId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: app.acme.jobId,
        title: "Senior Backend Engineer",
        description: "Build the API.",
        department_id: expect.any(Number),
        is_active: true,
        is_public: true,
        locations: ["Berlin", "Remote"],
        location_type: "hybrid",
        salary: { min: 70000, max: 95000, currency: "EUR" },
        apply_url: `http://localhost:3000/careers/${app.acme.slug}/jobs/${app.acme.jobId}`,
        screening_questions: [{ id: "visa", label: "Do you need a visa?", type: "yes_no", required: true }],
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      },
    });
  });

  it("404 for another company's job, 400 for a malformed id, 401 without a key", async () => {
    const other = await createTestCompany();
    const res = await apiClient(app.url, other).get(`/jobs/${app.acme.jobId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("not_found");
    expect((await app.api.get("/jobs/abc")).status).toBe(400);
    expect((await apiClient(app.url, null).get(`/jobs/${app.acme.jobId}`)).status).toBe(401);
  });
});

describe("GET /api/v1/jobs", () => {
  it("lists the company's jobs newest first with is_active / is_public filters", async () => {
    const company = await createTestCompany({ title: "Open public" });
    const client = apiClient(app.url, company);
    const closed = await addJob(company, { title: "Closed", is_active: false });
    const internal = await addJob(company, { title: "Internal", is_public: false });
    const all = await client.get("/jobs");
    expect(all.status).toBe(200);
    expect(all.body.data.map((j: { id: number }) => j.id)).toEqual([internal, closed, company.jobId]);
    expect(all.body.pagination).toEqual({ next_cursor: null, has_more: false });
    expect((await client.get("/jobs?is_active=false")).body.data.map((j: { id: number }) => j.id)).toEqual([closed]);
    expect((await client.get("/jobs?is_public=false")).body.data.map((j: { id: number }) => j.id)).toEqual([internal]);
    expect((await client.get("/jobs?is_active=true&is_public=true")).body.data.map((j: { id: number }) => j.id)).toEqual([company.jobId]);
    const bad = await client.get("/jobs?is_active=yes");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe("is_active");
  });
});
