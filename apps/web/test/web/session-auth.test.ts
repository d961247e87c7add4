import { randomBytes } from "node:crypto";
import { API_SCOPES, appRouter, createCallerFactory, createCandidate, createUser, systemContext } from "@hireflow/core";
import { hashSessionToken, SESSION_COOKIE, verifySession } from "@hireflow/core/identity/sessions";
import { SIGN_IN_WINDOW_MS } from "@hireflow/core/identity/sign-in";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as signInRoute from "@/app/api/auth/sign-in/route";
import * as signOutRoute from "@/app/api/auth/sign-out/route";
import * as trpcRoute from "@/app/api/trpc/[...trpc]/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { inOneWindow } from "../helpers/rate-limit-window.ts";
import { serve } from "../helpers/server.ts";

const PASSWORD = "correct horse battery staple";

let app: { url: string; close: () => Promise<void> };
let company: TestCompany;
let user: { id: string; email: string };

beforeAll(async () => {
  company = await createTestCompany();
  user = await createUser(getPrisma(), { companyId: company.id, email: `ada-${randomBytes(4).toString("hex")}@example.com`, password: PASSWORD, name: "Ada" });
  app = await serve(async (req) => {
    const { pathname } = new URL(req.url);
    if (pathname === "/api/auth/sign-in" && req.method === "POST") return signInRoute.POST(req);
    if (pathname === "/api/auth/sign-out" && req.method === "POST") return signOutRoute.POST(req);
    if (pathname.startsWith("/api/trpc/")) return (req.method === "GET" ? trpcRoute.GET : trpcRoute.POST)(req);
    return new Response("not found", { status: 404 });
  });
});
afterAll(() => app?.close());

async function signIn(email = user.email, password = PASSWORD, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/auth/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
  });
}

async function session() {
  const res = await signIn();
  expect(res.status).toBe(200);
  const cookie = res.headers.get("set-cookie")!;
  const token = /hf_session=([^;]+)/.exec(cookie)![1]!;
  const active = await verifySession(getPrisma(), token);
  return { cookie: `${SESSION_COOKIE}=${token}`, token, csrf: active!.csrfToken };
}

