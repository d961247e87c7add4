import { getPrisma } from "@hireflow/db";
import { revokeApiKey, systemContext } from "@hireflow/core";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { addJob, createTestCompany } from "../helpers/fixtures.ts";

const app = useApiApp();
let uniq = 0;
const email = () => `person${++uniq}-${Date.now()}@example.com`;

const CANDIDATE_FIELDS = [
  "id", "public_id", "name", "email", "phone", "linkedin", "location", "stage", "rating", "fit_score",
  "application_source", "ats_candidate_id", "job", "created_at", "updated_at",
  // Job pipelines: the stage's type and name in the job's pipeline, and the outcome.
  "stage_type", "stage_name", "reject_reason", "rejected_at", "hired_at",
  "applied_at", "resume_url", "resume_data", "resume_status", "fit",
  // Issue 25 §3: the applicant asked for a person, not the automated tool, to review them.
  "ai_opt_out",
].sort();

describe("POST /api/v1/candidates (JSON)", () => {
  it("creates a candidate with every field and answers 201 with the detailed candidate", async () => {
    const res = await app.api.post("/candidates", {
      job_id: app.acme.jobId,
      name: "  Ada Lovelace  ",
      email: "ada@example.com",
      phone: "(212) 555-0143",
      linkedin: "https://www.linkedin.com/in/ada",
      location: "London, UK",
      stage: "phonescreen",
      notes: "Met at a conference",
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toContain("application/json");
    const c = res.body.data;
    expect(Object.keys(c).sort()).toEqual(CANDIDATE_FIELDS);
    expect(c).toMatchObject({
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+12125550143",
      linkedin: "https://www.linkedin.com/in/ada",
      location: "London, UK",
      stage: "phonescreen",
      rating: null,
      fit_score: null,
      application_source: "public_api",
      ats_candidate_id: null,
      job: { id: app.acme.jobId, title: "Software Engineer" },
      resume_url: null,
      resume_data: null,
      resume_status: null,
    });
    expect(c.id).toEqual(expect.any(Number));
    expect(c.public_id).toMatch(/^cand_[0-9a-f]{32}$/);
    expect(c.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(c.applied_at).toBe(c.created_at);

    const activities = await getPrisma().candidateActivity.findMany({ where: { candidateId: c.id }, orderBy: { id: "asc" } });
    const note = activities.find((a) => a.type === "note_added");
    expect(note).toMatchObject({ note: "Met at a conference", addedBy: "api", performerId: null, companyId: app.acme.id });
  });

  it("defaults the stage to prospect and stores nulls for omitted fields", async () => {
    const res = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Grace Hopper" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ stage: "prospect", email: null, phone: null, linkedin: null, location: null });
    const notes = await getPrisma().candidateActivity.count({ where: { candidateId: res.body.data.id, type: "note_added" } });
    expect(notes).toBe(0);
  });

  it("never emits candidate.applied for API-created candidates", async () => {
    const res = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "No Event", email: email() });
    expect(res.status).toBe(201);
    const applied = await getPrisma().event.count({ where: { companyId: app.acme.id, type: "candidate.applied" } });
    expect(applied).toBe(0);
  });

  it("normalises phones to E.164 with the company's region and keeps unparseable ones as given", async () => {
    const gb = await createTestCompany();
    await getPrisma().company.update({ where: { id: gb.id }, data: { defaultPhoneRegion: "GB" } });
    const gbApi = apiClient(app.url, gb);
    const local = await gbApi.post("/candidates", { job_id: gb.jobId, name: "Marcus", phone: "020 7946 0958" });
    expect(local.body.data.phone).toBe("+442079460958");
    const international = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Intl", phone: "+44 20 7946 0958" });
    expect(international.body.data.phone).toBe("+442079460958");
    const junk = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Junk", phone: "  call me maybe  " });
    expect(junk.status).toBe(201);
    expect(junk.body.data.phone).toBe("call me maybe");
  });

  describe("limits", () => {
    const cases: [string, Record<string, unknown>, boolean][] = [
      ["name 200 chars", { name: "a".repeat(200) }, true],
      ["name 201 chars", { name: "a".repeat(201) }, false],
      ["name empty", { name: "" }, false],
      ["name only spaces", { name: "   " }, false],
      ["notes 2000 chars", { notes: "n".repeat(2000) }, true],
      ["notes 2001 chars", { notes: "n".repeat(2001) }, false],
      ["phone 100 chars", { phone: "1".repeat(100) }, true],
      ["phone 101 chars", { phone: "1".repeat(101) }, false],
      ["location 500 chars", { location: "l".repeat(500) }, true],
      ["location 501 chars", { location: "l".repeat(501) }, false],
      ["email invalid", { email: "not-an-email" }, false],
      ["linkedin not a URI", { linkedin: "linkedin" }, false],
      ["linkedin javascript: URI", { linkedin: "javascript:alert(1)" }, false],
      ["stage outside PublicApiStage", { stage: "interview" }, false],
    ];
    for (const [label, patch, ok] of cases) {
      it(`${label} → ${ok ? 201 : 400}`, async () => {
        const field = Object.keys(patch)[0]!;
        const res = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Limit Test", ...patch });
        if (ok) {
          expect(res.status).toBe(201);
          return;
        }
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe("validation_error");
        expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field, message: expect.any(String) })]));
      });
    }

    it("job_id 0 → 400, job_id 1 of another company → 404, job_id as a string → 400", async () => {
      const zero = await app.api.post("/candidates", { job_id: 0, name: "X" });
      expect(zero.status).toBe(400);
      expect(zero.body.error.details[0].field).toBe("job_id");
      const other = await createTestCompany();
      const foreign = await app.api.post("/candidates", { job_id: other.jobId, name: "X" });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe("not_found");
      const missing = await app.api.post("/candidates", { job_id: 2_000_000_000, name: "X" });
      expect(missing.status).toBe(404);
      const text = await app.api.post("/candidates", { job_id: String(app.acme.jobId), name: "X" });
      expect(text.status).toBe(400);
      expect(await getPrisma().candidate.count({ where: { jobId: other.jobId } })).toBe(0);
    });

    it("requires name and job_id", async () => {
      const res = await app.api.post("/candidates", {});
      expect(res.status).toBe(400);
      const fields = res.body.error.details.map((d: { field: string }) => d.field);
      expect(fields).toEqual(expect.arrayContaining(["job_id"]));
      const noName = await app.api.post("/candidates", { job_id: app.acme.jobId });
      expect(noName.status).toBe(400);
      expect(noName.body.error.details).toEqual([{ field: "name", message: "Required" }]);
    });
  });

  it("rejects unknown fields with validation_error details naming them", async () => {
    const res = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "X", favourite_colour: "blue" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "validation_error", details: [{ field: "favourite_colour", message: "Unknown field" }] });
  });

  it("answers malformed JSON, non-object JSON and non-JSON content types with 400 bad_request", async () => {
    for (const body of ["{", '{"job_id": 1,}', "[1,2]", '"text"', "null"]) {
      const res = await app.api.call("POST", "/candidates", body);
      expect(res.status, body).toBe(400);
      expect(res.body.error.code, body).toBe("bad_request");
    }
    const form = await app.api.call("POST", "/candidates", "job_id=1&name=x", { "content-type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(400);
    expect(form.body.error.code).toBe("bad_request");
    const none = await fetch(`${app.url}/api/v1/candidates`, { method: "POST", headers: { authorization: `Bearer ${app.acme.apiKey}` }, body: "{}" });
    expect(none.status).toBe(400);
  });

  it("answers 401 unauthorized for a missing, malformed, unknown or revoked key", async () => {
    const anonymous = apiClient(app.url, null);
    const bodies = [
      await anonymous.post("/candidates", { job_id: app.acme.jobId, name: "X" }),
      await apiClient(app.url, { apiKey: "not-a-key" }).post("/candidates", { job_id: app.acme.jobId, name: "X" }),
      await apiClient(app.url, { apiKey: `hf_live_${"x".repeat(40)}` }).post("/candidates", { job_id: app.acme.jobId, name: "X" }),
      await anonymous.post("/candidates", { job_id: app.acme.jobId, name: "X" }, { authorization: `Basic ${app.acme.apiKey}` }),
    ];
    for (const res of bodies) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { code: "unauthorized", message: "API key is missing or invalid" } });
    }
    const doomed = await createTestCompany();
    const keyRow = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: doomed.id } });
    expect((await apiClient(app.url, doomed).get(`/jobs/${doomed.jobId}`)).status).toBe(200);
    await revokeApiKey(systemContext(getPrisma(), doomed.id), keyRow.id);
    expect((await apiClient(app.url, doomed).get(`/jobs/${doomed.jobId}`)).status).toBe(401);
  });

  it("carries a request-id header on success and error responses", async () => {
    const ok = await app.api.get(`/jobs/${app.acme.jobId}`);
    const bad = await apiClient(app.url, null).get(`/jobs/${app.acme.jobId}`);
    const unknown = await app.api.get("/no/such/route");
    for (const res of [ok, bad, unknown]) expect(res.headers.get("request-id")).toMatch(/^req_[A-Za-z0-9_-]{16}$/);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
  });
});

