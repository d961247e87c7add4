import { randomBytes } from "node:crypto";
import { exportCandidate, loadScreeningSubject, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";

/**
 * Voluntary self-identification (issue 25 §1) over real HTTP: accepted by the careers form (JSON and
 * multipart) and POST /candidates, refused with a 400 naming the field when a code is unknown, stored
 * in its own table only, and never seen again for one person except in their own export.
 */
const app = useApiApp({ screening: { mode: "score", criteria: [{ type: "skill", value: "Python" }] } });
const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;
const marker = () => randomBytes(4).toString("hex");

function applyJson(jobId: number, body: unknown) {
  return fetch(`${app.url}/api/public/jobs/${jobId}/applications`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
}

const applyMultipart = (jobId: number, fields: Record<string, string>) =>
  postMultipart(app.url, null, fields, { path: `/api/public/jobs/${jobId}/applications`, headers: { "x-forwarded-for": randomIp() } });

const selfIdOf = (candidateId: number) =>
  getPrisma().candidateSelfIdentification.findUnique({ where: { candidateId }, select: { companyId: true, sex: true, raceEthnicity: true } });

/** Any trace of the self-identification in a JSON document: its keys or a reported code. */
function leaks(value: unknown): string[] {
  const text = JSON.stringify(value);
  return ["self_id", "race_ethnicity", "raceEthnicity", "selfIdentification", "american_indian_alaska_native", "hispanic_latino"].filter((needle) => text.includes(needle));
}

describe("self_id on POST /api/public/jobs/{id}/applications", () => {
  it("stores the answers of a JSON application in their own table, scoped to the company", async () => {
    const email = `ana.${marker()}@example.com`;
    const res = await applyJson(app.acme.jobId, { name: "Ana Díaz", email, self_id: { sex: "female", race_ethnicity: "hispanic_latino" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email } });
    expect(await selfIdOf(candidate.id)).toEqual({ companyId: app.acme.id, sex: "female", raceEthnicity: "hispanic_latino" });
  });

  it("stores the answers of a multipart application (self_id.sex and self_id[race_ethnicity])", async () => {
    const email = `bo.${marker()}@example.com`;
    const res = await applyMultipart(app.acme.jobId, { name: "Bo Chen", email, "self_id.sex": "male", "self_id[race_ethnicity]": "asian" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email } });
    expect(await selfIdOf(candidate.id)).toEqual({ companyId: app.acme.id, sex: "male", raceEthnicity: "asian" });
  });

  it("keeps decline as an answer, and stores nothing when neither question is answered", async () => {
    const declined = `d.${marker()}@example.com`;
    const blank = `b.${marker()}@example.com`;
    expect((await applyJson(app.acme.jobId, { name: "Dee", email: declined, self_id: { sex: "decline" } })).status).toBe(201);
    expect((await applyMultipart(app.acme.jobId, { name: "Bee", email: blank, "self_id.sex": "", "self_id.race_ethnicity": "" })).status).toBe(201);
    const [d, b] = await Promise.all([declined, blank].map((email) => getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email } })));
    expect(await selfIdOf(d!.id)).toEqual({ companyId: app.acme.id, sex: "decline", raceEthnicity: null });
    expect(await selfIdOf(b!.id)).toBeNull();
  });

  it("answers an unknown code with a 400 naming the field, and creates nobody", async () => {
    const before = await getPrisma().candidate.count({ where: { companyId: app.acme.id } });
    const json = await applyJson(app.acme.jobId, { name: "X", email: `x.${marker()}@example.com`, self_id: { sex: "unknown", race_ethnicity: "white" } });
    expect(json.status).toBe(400);
    expect(json.body.error.code).toBe("validation_error");
    expect(json.body.error.details).toEqual([{ field: "self_id.sex", message: expect.stringContaining("female, male, decline") }]);
    const multipart = await applyMultipart(app.acme.jobId, { name: "Y", email: `y.${marker()}@example.com`, "self_id[race_ethnicity]": "martian" });
    expect(multipart.status).toBe(400);
    expect(multipart.body.error.details).toEqual([{ field: "self_id.race_ethnicity", message: expect.stringContaining("hispanic_latino") }]);
    const extra = await applyJson(app.acme.jobId, { name: "Z", email: `z.${marker()}@example.com`, self_id: { age: "40" } });
    expect(extra.status).toBe(400);
    expect(extra.body.error.details).toEqual([{ field: "self_id.age", message: "Unknown field" }]);
    const notObject = await applyJson(app.acme.jobId, { name: "W", email: `w.${marker()}@example.com`, self_id: "female" });
    expect(notObject.status).toBe(400);
    expect(notObject.body.error.details[0].field).toBe("self_id");
    expect(await getPrisma().candidate.count({ where: { companyId: app.acme.id } })).toBe(before);
  });
});