function trpc(path: string, init: { cookie?: string; csrf?: string; input?: unknown; mutation?: boolean; authorization?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.cookie = init.cookie;
  if (init.csrf) headers["x-csrf-token"] = init.csrf;
  if (init.authorization) headers.authorization = init.authorization;
  if (init.mutation) {
    headers["content-type"] = "application/json";
    return fetch(`${app.url}/api/trpc/${path}`, { method: "POST", headers, body: JSON.stringify(init.input ?? {}) });
  }
  const query = init.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(init.input))}`;
  return fetch(`${app.url}/api/trpc/${path}${query}`, { headers });
}

describe("sign-in", () => {
  it("sets an httpOnly SameSite=Lax session cookie and stores only the token's SHA-256", async () => {
    const res = await signIn(user.email.toUpperCase());
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^hf_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).not.toMatch(/Secure/); // NODE_ENV is not production here
    const token = /hf_session=([^;]+)/.exec(cookie)![1]!;
    const row = await getPrisma().session.findUnique({ where: { tokenHash: hashSessionToken(token) } });
    expect(row?.userId).toBe(user.id);
    expect(await getPrisma().session.count({ where: { tokenHash: token } })).toBe(0);
    const days = (row!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("answers 401 with the envelope for a wrong password or an unknown e-mail, 400 for missing fields", async () => {
    for (const res of [await signIn(user.email, "wrong password"), await signIn("nobody@example.com", PASSWORD)]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "E-mail or password is incorrect" } });
      expect(res.headers.get("set-cookie")).toBeNull();
    }
    const res = await fetch(`${app.url}/api/auth/sign-in`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe("validation_error");
    expect(body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(["email", "password"]);
  });

  it("refuses a cross-site sign-in (login CSRF) and form-encoded bodies", async () => {
    expect((await signIn(user.email, PASSWORD, { origin: "https://evil.example" })).status).toBe(403);
    expect((await signIn(user.email, PASSWORD, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    const form = await fetch(`${app.url}/api/auth/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `email=${encodeURIComponent(user.email)}&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(form.status).toBe(400);
  });

  it("limits attempts per e-mail address with 429 and Retry-After", async () => {
    const email = `target-${randomBytes(4).toString("hex")}@example.com`;
    await inOneWindow(SIGN_IN_WINDOW_MS, 60_000);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await signIn(email, "guess")).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    const limited = await signIn(email, "guess");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.code).toBe("rate_limited");
  });

  it("counts failed attempts per e-mail: correct sign-ins never lock the account, and a success clears the failures", async () => {
    const ip = { "x-forwarded-for": `203.0.113.${10 + Math.floor(Math.random() * 200)}` };
    const email = `busy-admin-${randomBytes(4).toString("hex")}@example.com`;
    const admin = await createUser(getPrisma(), { companyId: company.id, email, password: PASSWORD, name: "Busy", role: "admin" });
    // Well past the limit of 10: every one of them succeeds.
    for (let i = 0; i < 15; i++) expect((await signIn(email, PASSWORD, ip)).status, `sign-in ${i + 1}`).toBe(200);
    // Nine wrong passwords, then the right one: it succeeds and forgives the nine. The counted attempts
    // from here to the end take ~3 s, and 30 s once on a machine loaded far beyond CI.
    await inOneWindow(SIGN_IN_WINDOW_MS, 90_000);
    for (let i = 0; i < 9; i++) expect((await signIn(email, "typo", ip)).status).toBe(401);
    expect((await signIn(email, PASSWORD, ip)).status).toBe(200);
    // So ten more failures are allowed; then the e-mail is locked, even with the right password.
    for (let i = 0; i < 10; i++) expect((await signIn(email, "typo", ip)).status, `failure ${i + 1}`).toBe(401);
    const refused = await signIn(email, PASSWORD, ip);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limited");
    // The refused attempt is a failed sign-in in the company's audit log (the "Sign-in failed" filter).
    const until = Date.now() + 5_000;
    let entry;
    while (!(entry = await getPrisma().auditLogEntry.findFirst({ where: { companyId: company.id, action: "auth.sign_in_failed", targetId: admin.id, data: { path: ["reason"], equals: "too_many_attempts" } } }))) {
      if (Date.now() > until) throw new Error("the refused sign-in was not recorded");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(entry).toMatchObject({ actorType: "anonymous", actorLabel: email, ip: ip["x-forwarded-for"], targetType: "user", targetLabel: email });
    // A second refusal in the same window adds no entry (an attack cannot flood the log).
    expect((await signIn(email, "typo", ip)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await getPrisma().auditLogEntry.count({ where: { companyId: company.id, targetId: admin.id, data: { path: ["reason"], equals: "too_many_attempts" } } })).toBe(1);
    // What Settings → Audit log lists under the "Sign-in failed" filter.
    const caller = createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "req_test", principal: { kind: "user", companyId: company.id, userId: admin.id, role: "admin" } });
    const { data: listed } = await caller.auditLog.list({ action: "auth.sign_in_failed" });
    expect(listed.filter((e) => e.target?.id === admin.id).map((e) => e.data?.reason)).toContain("too_many_attempts");
    // 37 password checks one after another: past 30 s once on a machine loaded far beyond CI (2026-11-27).
  }, 180_000);

  it("keeps the per-IP cap on every attempt, whichever e-mail", async () => {
    const before = process.env.HIREFLOW_SIGNIN_LIMIT_PER_IP;
    process.env.HIREFLOW_SIGNIN_LIMIT_PER_IP = "5";
    try {
      const ip = { "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` };
      const statuses: number[] = [];
      await inOneWindow(SIGN_IN_WINDOW_MS, 30_000);
      for (let i = 0; i < 6; i++) statuses.push((await signIn(`spray-${i}-${randomBytes(3).toString("hex")}@example.com`, "guess", ip)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
      // Even the right password of a real account, from that IP.
      expect((await signIn(user.email, PASSWORD, ip)).status).toBe(429);
    } finally {
      if (before === undefined) delete process.env.HIREFLOW_SIGNIN_LIMIT_PER_IP;
      else process.env.HIREFLOW_SIGNIN_LIMIT_PER_IP = before;
    }
  });
});