describe("duplicate detection", () => {
  it("409 conflict for the same e-mail in one job (case-insensitive), naming the existing candidate", async () => {
    const address = email();
    const first = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "First", email: address });
    expect(first.status).toBe(201);
    const second = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Second", email: address.toUpperCase() });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("conflict");
    expect(second.body.error.message).toContain(String(first.body.data.id));
  });

  it("allows the same e-mail in another job", async () => {
    const address = email();
    const otherJob = await addJob(app.acme);
    expect((await app.api.post("/candidates", { job_id: app.acme.jobId, name: "A", email: address })).status).toBe(201);
    expect((await app.api.post("/candidates", { job_id: otherJob, name: "B", email: address })).status).toBe(201);
  });

  it("holds under 25 concurrent creates: exactly one 201 and 24 × 409", async () => {
    const address = email();
    const jobId = await addJob(app.acme);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => app.api.post("/candidates", { job_id: jobId, name: `Racer ${i}`, email: address })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    const winner = results.find((r) => r.status === 201)!.body.data.id;
    for (const loser of results.filter((r) => r.status === 409)) expect(loser.body.error.message).toContain(String(winner));
    expect(await getPrisma().candidate.count({ where: { jobId } })).toBe(1);
  });
});

describe("POST without a body", () => {
  it("needs no content type when the body is empty, and still validates the input", async () => {
    const response = await fetch(`${app.url}/api/v1/candidates`, { method: "POST", headers: { authorization: `Bearer ${app.acme.apiKey}` } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe("validation_error");
    expect(body.error.details.map((d: { field: string }) => d.field)).toContain("job_id");
  });
});
