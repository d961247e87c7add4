import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { PDFParse } from "pdf-parse";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * Offers over real HTTP against the production build (issue 41 §1–2): money and dates validated with
 * the field named, one open offer per candidate, another company's ids 404, the letter downloaded from
 * its signed URL as a real PDF, and the candidate's public answer — 404 for an unknown link, 410 for a
 * superseded one, 409 for a second answer, and the envelope for bad bodies. The rules themselves
 * (chains, versions, expiry at the boundary, roles, erasure) are in packages/core/test/offer.
 */
const app = useApiApp();
const unique = () => randomBytes(4).toString("hex");
const terms = { start_date: "2030-03-01", salary: { amount: 85000, currency: "EUR", period: "year" } };

interface Company {
  co: TestCompany;
  api: ApiClient;
}

async function company(): Promise<Company> {
  const co = await createTestCompany();
  return { co, api: apiClient(app.url, co) };
}

async function candidate(c: Company, name = "Ada Lovelace"): Promise<number> {
  const res = await c.api.post("/candidates", { job_id: c.co.jobId, name, email: `ada-${unique()}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** Drafts, approves (the company has no chain: approved at once) and sends; returns the offer and the candidate's link token. */
async function sent(c: Company, name = "Ada Lovelace"): Promise<{ id: number; candidateId: number; token: string }> {
  const candidateId = await candidate(c, name);
  const created = await c.api.post("/offers", { candidate_id: candidateId, ...terms });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await c.api.post(`/offers/${created.body.data.id}/request_approval`)).body.data.status).toBe("approved");
  const res = await c.api.post(`/offers/${created.body.data.id}/send`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: created.body.data.id, candidateId, token: await tokenOf(candidateId) };
}

async function tokenOf(candidateId: number): Promise<string> {
  const mail = await getPrisma().emailMessage.findFirstOrThrow({ where: { candidateId, subject: { startsWith: "Your offer" } }, orderBy: { id: "desc" } });
  return /\/offers\/([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1]!;
}

/** The public routes: no key, JSON bodies. */
async function publicCall(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/api/public/offers/${path}`, {
    method,
    headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}

let A: Company;
let B: Company;
beforeAll(async () => {
  [A, B] = await Promise.all([company(), company()]);
});

describe("POST /api/v1/offers", () => {
  it.each([
    ["an unknown currency", { salary: { ...terms.salary, currency: "XYZ" } }, "salary.currency"],
    ["a lower-case currency", { salary: { ...terms.salary, currency: "eur" } }, "salary.currency"],
    ["a negative amount", { salary: { ...terms.salary, amount: -1 } }, "salary.amount"],
    ["a fractional amount", { salary: { ...terms.salary, amount: 85000.5 } }, "salary.amount"],
    ["an amount as text", { salary: { ...terms.salary, amount: "85000" } }, "salary.amount"],
    ["an unknown period", { salary: { ...terms.salary, period: "week" } }, "salary.period"],
    ["a start date that does not exist", { start_date: "2030-02-30" }, "start_date"],
    ["a start date that is not a date", { start_date: "next monday" }, "start_date"],
    ["an expiry in the past", { expires_at: "2020-01-01T00:00:00Z" }, "expires_at"],
    ["an unknown field", { salary_amount: 1 }, ""],
  ])("refuses %s with 400 naming the field", async (_name, change, field) => {
    const res = await A.api.post("/offers", { candidate_id: await candidate(A), ...terms, ...change });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    if (field) expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("creates a draft (201) with the job's title; a second open offer is a 409; another company's candidate is a 404", async () => {
    const candidateId = await candidate(A);
    const res = await A.api.post("/offers", { candidate_id: candidateId, ...terms, bonus: { amount: 5000, currency: "EUR" }, notes: "internal" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: "draft", version: 1, job_id: A.co.jobId, job_title: "Software Engineer", notes: "internal", versions: [{ number: 1, status: "current" }] });
    const again = await A.api.post("/offers", { candidate_id: candidateId, ...terms });
    expect([again.status, again.body.error.code]).toEqual([409, "conflict"]);
    const foreign = await B.api.post("/offers", { candidate_id: candidateId, ...terms });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "not_found"]);
    expect((await B.api.get(`/offers/${res.body.data.id}`)).status).toBe(404);
    expect((await B.api.patch(`/offers/${res.body.data.id}`, { notes: "theirs" })).status).toBe(404);
    expect((await A.api.get(`/offers/${res.body.data.id}`)).body.data.notes).toBe("internal");
  });
});

describe("the letter and the candidate's answer", () => {
  it("sends a real PDF behind letter_url; the public view has no notes; accepting signs it and a second answer is 409", async () => {
    const offer = await sent(A, "Łucja Żółć");
    const detail = (await A.api.get(`/offers/${offer.id}`)).body.data;
    const letterUrl = new URL(detail.letter_url as string);
    const pdf = await fetch(`${app.url}${letterUrl.pathname}${letterUrl.search}`);
    expect([pdf.status, pdf.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    const parser = new PDFParse({ data: new Uint8Array(await pdf.arrayBuffer()) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain("Łucja Żółć");
    expect(text).toContain("EUR 85,000 per year");

    const view = await publicCall("GET", offer.token);
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("no-store");
    expect(view.body.data).toMatchObject({ id: offer.id, status: "sent", answerable: true, company: { name: expect.any(String) } });
    expect(view.body.data).not.toHaveProperty("notes");
    expect(view.body.data).not.toHaveProperty("approval_steps");

    const unsigned = await publicCall("POST", `${offer.token}/accept`, {});
    expect([unsigned.status, unsigned.body.error.details[0].field]).toEqual([400, "signature_name"]);
    const accepted = await publicCall("POST", `${offer.token}/accept`, { signature_name: "Łucja Żółć" }, { "user-agent": "Phone/1.0" });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: "accepted", signature: { name: "Łucja Żółć" } });
    expect((await publicCall("POST", `${offer.token}/accept`, { signature_name: "Again" })).status).toBe(409);
    expect((await publicCall("POST", `${offer.token}/decline`, {})).status).toBe(409);
    const candidate = (await A.api.get(`/candidates/${offer.candidateId}`)).body.data;
    expect(candidate.stage_type).toBe("hired");
    const signed = (await A.api.get(`/offers/${offer.id}`)).body.data;
    const copy = new URL(signed.signed_copy_url as string);
    expect((await fetch(`${app.url}${copy.pathname}${copy.search}`)).headers.get("content-type")).toBe("application/pdf");
  });

  it("a superseded link is 410, an unknown one 404, and bad bodies get the envelope", async () => {
    const offer = await sent(A);
    expect((await A.api.patch(`/offers/${offer.id}`, { salary: { ...terms.salary, amount: 90000 } })).body.data).toMatchObject({ status: "draft", version: 2 });
    for (const res of [await publicCall("GET", offer.token), await publicCall("POST", `${offer.token}/accept`, { signature_name: "Ada Lovelace" })]) {
      expect([res.status, res.body.error.code]).toEqual([410, "gone"]);
    }
    for (const token of ["A".repeat(43), "short"]) {
      const res = await publicCall("GET", token);
      expect([res.status, res.body?.error?.code], token).toEqual([404, "not_found"]);
    }
    const fresh = await sent(A);
    expect((await publicCall("POST", `${fresh.token}/accept`, "not json")).status).toBe(400);
    expect((await publicCall("POST", `${fresh.token}/decline`, { reason: "x".repeat(2_001) })).status).toBe(400);
    const huge = await publicCall("POST", `${fresh.token}/decline`, { reason: "x".repeat(1_100_000) });
    expect([huge.status, huge.body?.error?.code]).toEqual([413, "payload_too_large"]);
    expect((await publicCall("POST", `${fresh.token}/decline`, { reason: "Counter-offer" })).body.data).toMatchObject({ status: "declined", decline_reason: "Counter-offer" });
  });
});
