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
  salary: { min: 70000, max: 95000, currency: "EUR" },
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
        location_details: [],
        remote_countries: [],
        employment_type: null,
        closes_at: null,
        salary: { min: 70000, max: 95000, currency: "EUR" },
        apply_url: `http://localhost:3000/careers/${app.acme.slug}/jobs/${app.acme.jobId}`,
        screening_questions: [{ id: "visa", label: "Do you need a visa?", type: "yes_no", required: true }],
        screening: { mode: "off", criteria: [], advance: null, reject_on_required_miss: false },
        screening_notice_at: null,
        stages: [
          { key: "prospect", name: "Prospect", type: "prospect" },
          { key: "applied", name: "Applied", type: "applied" },
          { key: "phonescreen", name: "Phone screen", type: "phonescreen" },
          { key: "inprogress", name: "In progress", type: "inprogress" },
          { key: "hired", name: "Hired", type: "hired" },
          { key: "rejected", name: "Rejected", type: "rejected" },
        ],
        hiring_team_lead_ids: [],
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

const SCREENING = {
  mode: "auto",
  criteria: [
    { id: "go", type: "skill", value: "Go", required: true, weight: 3 },
    { id: "exp", type: "min_years", value: 5, weight: 2 },
    { type: "location" },
    { id: "eu", type: "answer", question_id: "eu_work", accepted: ["yes"], required: true },
    { type: "text", value: "Has led a team of engineers" },
  ],
  advance: { min_score: 80, to_stage: "phonescreen" },
  reject_on_required_miss: false,
};

