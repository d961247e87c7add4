import { randomBytes } from "node:crypto";
import { appRouter, createCallerFactory, createCandidate, createUser, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { eraseExpiredCandidates } from "@hireflow/worker";
import { describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { postMultipart } from "../helpers/multipart.ts";

/**
 * Settings → Privacy: the retention rule (erase candidates N months after their last activity, run
 * by a daily schedule through the erasure path) and the careers form's privacy-policy consent.
 * Real PostgreSQL; applications over real HTTP (route modules, or the build in test:build).
 */
const app = useApiApp();
const MONTH = 31 * 24 * 60 * 60 * 1000;

const owners = new Map<number, string>();

/** tRPC as a signed-in owner of the company (a real user: audit entries name them). */
async function settingsCaller(companyId: number) {
  if (!owners.has(companyId)) {
    const user = await createUser(getPrisma(), { companyId, email: `owner-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery" });
    owners.set(companyId, user.id);
  }
  return createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal: { kind: "user", companyId, userId: owners.get(companyId)!, role: "owner" } });
}

/** A candidate whose row and activities last changed `monthsAgo` months ago (and a note `noteMonthsAgo` ago, if given). */
async function seeded(co: TestCompany, stage: "applied" | "hired" | "rejected", monthsAgo: number, noteMonthsAgo?: number): Promise<number> {
  const svc = systemContext(getPrisma(), co.id);
  const candidate = await createCandidate(svc, { job_id: co.jobId, name: `Seed ${stage} ${monthsAgo}`, email: `${randomBytes(4).toString("hex")}@example.com`, stage }, { source: "public_api" });
  const at = new Date(Date.now() - monthsAgo * MONTH);
  await getPrisma().$executeRaw`UPDATE candidates SET created_at = ${at}, updated_at = ${at} WHERE id = ${candidate.id}`;
  await getPrisma().$executeRaw`UPDATE candidate_activities SET created_at = ${at} WHERE candidate_id = ${candidate.id}`;
  if (noteMonthsAgo !== undefined) {
    await getPrisma().candidateActivity.create({
      data: { companyId: co.id, candidateId: candidate.id, type: "note_added", note: "still talking", addedBy: "api", createdAt: new Date(Date.now() - noteMonthsAgo * MONTH) },
    });
  }
  return candidate.id;
}

const exists = async (id: number) => (await getPrisma().candidate.count({ where: { id } })) === 1;

describe("retention", () => {
  it("is off by default; once set, the schedule erases exactly the eligible candidates of that company, through the erasure path", async () => {
    const acme = await createTestCompany();
    const other = await createTestCompany();
    const settings = await settingsCaller(acme.id);
    expect(await settings.privacy.get()).toEqual({ retention_months: null, retention_scope: "rejected", privacy_policy_url: null, allowed_origins: [], eligible_now: 0 });

    const oldRejected = await seeded(acme, "rejected", 8);
    const oldRejectedRecentNote = await seeded(acme, "rejected", 8, 1);
    const recentRejected = await seeded(acme, "rejected", 2);
    const oldApplied = await seeded(acme, "applied", 8);
    const oldHired = await seeded(acme, "hired", 8);
    const otherCompanyOldRejected = await seeded(other, "rejected", 8);

    // Nothing happens while the rule is off.
    expect(await eraseExpiredCandidates()).toBe(0);
    expect(await settings.privacy.previewRetention({ retention_months: 6, retention_scope: "rejected" })).toEqual({ eligible_now: 1 });
    expect(await settings.privacy.previewRetention({ retention_months: 6, retention_scope: "not_hired" })).toEqual({ eligible_now: 2 });

    const saved = await settings.privacy.update({ retention_months: 6, retention_scope: "rejected" });
    expect(saved).toMatchObject({ retention_months: 6, retention_scope: "rejected", eligible_now: 1 });
    await eraseExpiredCandidates();
    expect([await exists(oldRejected), await exists(oldRejectedRecentNote), await exists(recentRejected), await exists(oldApplied), await exists(oldHired), await exists(otherCompanyOldRejected)]).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    const deletedEvent = await getPrisma().event.findFirst({ where: { companyId: acme.id, type: "candidate.deleted" } });
    expect(deletedEvent?.payload).toMatchObject({ candidate: { id: oldRejected } });

    await settings.privacy.update({ retention_scope: "not_hired" });
    expect((await settings.privacy.get()).eligible_now).toBe(1);
    await eraseExpiredCandidates();
    expect([await exists(oldApplied), await exists(oldHired), await exists(recentRejected), await exists(otherCompanyOldRejected)]).toEqual([false, true, true, true]);
    expect((await settings.privacy.get()).eligible_now).toBe(0);

    await settings.privacy.update({ retention_months: null });
    expect(await settings.privacy.get()).toMatchObject({ retention_months: null, eligible_now: 0 });
  });

  it("refuses a rule out of range and API keys", async () => {
    const acme = await createTestCompany();
    await expect((await settingsCaller(acme.id)).privacy.update({ retention_months: 0 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect((await settingsCaller(acme.id)).privacy.update({ privacy_policy_url: "javascript:alert(1)" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const withKey = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "t", principal: { kind: "api", companyId: acme.id, apiKeyId: 1, rateLimit: null, scopes: [] } });
    await expect(withKey.privacy.get()).rejects.toMatchObject({ cause: { code: "forbidden" } });
  });
});

describe("privacy-policy consent on the careers form", () => {
  const ip = () => `10.${[...randomBytes(3)].join(".")}`;
  const applyJson = (jobId: number, body: Record<string, unknown>) =>
    fetch(`${app.url}/api/public/jobs/${jobId}/applications`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip() }, body: JSON.stringify(body) });

  it("is not asked without a policy; with one it is required (400, nothing stored) and its time is kept", async () => {
    const co = await createTestCompany();
    const free = await applyJson(co.jobId, { name: "No Policy", email: "free@example.com" });
    expect(free.status).toBe(201);
    expect((await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email: "free@example.com" } })).privacyConsentAt).toBeNull();

    await (await settingsCaller(co.id)).privacy.update({ privacy_policy_url: "https://example.com/privacy" });
    const refused = await applyJson(co.jobId, { name: "No Consent", email: "refused@example.com" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "validation_error", details: [{ field: "privacy_consent", message: "Please agree to the privacy policy" }] } });
    const declined = await applyJson(co.jobId, { name: "Declined", email: "declined@example.com", privacy_consent: false });
    expect(declined.status).toBe(400);
    expect(await getPrisma().candidate.count({ where: { companyId: co.id, email: { in: ["refused@example.com", "declined@example.com"] } } })).toBe(0);

    const before = Date.now();
    expect((await applyJson(co.jobId, { name: "Consents", email: "json@example.com", privacy_consent: true })).status).toBe(201);
    const form = await postMultipart(app.url, null, { name: "Form", email: "form@example.com", privacy_consent: "on" }, { path: `/api/public/jobs/${co.jobId}/applications`, headers: { "x-forwarded-for": ip() } });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    for (const email of ["json@example.com", "form@example.com"]) {
      const row = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email } });
      expect(row.privacyConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const exported = await fetch(`${app.url}/api/v1/candidates/${(await getPrisma().candidate.findFirstOrThrow({ where: { companyId: co.id, email: "form@example.com" } })).id}/export`, { headers: co.headers });
    expect((await exported.json()).data.application.privacy_consent_at).toEqual(expect.any(String));
  });
});

describe("applications from the company's own website (allowed_origins, CORS)", () => {
  const SITE = "https://www.example.com";
  const ip = () => `10.${randomBytes(3).join(".")}`;
  const preflight = (jobId: number, origin: string) =>
    fetch(`${app.url}/api/public/jobs/${jobId}/applications`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
  const post = (jobId: number, origin: string, body: unknown) =>
    fetch(`${app.url}/api/public/jobs/${jobId}/applications`, {
      method: "POST",
      headers: { origin, "content-type": "application/json", "x-forwarded-for": ip() },
      body: JSON.stringify(body),
    });

  it("stores the sites as browsers send them and refuses anything that is not a bare origin", async () => {
    const acme = await createTestCompany();
    const settings = await settingsCaller(acme.id);
    const saved = await settings.privacy.update({ allowed_origins: ["https://WWW.Example.com/", "http://localhost:8080", "https://www.example.com"] });
    expect(saved.allowed_origins).toEqual([SITE, "http://localhost:8080"]);
    for (const bad of ["https://www.example.com/careers", "ftp://example.com", "javascript:alert(1)", "example.com/careers", "https://example.com?x=1", "*", "two words"]) {
      await expect(settings.privacy.update({ allowed_origins: [bad] }), bad).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    expect((await settings.privacy.get()).allowed_origins).toEqual([SITE, "http://localhost:8080"]);
    // A bare host is the site over https (#43 §16), stored as the origin browsers send.
    const bare = await settings.privacy.update({ allowed_origins: ["careers.acme.example", "WWW.Example.com/", "localhost:8080"] });
    expect(bare.allowed_origins).toEqual(["https://careers.acme.example", SITE, "https://localhost:8080"]);
  });

  it("answers the preflight and the post with the origin for a listed site only, and never for another company's job", async () => {
    const acme = await createTestCompany();
    const other = await createTestCompany();
    await (await settingsCaller(acme.id)).privacy.update({ allowed_origins: [SITE] });

    const allowed = await preflight(acme.jobId, SITE);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(SITE);
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("content-type");
    expect(allowed.headers.get("vary")).toMatch(/origin/i);
    for (const [jobId, origin] of [
      [acme.jobId, "https://evil.example"],
      [acme.jobId, "https://www.example.com.evil.example"],
      [other.jobId, SITE],
      [999_999_999, SITE],
    ] as const) {
      const res = await preflight(jobId, origin);
      expect(res.status, `${jobId} ${origin}`).toBe(204);
      expect(res.headers.get("access-control-allow-origin"), `${jobId} ${origin}`).toBeNull();
    }

    const accepted = await post(acme.jobId, SITE, { name: "Cross Origin", email: "cross@example.com" });
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get("access-control-allow-origin")).toBe(SITE);
    // The site's page can read a refusal too, to show it next to the field.
    const refused = await post(acme.jobId, SITE, { name: "No Email" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("access-control-allow-origin")).toBe(SITE);
    expect((await refused.json()).error.code).toBe("validation_error");
    // Another site gets no CORS headers (its page cannot read the answer).
    const foreign = await post(other.jobId, SITE, { name: "Elsewhere", email: "elsewhere@example.com" });
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
  });
});