describe("self_id on POST /api/v1/candidates", () => {
  it("stores it (JSON and multipart) and answers without it", async () => {
    const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Kai Roe", email: `kai.${marker()}@example.com`, self_id: { race_ethnicity: "american_indian_alaska_native" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(leaks(created.body)).toEqual([]);
    expect(await selfIdOf(created.body.data.id)).toEqual({ companyId: app.acme.id, sex: null, raceEthnicity: "american_indian_alaska_native" });

    const form = await postMultipart(app.url, app.acme.apiKey, { job_id: String(app.acme.jobId), name: "Lu Fry", email: `lu.${marker()}@example.com`, "self_id.sex": "female" });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    expect(await selfIdOf(form.body.data.id)).toEqual({ companyId: app.acme.id, sex: "female", raceEthnicity: null });
  });

  it("answers an unknown code with a 400 naming the field", async () => {
    const bad = await app.api.post("/candidates", { job_id: app.acme.jobId, name: "Mo", email: `mo.${marker()}@example.com`, self_id: { race_ethnicity: "caucasian" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([{ field: "self_id.race_ethnicity", message: expect.stringContaining("two_or_more") }]);
    const form = await postMultipart(app.url, app.acme.apiKey, { job_id: String(app.acme.jobId), name: "No", "self_id.sex": "f" });
    expect(form.status).toBe(400);
    expect(form.body.error.details).toEqual([{ field: "self_id.sex", message: expect.stringContaining("female") }]);
  });
});

describe("where self-identification never appears", () => {
  it("is absent from GET candidate, the list, search, the stored events and the screening input; present in the export; gone after erasure", async () => {
    const name = `Quinn Vale${marker()}`;
    const email = `quinn.${marker()}@example.com`;
    expect((await applyJson(app.acme.jobId, { name, email, self_id: { sex: "female", race_ethnicity: "american_indian_alaska_native" } })).status).toBe(201);
    const created = await app.api.post("/candidates", { job_id: app.acme.jobId, name: `${name} API`, email: `api.${email}`, self_id: { sex: "male", race_ethnicity: "hispanic_latino" } });
    expect(created.status).toBe(201);
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email } });
    expect(await selfIdOf(candidate.id)).not.toBeNull();

    const one = await app.api.get(`/candidates/${candidate.id}`);
    expect(one.status).toBe(200);
    expect(leaks(one.body)).toEqual([]);
    const list = await app.api.get(`/candidates?job_id=${app.acme.jobId}&limit=100`);
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(candidate.id);
    expect(leaks(list.body)).toEqual([]);
    const search = await app.api.get(`/candidates?q=${encodeURIComponent(name)}`);
    expect(search.body.data.map((c: { id: number }) => c.id)).toContain(candidate.id);
    expect(leaks(search.body)).toEqual([]);
    // Searching for a code finds nobody: the answers are not in the search vector.
    expect((await app.api.get(`/candidates?q=american_indian_alaska_native`)).body.data).toEqual([]);

    const events = await getPrisma().event.findMany({ where: { companyId: app.acme.id } });
    expect(events.length).toBeGreaterThan(0);
    expect(events.some((event) => JSON.stringify(event.payload).includes(String(candidate.id)))).toBe(true);
    expect(leaks(events.map((event) => event.payload))).toEqual([]);
    const subject = await loadScreeningSubject(systemContext(getPrisma(), app.acme.id), candidate.id);
    expect(subject).not.toBeNull();
    expect(leaks(subject)).toEqual([]);

    const exported = await app.api.get(`/candidates/${candidate.id}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.data.self_identification).toEqual({ sex: "female", race_ethnicity: "american_indian_alaska_native", created_at: expect.any(String) });
    const without = await exportCandidate(systemContext(getPrisma(), app.acme.id), created.body.data.id);
    expect(without.self_identification).toMatchObject({ sex: "male", race_ethnicity: "hispanic_latino" });

    expect((await app.api.call("DELETE", `/candidates/${candidate.id}`)).status).toBe(204);
    expect(await selfIdOf(candidate.id)).toBeNull();
    expect(await getPrisma().candidateSelfIdentification.count({ where: { candidateId: created.body.data.id } })).toBe(1);
  });

  it("is not readable by another company's key", async () => {
    const other = await createTestCompany();
    const email = `t.${marker()}@example.com`;
    expect((await applyJson(app.acme.jobId, { name: "Tess", email, self_id: { sex: "female" } })).status).toBe(201);
    const candidate = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, email } });
    const foreign = apiClient(app.url, other);
    expect((await foreign.get(`/candidates/${candidate.id}/export`)).status).toBe(404);
    expect((await foreign.call("DELETE", `/candidates/${candidate.id}`)).status).toBe(404);
    expect(await selfIdOf(candidate.id)).not.toBeNull();
  });
});
