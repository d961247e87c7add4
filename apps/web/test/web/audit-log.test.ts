import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { AUDIT_ACTIONS, appRouter, createCallerFactory, createCandidate, createUser, eraseCandidate, saveScreeningOutcome, systemContext, type UserRole } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { type AuditLogEntry, getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as auditCsvRoute from "@/app/api/audit-log.csv/route";
import * as acceptRoute from "@/app/api/auth/accept-invitation/route";
import * as signInRoute from "@/app/api/auth/sign-in/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import * as restRoute from "@/app/api/v1/[[...path]]/route";
import * as oauthTokenRoute from "@/app/api/oauth/token/route";
import * as consentDecisionRoute from "@/app/oauth/authorize/decision/route";
import { apiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { authorizationRequest, decide } from "../helpers/oauth.ts";
import { serve } from "../helpers/server.ts";

/**
 * The audit log (docs/WEB-APP.md "Audit log"): each recorded action, done the way a person or an
 * integration does it — over HTTP through the real routes — lands with its actor, the client's IP
 * and its target; the list filters and pages; the CSV is for admins and safe in a spreadsheet; and
 * entries cannot be changed (a trigger, and no code path).
 */
const PASSWORD = "correct horse battery staple";
const IP = "198.51.100.23";
const XFF = { "x-forwarded-for": `10.9.8.7, ${IP}` };

type Handler = (req: Request) => Promise<Response>;
let app: { url: string; close: () => Promise<void> };
let co: TestCompany;
let owner: { id: string; email: string };
let ownerSession: { cookie: string; csrf: string };

beforeAll(async () => {
  co = await createTestCompany();
  owner = await member("owner");
  ownerSession = await sessionOf(owner.id);
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    const routes: [RegExp, Record<string, unknown>][] = [
      [/^\/api\/auth\/sign-in$/, signInRoute],
      [/^\/api\/auth\/accept-invitation$/, acceptRoute],
      [/^\/api\/audit-log\.csv$/, auditCsvRoute],
      [/^\/api\/trpc\//, trpcRoute],
      [/^\/api\/v1(\/.*)?$/, restRoute],
      [/^\/api\/oauth\/token$/, oauthTokenRoute],
      [/^\/oauth\/authorize\/decision$/, consentDecisionRoute],
    ];
    const route = routes.find(([pattern]) => pattern.test(pathname));
    const handler = route?.[1][req.method] as Handler | undefined;
    return handler ? handler(req) : new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

const unique = () => randomBytes(4).toString("hex");

function member(role: UserRole, companyId = co?.id) {
  return createUser(getPrisma(), { companyId, email: `${role}-${unique()}@example.com`, password: PASSWORD, name: `A ${role}`, role });
}

async function sessionOf(userId: string) {
  const { token, csrfToken } = await createSession(getPrisma(), userId);
  return { cookie: `${SESSION_COOKIE}=${token}`, csrf: csrfToken };
}

/** A tRPC call over HTTP as the session, from the client IP `IP` (behind one proxy). */
async function trpc(procedure: string, input: unknown, session = ownerSession, mutation = true) {
  const headers = { cookie: session.cookie, ...XFF };
  const res = mutation
    ? await fetch(`${app.url}/api/trpc/${procedure}`, { method: "POST", headers: { ...headers, "x-csrf-token": session.csrf, "content-type": "application/json" }, body: JSON.stringify(input) })
    : await fetch(`${app.url}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`${procedure} → ${res.status} ${JSON.stringify(body)}`);
  return body.result.data;
}

async function entriesOf(action: string, companyId = co.id): Promise<AuditLogEntry[]> {
  return getPrisma().auditLogEntry.findMany({ where: { companyId, action }, orderBy: { id: "asc" } });
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const byUser = (user: { id: string; email: string }) => ({ actorType: "user", actorUserId: user.id, actorApiKeyId: null, actorLabel: user.email, ip: IP });

describe("every recorded action lands with actor, IP and target", () => {
  const seen = new Set<string>();
  const last = async (action: string) => {
    const rows = await entriesOf(action);
    expect(rows.length, `no ${action} entry`).toBeGreaterThan(0);
    seen.add(action);
    return rows.at(-1)!;
  };

  it("sign-ins: success as the user, failure of an existing account as nobody (never the password), none for an unknown e-mail", async () => {
    const user = await member("recruiter");
    const signIn = (email: string, password: string) =>
      fetch(`${app.url}/api/auth/sign-in`, { method: "POST", headers: { "content-type": "application/json", ...XFF }, body: JSON.stringify({ email, password }) });
    expect((await signIn(user.email.toUpperCase(), PASSWORD)).status).toBe(200);
    expect(await last("auth.signed_in")).toMatchObject({ ...byUser(user), targetType: "user", targetId: user.id, targetLabel: user.email });

    expect((await signIn(user.email, "not the password")).status).toBe(401);
    // Written off the request path (the answer must not be slower than for an unknown e-mail).
    const failed = await eventually(async () => (await entriesOf("auth.sign_in_failed")).find((e) => e.targetId === user.id));
    seen.add("auth.sign_in_failed");
    expect(failed).toMatchObject({ actorType: "anonymous", actorUserId: null, actorLabel: user.email, ip: IP, targetType: "user", targetLabel: user.email });
    expect(JSON.stringify(failed)).not.toContain("not the password");

    const nobody = `nobody-${unique()}@example.com`;
    expect((await signIn(nobody, "whatever")).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await getPrisma().auditLogEntry.count({ where: { actorLabel: nobody } })).toBe(0);
  });

  it("the team: invited, invitation revoked, joined, role changed, removed", async () => {
    const invited = (await trpc("team.invite", { role: "recruiter", email: `new-${unique()}@example.com` })).data;
    expect(await last("member.invited")).toMatchObject({ ...byUser(owner), targetType: "invitation", targetId: String(invited.invitation.id), targetLabel: invited.invitation.email, data: { role: "recruiter", email: invited.invitation.email } });
    expect(JSON.stringify(await entriesOf("member.invited"))).not.toContain(invited.token);

    const revoked = (await trpc("team.invite", { role: "admin" })).data;
    await trpc("team.revokeInvitation", { id: revoked.invitation.id });
    expect(await last("member.invitation_revoked")).toMatchObject({ ...byUser(owner), targetType: "invitation", targetId: String(revoked.invitation.id), targetLabel: "link without e-mail" });

    const accepted = await fetch(`${app.url}/api/auth/accept-invitation`, {
      method: "POST",
      headers: { "content-type": "application/json", ...XFF },
      body: JSON.stringify({ token: invited.token, name: "New Member", password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    const joinedUser = await getPrisma().user.findUniqueOrThrow({ where: { email: invited.invitation.email } });
    expect(await last("member.joined")).toMatchObject({ ...byUser(joinedUser), targetType: "user", targetId: joinedUser.id, data: { role: "recruiter", invitation_id: invited.invitation.id } });

    await trpc("team.changeRole", { user_id: joinedUser.id, role: "admin" });
    expect(await last("member.role_changed")).toMatchObject({ ...byUser(owner), targetType: "user", targetId: joinedUser.id, targetLabel: joinedUser.email, data: { from: "recruiter", to: "admin" } });

    await trpc("team.removeMember", { user_id: joinedUser.id });
    expect(await last("member.removed")).toMatchObject({ ...byUser(owner), targetType: "user", targetId: joinedUser.id, targetLabel: joinedUser.email });
    // The history outlives the member: their own entries keep their id and e-mail.
    expect((await entriesOf("member.joined")).at(-1)).toMatchObject({ actorUserId: joinedUser.id, actorLabel: joinedUser.email });
  });

  it("API keys: created and revoked in Settings (the admin CLI: packages/admin/test/cli.test.ts)", async () => {
    const created = (await trpc("apiKeys.create", { name: "Sync", scopes: ["jobs:read"] })).data;
    expect(await last("api_key.created")).toMatchObject({ ...byUser(owner), targetType: "api_key", targetId: String(created.key.id), targetLabel: `Sync (${created.key.prefix}…)`, data: { scopes: ["jobs:read"] } });
    expect(JSON.stringify(await entriesOf("api_key.created"))).not.toContain(created.secret);
    await trpc("apiKeys.revoke", { id: created.key.id });
    await trpc("apiKeys.revoke", { id: created.key.id });
    expect((await entriesOf("api_key.revoked")).filter((e) => e.targetId === String(created.key.id))).toHaveLength(1);
    expect(await last("api_key.revoked")).toMatchObject({ ...byUser(owner), targetId: String(created.key.id) });
  });

  it("webhook endpoints over the REST API: the API key is the actor", async () => {
    const api = apiClient(app.url, co);
    const key = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: co.id, name: "tests" } });
    const byKey = { actorType: "api_key", actorUserId: null, actorApiKeyId: key.id, actorLabel: `tests (${key.prefix}…)`, ip: IP };
    const url = `http://127.0.0.1:9/hook-${unique()}`;
    const created = await api.post("/webhook_endpoints", { url, events: ["candidate.applied"] }, XFF);
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    const target = { targetType: "webhook_endpoint", targetId: String(id), targetLabel: url };
    expect(await last("webhook_endpoint.created")).toMatchObject({ ...byKey, ...target, data: { events: ["candidate.applied"] } });

    expect((await api.patch(`/webhook_endpoints/${id}`, { enabled: false, events: [] }, XFF)).status).toBe(200);
    expect(await last("webhook_endpoint.updated")).toMatchObject({ ...byKey, ...target, data: { enabled: { from: true, to: false }, events: { from: ["candidate.applied"], to: [] } } });
    expect((await api.post(`/webhook_endpoints/${id}/rotate_secret`, { expire_previous_in_seconds: 0 }, XFF)).status).toBe(200);
    const rotated = await last("webhook_endpoint.secret_rotated");
    expect(rotated).toMatchObject({ ...byKey, ...target, data: { expire_previous_in_seconds: 0 } });
    expect(JSON.stringify(rotated)).not.toContain("whsec_");
    expect((await api.call("DELETE", `/webhook_endpoints/${id}`, undefined, XFF)).status).toBe(200);
    expect(await last("webhook_endpoint.deleted")).toMatchObject({ ...byKey, ...target });
  });

  it("candidates: exported and erased (by a key), erased by the retention schedule (system); nothing personal kept", async () => {
    const api = apiClient(app.url, co);
    const svc = systemContext(getPrisma(), co.id);
    const person = await createCandidate(svc, { job_id: co.jobId, name: `Erin Erased ${unique()}`, email: `erin-${unique()}@example.com` }, { source: "manual" });
    expect((await api.get(`/candidates/${person.id}/export`, XFF)).status).toBe(200);
    expect(await last("candidate.exported")).toMatchObject({ actorType: "api_key", ip: IP, targetType: "candidate", targetId: String(person.id), targetLabel: person.public_id });
    expect((await api.call("DELETE", `/candidates/${person.id}`, undefined, XFF)).status).toBe(204);
    const erased = await last("candidate.erased");
    expect(erased).toMatchObject({ actorType: "api_key", ip: IP, targetType: "candidate", targetId: String(person.id), targetLabel: person.public_id });
    expect(JSON.stringify(await entriesOf("candidate.erased"))).not.toMatch(new RegExp(`${person.name}|${person.email}`));

    // The retention schedule erases through the same function with the service as actor.
    const old = await createCandidate(svc, { job_id: co.jobId, name: "Old Rejected", stage: "rejected" }, { source: "manual" });
    await eraseCandidate(svc, old.id);
    expect(await last("candidate.erased")).toMatchObject({ actorType: "system", actorLabel: "system", ip: null, targetId: String(old.id) });
  });

  it("candidates: a move against the AI agent's move, with its reason (a member on the board, a key over REST)", async () => {
    const svc = systemContext(getPrisma(), co.id);
    const settings = { mode: "auto" as const, criteria: [], advance: { min_score: 80, to_stage: "phonescreen" }, reject_on_required_miss: false };
    const outcome = { fitScore: 95, criteria: [], engine: "local" as const, model: null, criteriaHash: "x", inputHash: "y", blindText: "" };
    const placed = async () => {
      const person = await createCandidate(svc, { job_id: co.jobId, name: `Agent Placed ${unique()}`, stage: "applied" }, { source: "manual" });
      expect((await saveScreeningOutcome(svc, { candidateId: person.id, jobId: co.jobId, settings }, outcome, "initial")).action).toMatchObject({ to: "phonescreen" });
      return person;
    };
    const onBoard = await placed();
    await trpc("pipeline.move", { candidate_ids: [onBoard.id], stage: "inprogress", override_reason: "Strong portfolio; skip the phone screen" });
    expect(await last("candidate.agent_overridden")).toMatchObject({
      ...byUser(owner),
      targetType: "candidate",
      targetId: String(onBoard.id),
      targetLabel: onBoard.public_id,
      data: { from_stage: "phonescreen", to_stage: "inprogress", reason: "Strong portfolio; skip the phone screen" },
    });
    const overREST = await placed();
    const res = await apiClient(app.url, co).patch(`/candidates/${overREST.id}`, { stage: "applied", override_reason: "Not a fit after all" }, XFF);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await last("candidate.agent_overridden")).toMatchObject({ actorType: "api_key", ip: IP, targetId: String(overREST.id), data: { from_stage: "phonescreen", to_stage: "applied", reason: "Not a fit after all" } });
  });

  it("candidates: the screening explanation sent (a member from the candidate page, a key over REST); the e-mail's id, nothing personal", async () => {
    const svc = systemContext(getPrisma(), co.id);
    const settings = { mode: "score" as const, criteria: [], advance: null, reject_on_required_miss: false };
    const outcome = { fitScore: 70, criteria: [], engine: "local" as const, model: null, criteriaHash: "x", inputHash: "y", blindText: "" };
    const judged = async () => {
      const person = await createCandidate(svc, { job_id: co.jobId, name: `Sam Sent ${unique()}`, email: `sam-${unique()}@example.com`, stage: "rejected" }, { source: "manual" });
      expect((await saveScreeningOutcome(svc, { candidateId: person.id, jobId: co.jobId, settings }, outcome, "initial")).saved).toBe(true);
      return person;
    };
    const fromPage = await judged();
    const sent = (await trpc("candidates.sendScreeningExplanation", { id: String(fromPage.id) })).data;
    const entry = await last("candidate.screening_explanation_sent");
    expect(entry).toMatchObject({
      ...byUser(owner),
      targetType: "candidate",
      targetId: String(fromPage.id),
      targetLabel: fromPage.public_id,
      data: { email_message_id: sent.email_message_id, threshold: null, threshold_basis: "decision" },
    });
    expect(JSON.stringify(entry)).not.toMatch(new RegExp(`${fromPage.name}|${fromPage.email}`));
    const overREST = await judged();
    const res = await apiClient(app.url, co).post(`/candidates/${overREST.id}/screening_explanation/send`, undefined, XFF);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await last("candidate.screening_explanation_sent")).toMatchObject({ actorType: "api_key", ip: IP, targetId: String(overREST.id), data: { email_message_id: res.body.data.email_message_id } });
  });

  it("privacy settings: each change with its value before and after", async () => {
    await trpc("privacy.update", { retention_months: 18, retention_scope: "not_hired" });
    expect(await last("privacy_settings.updated")).toMatchObject({
      ...byUser(owner),
      targetType: "company",
      targetId: String(co.id),
      data: { retention_months: { from: null, to: 18 }, retention_scope: { from: "rejected", to: "not_hired" } },
    });
    const count = (await entriesOf("privacy_settings.updated")).length;
    await trpc("privacy.update", { retention_months: 18 });
    expect(await entriesOf("privacy_settings.updated"), "saving the same values records nothing").toHaveLength(count);
    await trpc("privacy.update", { retention_months: null, privacy_policy_url: "https://acme.example/privacy" });
    expect((await last("privacy_settings.updated")).data).toEqual({ retention_months: { from: 18, to: null }, privacy_policy_url: { from: null, to: "https://acme.example/privacy" } });
  });

  it("careers site: the website and logo, each change with its value before and after", async () => {
    await trpc("careerSite.update", { website_url: "https://acme.example", logo_url: "https://acme.example/logo.png" });
    expect(await last("career_site.updated")).toMatchObject({
      ...byUser(owner),
      targetType: "company",
      targetId: String(co.id),
      data: { website_url: { from: null, to: "https://acme.example" }, logo_url: { from: null, to: "https://acme.example/logo.png" } },
    });
    const count = (await entriesOf("career_site.updated")).length;
    await trpc("careerSite.update", { website_url: "https://acme.example" });
    expect(await entriesOf("career_site.updated"), "saving the same values records nothing").toHaveLength(count);
  });

  it("AI screening settings: pausing and resuming the agent are actions of their own; the rest each change before and after", async () => {
    await trpc("screeningSettings.update", { ai_agent_paused: true });
    expect(await last("ai_agent.paused")).toMatchObject({ ...byUser(owner), targetType: "company", targetId: String(co.id), data: { ai_agent_paused: { from: false, to: true } } });
    await trpc("screeningSettings.update", { ai_agent_paused: false });
    expect((await last("ai_agent.resumed")).data).toEqual({ ai_agent_paused: { from: true, to: false } });
    await trpc("screeningSettings.update", { hold_back_business_days: 10, notice_contact: "jobs@acme.example" });
    expect((await last("screening_settings.updated")).data).toEqual({ hold_back_business_days: { from: 0, to: 10 }, notice_contact: { from: null, to: "jobs@acme.example" } });
    const count = (await entriesOf("screening_settings.updated")).length;
    await trpc("screeningSettings.update", { hold_back_business_days: 10 });
    expect(await entriesOf("screening_settings.updated"), "saving the same values records nothing").toHaveLength(count);
  });

  it("e-mail settings: each change of the sender with its value before and after", async () => {
    await trpc("emailSettings.update", { from_name: "Acme Talent", reply_to: "jobs@acme.example" });
    expect(await last("email_settings.updated")).toMatchObject({
      ...byUser(owner),
      targetType: "company",
      targetId: String(co.id),
      data: { from_name: { from: null, to: "Acme Talent" }, reply_to: { from: null, to: "jobs@acme.example" } },
    });
    const count = (await entriesOf("email_settings.updated")).length;
    await trpc("emailSettings.update", { from_name: "Acme Talent" });
    expect(await entriesOf("email_settings.updated"), "saving the same values records nothing").toHaveLength(count);
  });

  it("job pipelines: a job's pipeline edit (by a key), the template and reject reasons (in Settings), each with before and after", async () => {
    const api = apiClient(app.url, co);
    const key = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: co.id, name: "tests" } });
    const job = (await api.get(`/jobs/${co.jobId}`)).body.data;
    const renamed = job.stages.map((s: { key: string; name: string }) => (s.key === "inprogress" ? { ...s, name: "Onsite" } : s));
    expect((await api.patch(`/jobs/${co.jobId}`, { stages: renamed }, XFF)).status).toBe(200);
    expect(await last("job.pipeline_updated")).toMatchObject({
      actorType: "api_key",
      actorApiKeyId: key.id,
      ip: IP,
      targetType: "job",
      targetId: String(co.jobId),
      targetLabel: job.title,
      data: { before: job.stages, after: renamed },
    });

    const template = [
      { key: "lead", name: "Lead", type: "prospect" },
      { key: "applied", name: "Applied", type: "applied" },
      { key: "won", name: "Won", type: "hired" },
      { key: "lost", name: "Lost", type: "rejected" },
    ];
    await trpc("pipelineTemplate.update", { stages: template });
    expect(await last("pipeline_template.updated")).toMatchObject({ ...byUser(owner), targetType: "company", targetId: String(co.id), data: { after: template } });
    const count = (await entriesOf("pipeline_template.updated")).length;
    await trpc("pipelineTemplate.update", { stages: template });
    expect(await entriesOf("pipeline_template.updated"), "saving the same template records nothing").toHaveLength(count);
    await trpc("pipelineTemplate.update", { stages: null });
    expect((await last("pipeline_template.updated")).data).toMatchObject({ before: template, after: expect.arrayContaining([{ key: "prospect", name: "Prospect", type: "prospect" }]) });

    const reason = await trpc("rejectReasons.create", { name: `Relocation ${unique()}` });
    expect(await last("reject_reason.created")).toMatchObject({ ...byUser(owner), targetType: "reject_reason", targetId: String(reason.id), targetLabel: reason.name });
    await trpc("rejectReasons.update", { id: reason.id, archived: true });
    expect(await last("reject_reason.updated")).toMatchObject({
      ...byUser(owner),
      targetId: String(reason.id),
      data: { before: { archived: false }, after: { archived: true } },
    });
  });

  it("connected apps: partner app registered, consent granted, refresh-token reuse detected, app disconnected", async () => {
    const redirect = "https://partner.example/callback";
    const partner = (await trpc("connectedApps.createPartnerApp", { name: `Partner ${unique()}`, redirect_uris: [redirect], confidential: false })).data;
    expect(await last("oauth_client.registered")).toMatchObject({ ...byUser(owner), targetType: "oauth_client", targetId: partner.app.client_id, targetLabel: partner.app.name });
    const connect = async () => {
      const request = await authorizationRequest(partner.app.client_id, redirect, { scope: "jobs:read" });
      const { back } = await decide(app.url, { userId: owner.id, email: owner.email, ...ownerSession }, request.params, ["jobs:read"]);
      const form = { grant_type: "authorization_code", client_id: partner.app.client_id, code: back!.searchParams.get("code")!, code_verifier: request.verifier, redirect_uri: redirect };
      const res = await fetch(`${app.url}/api/oauth/token`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
      return res.json() as Promise<{ refresh_token: string }>;
    };
    const tokens = await connect();
    expect(await last("oauth_grant.consented")).toMatchObject({ actorType: "user", actorUserId: owner.id, targetType: "oauth_grant", targetLabel: partner.app.name, data: { scopes: ["jobs:read"] } });
    const refresh = () =>
      fetch(`${app.url}/api/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", client_id: partner.app.client_id, refresh_token: tokens.refresh_token }),
      });
    expect((await refresh()).status).toBe(200);
    expect((await refresh()).status).toBe(400);
    expect(await last("oauth_grant.reuse_detected")).toMatchObject({ actorType: "system", targetType: "oauth_grant", data: { user_id: owner.id } });
    expect(JSON.stringify(await entriesOf("oauth_grant.reuse_detected"))).not.toContain(tokens.refresh_token);
    await connect();
    const grants = (await trpc("connectedApps.list", undefined, ownerSession, false)).data as { id: number; revoked_at: string | null }[];
    const active = grants.find((grant) => !grant.revoked_at)!;
    await trpc("connectedApps.revoke", { id: active.id });
    expect(await last("oauth_grant.revoked")).toMatchObject({ ...byUser(owner), targetType: "oauth_grant", targetId: String(active.id), targetLabel: partner.app.name });
  });

  it("a job's hiring team leads: set in the job form (tRPC) and by a key, each change with before and after; the same list again records nothing", async () => {
    const [lead, second] = [await member("recruiter"), await member("admin")];
    const job = (await apiClient(app.url, co).get(`/jobs/${co.jobId}`)).body.data;
    await trpc("jobs.update", { id: String(co.jobId), hiring_team_lead_ids: [lead.id] });
    expect(await last("job.hiring_team_updated")).toMatchObject({ ...byUser(owner), targetType: "job", targetId: String(co.jobId), targetLabel: job.title, data: { before: [], after: [lead.id] } });
    const count = (await entriesOf("job.hiring_team_updated")).length;
    await trpc("jobs.update", { id: String(co.jobId), hiring_team_lead_ids: [lead.id] });
    expect(await entriesOf("job.hiring_team_updated"), "saving the same leads records nothing").toHaveLength(count);
    const key = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: co.id, name: "tests" } });
    expect((await apiClient(app.url, co).patch(`/jobs/${co.jobId}`, { hiring_team_lead_ids: [second.id, lead.id] }, XFF)).status).toBe(200);
    expect(await last("job.hiring_team_updated")).toMatchObject({ actorType: "api_key", actorApiKeyId: key.id, ip: IP, data: { before: [lead.id], after: [second.id, lead.id] } });
  });

  it("offers: the chain's requests and each decision (a key on a member's behalf), sending, withdrawing, and Settings → Offers", async () => {
    const api = apiClient(app.url, co);
    const key = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: co.id, name: "tests" } });
    const approver = await member("admin");
    const byKey = { actorType: "api_key", actorApiKeyId: key.id, ip: IP };
    await trpc("offerSettings.update", { approval_steps: [{ approver_ids: [approver.id], required: 1 }] });
    expect(await last("offer_settings.updated")).toMatchObject({ ...byUser(owner), targetType: "company", targetId: String(co.id), data: { approval_steps: 1, letter_template: "unchanged" } });
    const candidate = (await api.post("/candidates", { job_id: co.jobId, name: "Olive Offer", email: `olive-${unique()}@example.com` })).body.data;
    const offer = (await api.post("/offers", { candidate_id: candidate.id, start_date: "2030-03-01", salary: { amount: 70000, currency: "EUR", period: "year" } }, XFF)).body.data;
    expect((await api.post(`/offers/${offer.id}/request_approval`, undefined, XFF)).status).toBe(200);
    expect(await last("offer.approval_requested")).toMatchObject({ ...byKey, targetType: "offer", targetId: String(offer.id), data: { version: 1, steps: 1 } });
    expect((await api.post(`/offers/${offer.id}/approvals`, { decision: "reject", comment: "Band", on_behalf_of: approver.id }, XFF)).status).toBe(200);
    expect(await last("offer.rejected")).toMatchObject({ ...byKey, targetType: "offer", targetId: String(offer.id), data: { approver_id: approver.id, step: 0 } });
    await api.post(`/offers/${offer.id}/request_approval`, undefined, XFF);
    expect((await api.post(`/offers/${offer.id}/approvals`, { decision: "approve", on_behalf_of: approver.id }, XFF)).status).toBe(200);
    expect(await last("offer.approved")).toMatchObject({ ...byKey, targetType: "offer", targetId: String(offer.id), data: { approver_id: approver.id } });
    expect((await api.post(`/offers/${offer.id}/send`, undefined, XFF)).status).toBe(200);
    expect(await last("offer.sent")).toMatchObject({ ...byKey, targetType: "offer", targetId: String(offer.id) });
    expect((await api.post(`/offers/${offer.id}/withdraw`, undefined, XFF)).status).toBe(200);
    expect(await last("offer.withdrawn")).toMatchObject({ ...byKey, targetType: "offer", targetId: String(offer.id), data: { previous_status: "sent" } });
  });

  it("scheduling: a link sent and revoked (a key), a member's availability set (a session)", async () => {
    const api = apiClient(app.url, co);
    const key = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: co.id, name: "tests" } });
    const byKey = { actorType: "api_key", actorApiKeyId: key.id, ip: IP };
    const candidate = (await api.post("/candidates", { job_id: co.jobId, name: "Sam Schedule", email: `sam-${unique()}@example.com` })).body.data;
    const link = await api.post("/scheduling_links", { candidate_id: candidate.id, title: "Intro call", duration_minutes: 30, interviewer_ids: [owner.id] }, XFF);
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect(await last("scheduling_link.created")).toMatchObject({ ...byKey, targetType: "scheduling_link", targetId: String(link.body.data.id), data: { candidate_id: candidate.id, interviewer_ids: [owner.id], notified: true } });
    expect((await api.call("DELETE", `/scheduling_links/${link.body.data.id}`, undefined, XFF)).status).toBe(200);
    expect(await last("scheduling_link.revoked")).toMatchObject({ ...byKey, targetType: "scheduling_link", targetId: String(link.body.data.id), data: { previous_status: "open" } });
    await trpc("availability.put", { id: owner.id, time_zone: "Europe/Berlin", working_hours: [{ day: "mon", start: "09:00", end: "17:00" }] });
    expect(await last("availability.updated")).toMatchObject({ ...byUser(owner), targetType: "user", targetId: owner.id, data: { time_zone: "Europe/Berlin", calendar_changed: false } });
  });

  it("covers every action of AUDIT_ACTIONS (a new action needs a test here)", () => {
    expect([...seen].sort()).toEqual(Object.keys(AUDIT_ACTIONS).sort());
  });
});

describe("append-only", () => {
  it("the database refuses to update an entry; a company's entries go with the company", async () => {
    const [entry] = await entriesOf("api_key.created");
    await expect(getPrisma().$executeRaw`UPDATE audit_log SET action = 'tampered' WHERE id = ${entry!.id}`).rejects.toThrow(/append-only/);
    await expect(getPrisma().auditLogEntry.update({ where: { id: entry!.id }, data: { actorLabel: "someone else" } })).rejects.toThrow(/append-only/);
    expect(await getPrisma().auditLogEntry.findUniqueOrThrow({ where: { id: entry!.id } })).toEqual(entry);

    const doomed = await createTestCompany();
    expect(await getPrisma().auditLogEntry.count({ where: { companyId: doomed.id } })).toBeGreaterThan(0);
    await getPrisma().$transaction([getPrisma().job.deleteMany({ where: { companyId: doomed.id } }), getPrisma().department.deleteMany({ where: { companyId: doomed.id } }), getPrisma().company.delete({ where: { id: doomed.id } })]);
    expect(await getPrisma().auditLogEntry.count({ where: { companyId: doomed.id } })).toBe(0);
  });

  it("no application code updates or deletes entries", async () => {
    const root = path.resolve(import.meta.dirname, "../../../..");
    const dirs = ["packages/core/src", "packages/worker/src", "packages/admin/src", "packages/db/src", "apps/web/src"].map((d) => path.join(root, d));
    const offenders: string[] = [];
    const forbidden = /auditLogEntry\s*\.\s*(update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)\b|UPDATE\s+"?audit_log"?|DELETE\s+FROM\s+"?audit_log"?|TRUNCATE[^;]*audit_log/i;
    async function scan(dir: string): Promise<void> {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "generated" && entry.name !== "node_modules") await scan(full);
        } else if (/\.(ts|tsx)$/.test(entry.name) && forbidden.test(await readFile(full, "utf8"))) {
          offenders.push(path.relative(root, full));
        }
      }
    }
    for (const dir of dirs) await scan(dir);
    expect(offenders).toEqual([]);
  });
});

describe("the list: filters and keyset pages", () => {
  it("filters by action and actor and pages newest first without gaps or repeats", async () => {
    const other = await createTestCompany();
    const admin = await member("admin", other.id);
    const caller = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "t", principal: { kind: "user", companyId: other.id, userId: admin.id, role: "admin" }, ip: IP });
    for (let i = 0; i < 5; i++) await caller.apiKeys.create({ name: `k${i}` });
    const all = await getPrisma().auditLogEntry.findMany({ where: { companyId: other.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect(all.length).toBeGreaterThanOrEqual(6); // the fixture's key (system) and five by the admin

    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.auditLog.list({ limit: 2, ...(cursor && { cursor }) });
      ids.push(...page.data.map((e) => e.id));
      cursor = page.pagination.next_cursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(all.map((e) => e.id));

    const mine = await caller.auditLog.list({ actor: `user:${admin.id}`, action: "api_key.created" });
    expect(mine.data).toHaveLength(5);
    expect(mine.data[0]).toMatchObject({ action: "api_key.created", actor: { type: "user", id: admin.id, label: admin.email }, ip: IP, target: { type: "api_key", label: expect.stringMatching(/^k4 \(hf_live_/) } });
    expect((await caller.auditLog.list({ actor: "system" })).data.map((e) => e.action)).toEqual(["api_key.created"]);
    expect((await caller.auditLog.list({ action: "member.removed" })).data).toEqual([]);
    await expect(caller.auditLog.list({ cursor: "bm90LWEtY3Vyc29y" })).rejects.toMatchObject({ cause: { code: "bad_request" } });
    // Another company's entries are not in this one's log.
    expect((await caller.auditLog.list({ limit: 100 })).data.every((e) => all.some((a) => a.id === e.id))).toBe(true);

    const actors = (await caller.auditLog.actors()).data.map((a) => a.value);
    expect(actors).toEqual(expect.arrayContaining([`user:${admin.id}`, "system", "anonymous"]));
  });

  it("names each member's role (an owner is an owner, not a 'Member'); none for keys, the system and former members", async () => {
    const other = await createTestCompany();
    const owner = await member("owner", other.id);
    const admin = await member("admin", other.id);
    const recruiter = await member("recruiter", other.id);
    const asOwner = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "t", principal: { kind: "user", companyId: other.id, userId: owner.id, role: "owner" }, ip: IP });
    const asAdmin = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "t", principal: { kind: "user", companyId: other.id, userId: admin.id, role: "admin" }, ip: IP });
    await asOwner.apiKeys.create({ name: "by the owner" });
    await asAdmin.apiKeys.create({ name: "by the admin" });
    await asOwner.team.changeRole({ user_id: recruiter.id, role: "admin" });
    await asOwner.team.changeRole({ user_id: recruiter.id, role: "recruiter" });
    const former = await member("admin", other.id);
    await createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "t", principal: { kind: "user", companyId: other.id, userId: former.id, role: "admin" }, ip: IP }).apiKeys.create({ name: "by a former admin" });
    await asOwner.team.removeMember({ user_id: former.id });

    const { data } = await asOwner.auditLog.list({ limit: 100 });
    const roleOf = (userId: string) => [...new Set(data.filter((e) => e.actor.type === "user" && e.actor.id === userId).map((e) => e.actor.role))];
    expect(roleOf(owner.id)).toEqual(["owner"]);
    expect(roleOf(admin.id)).toEqual(["admin"]);
    expect(roleOf(former.id)).toEqual([null]);
    expect(data.filter((e) => e.actor.type !== "user").map((e) => e.actor.role)).toEqual(data.filter((e) => e.actor.type !== "user").map(() => null));
    expect(data.some((e) => e.actor.type === "system")).toBe(true);
  });
});

describe("GET /api/audit-log.csv", () => {
  const csv = (query: string, cookie?: string) => fetch(`${app.url}/api/audit-log.csv${query}`, { headers: cookie ? { cookie } : {} });

  it("gives an admin the filtered log as CSV, with formulas neutralised", async () => {
    const admin = await member("admin");
    const session = await sessionOf(admin.id);
    await trpc("apiKeys.create", { name: '=HYPERLINK("http://evil.example","x")' }, session);
    await trpc("apiKeys.create", { name: "+1, \"quoted\"\nline" }, session);

    const res = await csv(`?action=api_key.created&actor=user:${admin.id}`, session.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d\d-\d\d\.csv"$/);
    const text = await res.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("time,action,actor_type,actor_id,actor,ip,target_type,target_id,target,data");
    // Newest first: the second key, then the first; each cell that starts with = + - @ is prefixed with '.
    expect(text).toContain(`"'+1, ""quoted""\nline (hf_live_`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"") (hf_live_`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(text.match(/api_key\.created/g)).toHaveLength(2);
    expect(text).toContain(`,user,${admin.id},${admin.email},${IP},api_key,`);
  });

  it("refuses a recruiter (403), a visitor (401) and bad filters (400)", async () => {
    const recruiter = await sessionOf((await member("recruiter")).id);
    const refused = await csv("", recruiter.cookie);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
    expect((await csv("")).status).toBe(401);
    const bad = await csv("?action=nope&actor=root", ownerSession.cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.map((d: { field: string }) => d.field).sort()).toEqual(["action", "actor"]);
  });
});