describe("/api/trpc with a session", () => {
  it("resolves the cookie into the user; no cookie (or an API key) is 401", async () => {
    const { cookie } = await session();
    const ok = await trpc("apiKeys.list", { cookie });
    expect(ok.status).toBe(200);
    expect((await ok.json()).result.data.data.length).toBeGreaterThan(0);
    expect((await trpc("apiKeys.list")).status).toBe(401);
    // API keys are for /api/v1 only: on /api/trpc they are no principal at all.
    expect((await trpc("apiKeys.list", { authorization: `Bearer ${company.apiKey}` })).status).toBe(401);
    expect((await trpc("apiKeys.list", { cookie: `${SESSION_COOKIE}=${randomBytes(32).toString("base64url")}` })).status).toBe(401);
  });

  it("rejects a mutation without the session's CSRF token (403) and accepts it with the token", async () => {
    const { cookie, csrf } = await session();
    const missing = await trpc("apiKeys.create", { cookie, mutation: true, input: { name: "no csrf" } });
    expect(missing.status).toBe(403);
    expect((await missing.json()).error.data.error.code).toBe("forbidden");
    expect((await trpc("apiKeys.create", { cookie, csrf: "x".repeat(43), mutation: true, input: { name: "bad csrf" } })).status).toBe(403);
    const created = await trpc("apiKeys.create", { cookie, csrf, mutation: true, input: { name: "with csrf" } });
    expect(created.status).toBe(200);
    const { data } = (await created.json()).result.data;
    expect(data.secret).toMatch(/^hf_live_/);
    expect(data.key.created_by.id).toBe(user.id);
  });

  it("returns the API's validation details for invalid input", async () => {
    const { cookie, csrf } = await session();
    const res = await trpc("apiKeys.create", { cookie, csrf, mutation: true, input: { name: " " } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.data.error).toEqual({
      code: "validation_error",
      message: "The request is invalid",
      details: [{ field: "name", message: "Must be 1 to 100 characters" }],
    });
  });

  it("userProcedure refuses an API-key principal (keys cannot manage keys)", async () => {
    const caller = createCallerFactory(appRouter)({
      prisma: getPrisma(),
      requestId: "test",
      principal: { kind: "api", companyId: company.id, apiKeyId: 1, rateLimit: null, scopes: [...API_SCOPES] },
    });
    await expect(caller.apiKeys.list()).rejects.toMatchObject({ cause: { code: "forbidden" } });
    await expect(caller.apiKeys.create({ name: "x" })).rejects.toMatchObject({ cause: { code: "forbidden" } });
  });

  it("moves candidates with the user as actor: one candidate.stage_changed per changed candidate", async () => {
    const { cookie, csrf } = await session();
    const svc = systemContext(getPrisma(), company.id);
    const ids: number[] = [];
    for (const name of ["A", "B", "C"]) {
      ids.push((await createCandidate(svc, { job_id: company.jobId, name, email: `${name}-${randomBytes(3).toString("hex")}@example.com`, stage: "applied" }, { source: "manual" })).id);
    }
    const before = await getPrisma().event.count({ where: { companyId: company.id, type: "candidate.stage_changed" } });
    const res = await trpc("pipeline.move", { cookie, csrf, mutation: true, input: { candidate_ids: ids, stage: "phonescreen" } });
    expect(res.status).toBe(200);
    expect((await res.json()).result.data.data).toEqual({ moved: ids, unchanged: [], rejection_emails: [] });
    const events = await getPrisma().event.findMany({ where: { companyId: company.id, type: "candidate.stage_changed" }, orderBy: { occurredAt: "asc" }, skip: before });
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect((event.payload as any).stage_change).toEqual({
        previous_stage: "applied",
        new_stage: "phonescreen",
        previous_stage_type: "applied",
        new_stage_type: "phonescreen",
        previous_stage_name: "Applied",
        new_stage_name: "Phone screen",
        reject_reason: null,
        changed_by: "user",
        changed_by_user_id: user.id,
      });
    }
    // The same move again changes nothing and emits nothing.
    const again = await trpc("pipeline.move", { cookie, csrf, mutation: true, input: { candidate_ids: ids, stage: "phonescreen" } });
    expect((await again.json()).result.data.data).toEqual({ moved: [], unchanged: ids, rejection_emails: [] });
    expect(await getPrisma().event.count({ where: { companyId: company.id, type: "candidate.stage_changed" } })).toBe(before + 3);

    const note = await trpc("candidates.addNote", { cookie, csrf, mutation: true, input: { id: String(ids[0]), note: "Strong <b>systems</b> background" } });
    expect(note.status).toBe(200);
    expect((await note.json()).result.data.data).toMatchObject({ added_by: "user", performer_id: user.id, note: "Strong <b>systems</b> background" });

    const profile = await trpc("pipeline.candidate", { cookie, input: { id: ids[0] } });
    const timeline = (await profile.json()).result.data.data.timeline;
    expect(timeline.map((t: { type: string }) => t.type)).toEqual(["created", "stage_changed", "note_added"]);
    expect(timeline[1].performer.id).toBe(user.id);
  });

  it("another company's candidate is not found", async () => {
    const { cookie, csrf } = await session();
    const other = await createTestCompany();
    const theirs = await createCandidate(systemContext(getPrisma(), other.id), { job_id: other.jobId, name: "Theirs" }, { source: "manual" });
    const res = await trpc("pipeline.move", { cookie, csrf, mutation: true, input: { candidate_ids: [theirs.id], stage: "hired" } });
    expect(res.status).toBe(404);
    expect((await trpc("pipeline.candidate", { cookie, input: { id: theirs.id } })).status).toBe(404);
  });
});

describe("sign-out", () => {
  it("needs the CSRF token, then deletes the session and clears the cookie", async () => {
    const { cookie, token, csrf } = await session();
    const refused = await fetch(`${app.url}/api/auth/sign-out`, { method: "POST", headers: { cookie }, redirect: "manual" });
    expect(refused.status).toBe(403);
    expect(await verifySession(getPrisma(), token)).not.toBeNull();

    const res = await fetch(`${app.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: `csrf_token=${encodeURIComponent(csrf)}`,
      redirect: "manual",
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get("location")!).pathname).toBe("/sign-in");
    expect(res.headers.get("set-cookie")).toMatch(/hf_session=;.*Max-Age=0/i);
    expect(await verifySession(getPrisma(), token)).toBeNull();
    expect((await trpc("apiKeys.list", { cookie })).status).toBe(401);
  });

  it("an expired session is no session", async () => {
    const { token } = await session();
    await getPrisma().session.update({ where: { tokenHash: hashSessionToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await verifySession(getPrisma(), token)).toBeNull();
  });
});