describe("POST /api/v1/jobs and PATCH /api/v1/jobs/{id}", () => {
  it("creates a job from a body shaped like the Job, screening included (ids generated, defaults filled)", async () => {
    const company = await createTestCompany();
    const client = apiClient(app.url, company);
    const res = await client.post("/jobs", {
      title: "Backend Engineer",
      department: "Platform",
      locations: ["London"],
      salary: { min: 80000, max: 100000, currency: "GBP" },
      screening_questions: [{ id: "eu_work", label: "May you work in the EU?", type: "yes_no", required: true }],
      screening: SCREENING,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ title: "Backend Engineer", salary: { min: 80000, max: 100000, currency: "GBP" }, is_active: true });
    expect(res.body.data.screening).toEqual({
      mode: "auto",
      criteria: [
        { id: "go", type: "skill", value: "Go", question_id: null, accepted: null, required: true, weight: 3 },
        { id: "exp", type: "min_years", value: 5, question_id: null, accepted: null, required: false, weight: 2 },
        { id: "location", type: "location", value: null, question_id: null, accepted: null, required: false, weight: 1 },
        { id: "eu", type: "answer", value: null, question_id: "eu_work", accepted: ["yes"], required: true, weight: 1 },
        { id: "text-has-led-a-team-of-engineers", type: "text", value: "Has led a team of engineers", question_id: null, accepted: null, required: false, weight: 1 },
      ],
      advance: { min_score: 80, to_stage: "phonescreen" },
      reject_on_required_miss: false,
    });
    // What GET returns is what POST made.
    expect((await client.get(`/jobs/${res.body.data.id}`)).body.data).toEqual(res.body.data);
  });

  it("the screening settings read with GET can be sent back with PATCH as they are (other types' fields null)", async () => {
    const company = await createTestCompany();
    const client = apiClient(app.url, company);
    const created = await client.post("/jobs", { title: "Round trip", screening_questions: [{ id: "eu_work", label: "May you work in the EU?", type: "yes_no", required: true }], screening: SCREENING });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = (await client.get(`/jobs/${created.body.data.id}`)).body.data.screening;
    // A client lowers the threshold and sends the rest back unchanged.
    const patched = await client.patch(`/jobs/${created.body.data.id}`, { screening: { ...read, advance: { ...read.advance, min_score: 30 } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.screening).toEqual({ ...read, advance: { ...read.advance, min_score: 30 } });
    // Null is all a field of another type may hold: a value is still refused, naming it.
    const wrong = await client.patch(`/jobs/${created.body.data.id}`, { screening: { criteria: [{ type: "skill", value: "Go", question_id: "eu_work" }] } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details.map((d: { field: string }) => d.field)).toContain("screening.criteria[0].question_id");
  });

  it("refuses invalid settings with 400 validation_error naming the field, and writes nothing", async () => {
    const company = await createTestCompany();
    const client = apiClient(app.url, company);
    const cases: [unknown, string][] = [
      [{ mode: "sometimes" }, "screening.mode"],
      [{ criteria: [{ type: "vibes", value: "x" }] }, "screening.criteria[0].type"],
      [{ criteria: [{ type: "answer", question_id: "nope", accepted: ["yes"] }] }, "screening.criteria[0].question_id"],
      [{ advance: { min_score: 80, to_stage: "interview" } }, "screening.advance.to_stage"],
      [{ advance: { min_score: 101, to_stage: "phonescreen" } }, "screening.advance.min_score"],
      [{ criteria: [{ type: "skill", value: "Go", weight: 6 }] }, "screening.criteria[0].weight"],
      [{ criteria: Array.from({ length: 31 }, (_, i) => ({ type: "skill", value: `S${i}` })) }, "screening.criteria"],
      [{ criteria: [{ id: "a", type: "skill", value: "Go" }, { id: "a", type: "skill", value: "Rust" }] }, "screening.criteria[1].id"],
      // Criteria judge qualifications, not who a person is (issue 25 §4).
      [{ criteria: [{ type: "skill", value: "Go" }, { type: "text", value: "Is under the age of 35" }] }, "screening.criteria[1].value"],
      [{ criteria: [{ type: "skill", value: "Native speaker of English" }] }, "screening.criteria[0].value"],
    ];
    for (const [screening, field] of cases) {
      const res = await client.post("/jobs", { title: "Invalid", screening });
      expect(res.status, JSON.stringify(screening)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(res.body)).toContain(field);
    }
    expect((await client.get("/jobs")).body.data.map((j: { title: string }) => j.title)).not.toContain("Invalid");
  });

  it("PATCH changes only what is sent, keeps criterion ids stable, and checks answer criteria against the questions", async () => {
    const company = await createTestCompany();
    const client = apiClient(app.url, company);
    const created = await client.post("/jobs", {
      title: "Data Engineer",
      salary: { min: 50000, max: 60000, currency: "EUR" },
      screening_questions: [{ id: "eu_work", label: "EU?", type: "yes_no", required: true }],
      screening: { criteria: [{ type: "skill", value: "Kafka" }, { type: "answer", question_id: "eu_work", accepted: ["yes"] }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    const patched = await client.patch(`/jobs/${id}`, { salary: { max: 70000 }, screening: { mode: "score" } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.data.salary).toEqual({ min: 50000, max: 70000, currency: "EUR" });
    expect(patched.body.data.title).toBe("Data Engineer");
    expect(patched.body.data.screening.mode).toBe("score");
    expect(patched.body.data.screening.criteria).toEqual(created.body.data.screening.criteria);
    // The same criterion sent again without an id keeps its id; a new one gets its own.
    const kafkaId = created.body.data.screening.criteria[0].id;
    const again = await client.patch(`/jobs/${id}`, { screening: { criteria: [{ type: "skill", value: "Scala" }, { type: "skill", value: "Kafka", weight: 4 }] } });
    expect(again.body.data.screening.criteria.map((c: { id: string }) => c.id)).toEqual(["skill-scala", kafkaId]);
    // Removing the question an answer criterion needs is refused (both checked together).
    await client.patch(`/jobs/${id}`, { screening: { criteria: [{ type: "answer", question_id: "eu_work", accepted: ["yes"] }] } });
    const orphan = await client.patch(`/jobs/${id}`, { screening_questions: [] });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error.details[0].field).toBe("screening.criteria[0].question_id");
    expect((await client.patch(`/jobs/${id}`, { unknown: 1 })).status).toBe(400);
    expect((await client.patch(`/jobs/${id}`, { salary: { min: 90000 } })).body.error.details[0].field).toBe("salary.max");
    // Another company's job is not there.
    expect((await apiClient(app.url, app.acme).patch(`/jobs/${id}`, { title: "Taken" })).status).toBe(404);
  });
});
