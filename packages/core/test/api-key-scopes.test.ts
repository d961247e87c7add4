import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getPrisma } from "@hireflow/db";
import { migrate } from "@hireflow/db/migrate";
import { migrationsDir } from "@hireflow/db/paths";
import { createDatabase } from "@hireflow/db/testing/server";
import type {} from "@hireflow/db/testing/global-setup";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { generateApiKey } from "../src/modules/identity/auth/api-keys.ts";
import { API_SCOPES, type ApiScope, normalizeScopes } from "../src/kernel/scopes.ts";
import { type Principal } from "../src/kernel/principal.ts";
import { appRouter } from "../src/api/app-router.ts";
import { procedureMetas } from "../src/api/meta.ts";
import { assertScope, createCallerFactory, type Meta } from "../src/kernel/trpc.ts";

/** Procedures of the public API that any valid key may call (and why). */
const UNSCOPED: Record<string, string> = {
  "GET /me": "describes the calling key: the connection test every integration makes first",
};

/** The first path segment → the resource its scopes are named after. A new top-level path needs a line here. */
const RESOURCE_OF_SEGMENT: Record<string, string> = {
  candidates: "candidates",
  jobs: "jobs",
  webhook_endpoints: "webhooks",
  webhook_deliveries: "webhooks",
  events: "events",
  // A candidate's reject reason: read with the candidates it is given to.
  reject_reasons: "candidates",
  users: "users",
  interviews: "interviews",
  reports: "reports",
  scorecards: "scorecards",
  offers: "offers",
  // Scheduling links book interviews: the interviews scopes.
  scheduling_links: "interviews",
};

/** Nested collections with a scope of their own (a candidate's or an interview's scorecards), by their segment. */
const NESTED_RESOURCE: Record<string, string> = { scorecards: "scorecards", availability: "interviews" };

const routes = procedureMetas.filter(({ meta }) => meta.openapi).map(({ path, meta }) => ({ path, meta, route: `${meta.openapi!.method} ${meta.openapi!.path}` }));

describe("every procedure of the public API declares its scope", () => {
  it("has routes to check, and the unscoped list names only existing routes", () => {
    expect(routes.length).toBeGreaterThanOrEqual(19);
    for (const route of Object.keys(UNSCOPED)) expect(routes.map((r) => r.route), `UNSCOPED lists ${route}`).toContain(route);
  });

  it.each(routes.map((r) => [r.route, r] as const))("%s", (route, { path, meta }) => {
    if (route in UNSCOPED) {
      expect(meta.scope, `${route} is listed as unscoped (${UNSCOPED[route]})`).toBeUndefined();
      return;
    }
    expect(meta.scope, `${path} (${route}) has meta.openapi but no meta.scope: name the API-key scope it needs (auth/scopes.ts)`).toBeDefined();
    expect(API_SCOPES).toContain(meta.scope);
    // Reads need a read scope, anything else a write scope.
    expect(meta.scope!.split(":")[1], `${route}: the scope's access`).toBe(meta.openapi!.method === "GET" ? "read" : "write");
    const segments = meta.openapi!.path.split("/").filter((part) => part && !part.startsWith("{"));
    const segment = segments[0]!;
    const resource = NESTED_RESOURCE[segments.at(-1)!] ?? RESOURCE_OF_SEGMENT[segment];
    expect(resource, `${route}: add /${segment} to RESOURCE_OF_SEGMENT in this test`).toBeDefined();
    expect(meta.scope!.split(":")[0], `${route}: the scope's resource`).toBe(resource);
  });

  it("UI-only procedures (no meta.openapi) are not reachable by API keys and name no scope", () => {
    for (const { path, meta } of procedureMetas.filter((p) => !p.meta.openapi)) expect(meta.scope, path).toBeUndefined();
  });
});

describe("assertScope", () => {
  const key = (scopes: ApiScope[]): Principal => ({ kind: "api", companyId: 1, apiKeyId: 1, rateLimit: null, scopes });
  const meta: Meta = { scope: "jobs:write", openapi: { method: "POST", path: "/jobs" } };

  it("refuses an API key without the scope with 403 forbidden naming the scope and the route", () => {
    expect(() => assertScope(key(["jobs:read", "candidates:read"]), meta)).toThrow(
      expect.objectContaining({
        code: "forbidden",
        status: 403,
        message: "This API key lacks the scope jobs:write, which POST /api/v1/jobs requires (the key's scopes: jobs:read, candidates:read)",
      }),
    );
  });

  it("lets a key with the scope, a procedure without one, and a session through", () => {
    expect(() => assertScope(key(["jobs:write"]), meta)).not.toThrow();
    expect(() => assertScope(key([]), { openapi: { method: "GET", path: "/me" } })).not.toThrow();
    expect(() => assertScope({ kind: "user", companyId: 1, userId: "u", role: "recruiter" }, meta)).not.toThrow();
  });

  it("normalizeScopes keeps known scopes once, in canonical order", () => {
    expect(normalizeScopes(["jobs:read", "nope", "candidates:read", "jobs:read", 5])).toEqual(["candidates:read", "jobs:read"]);
  });
});

describe("companyProcedure enforces the scope before the procedure runs", () => {
  const caller = (principal: Principal) => createCallerFactory(appRouter)({ prisma: getPrisma(), requestId: "test", principal });
  const readOnly: Principal = { kind: "api", companyId: 999_999_999, apiKeyId: 1, rateLimit: null, scopes: ["candidates:read", "jobs:read"] };

  it("refuses before the input is even parsed", async () => {
    // An invalid input would be a 400 from a key holding the scope; without it the answer is the 403.
    await expect(caller(readOnly).candidates.create({} as never)).rejects.toMatchObject({ cause: { code: "forbidden", message: expect.stringContaining("candidates:write") } });
    await expect(caller(readOnly).jobs.rescore({ id: "1" } as never)).rejects.toMatchObject({ cause: { code: "forbidden", message: expect.stringContaining("jobs:write") } });
    await expect(caller(readOnly).webhookEndpoints.list({})).rejects.toMatchObject({ cause: { code: "forbidden", message: expect.stringContaining("webhooks:read") } });
  });

  it("GET /me is for API keys only: a session is refused", async () => {
    await expect(caller({ kind: "user", companyId: 1, userId: "00000000-0000-0000-0000-000000000000", role: "owner" }).me.get({})).rejects.toMatchObject({ cause: { code: "forbidden" } });
  });
});

describe("the api_keys.scopes migration", () => {
  it("gives keys that existed before it every scope, and the constraint admits only known, non-empty sets", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "hireflow-scopes-"));
    const database = await createDatabase(inject("adminUrl"));
    const client = new pg.Client({ connectionString: database.url });
    try {
      const names = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      const scopesMigration = names.find((name) => name.endsWith("_api_key_scopes"))!;
      expect(scopesMigration).toBeDefined();
      // The database as it was before the migration, with a key in it.
      const before = path.join(work, "before");
      for (const name of names.filter((n) => n < scopesMigration)) await cp(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
      await migrate(database.url, { dir: before });
      await client.connect();
      const company = await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`);
      const old = generateApiKey();
      await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash) VALUES ($1, 'old key', $2, $3)`, [company.rows[0]!.id, old.prefix, old.secretHash]);

      await migrate(database.url);
      const { rows } = await client.query<{ scopes: string[] }>(`SELECT scopes FROM api_keys WHERE secret_hash = $1`, [old.secretHash]);
      expect(rows[0]!.scopes).toEqual([...API_SCOPES]);

      const insert = (scopes: string[]) => {
        const key = generateApiKey();
        return client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash, scopes) VALUES ($1, 'k', $2, $3, $4)`, [company.rows[0]!.id, key.prefix, key.secretHash, scopes]);
      };
      await expect(insert(["candidates:read"])).resolves.toBeDefined();
      await expect(insert([])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
      await expect(insert(["candidates:read", "admin"])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
      await expect(insert(["candidates:read", null as never])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
    } finally {
      await client.end().catch(() => {});
      await database.drop();
      await rm(work, { recursive: true, force: true });
    }
  });

  it("reports:read (a later scope) goes to full-access keys and the default, not to restricted keys", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "hireflow-scopes-"));
    const database = await createDatabase(inject("adminUrl"));
    const client = new pg.Client({ connectionString: database.url });
    try {
      const names = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      const reportsMigration = names.find((name) => name.endsWith("_reports_read_scope"))!;
      expect(reportsMigration).toBeDefined();
      const before = path.join(work, "before");
      for (const name of names.filter((n) => n < reportsMigration)) await cp(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
      await migrate(database.url, { dir: before });
      await client.connect();
      const company = await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`);
      const insert = async (scopes?: string[]) => {
        const key = generateApiKey();
        if (scopes) await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash, scopes) VALUES ($1, 'k', $2, $3, $4)`, [company.rows[0]!.id, key.prefix, key.secretHash, scopes]);
        else await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash) VALUES ($1, 'k', $2, $3)`, [company.rows[0]!.id, key.prefix, key.secretHash]);
        return key.secretHash;
      };
      const full = await insert();
      const restricted = await insert(["candidates:read", "events:read"]);
      await expect(insert(["reports:read"])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });

      await migrate(database.url);
      const scopesOf = async (hash: string) => (await client.query<{ scopes: string[] }>(`SELECT scopes FROM api_keys WHERE secret_hash = $1`, [hash])).rows[0]!.scopes;
      expect(await scopesOf(full)).toEqual([...API_SCOPES]);
      expect(await scopesOf(restricted)).toEqual(["candidates:read", "events:read"]);
      expect(await scopesOf(await insert())).toEqual([...API_SCOPES]);
      expect(await scopesOf(await insert(["reports:read"]))).toEqual(["reports:read"]);
    } finally {
      await client.end().catch(() => {});
      await database.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});

describe("the interviews migration's scopes", () => {
  const SEVEN = ["candidates:read", "candidates:write", "jobs:read", "jobs:write", "webhooks:read", "webhooks:write", "events:read"];
  const NEW = ["users:read", "interviews:read", "interviews:write", "scorecards:read", "scorecards:write"];

  it("gives keys with full access the new scopes, leaves restricted keys as they were, and admits the new scopes", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "hireflow-interview-scopes-"));
    const database = await createDatabase(inject("adminUrl"));
    const client = new pg.Client({ connectionString: database.url });
    try {
      const names = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      const interviews = names.find((name) => name.endsWith("_interviews"))!;
      expect(interviews).toBeDefined();
      const before = path.join(work, "before");
      for (const name of names.filter((n) => n < interviews)) await cp(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
      await migrate(database.url, { dir: before });
      await client.connect();
      const company = (await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`)).rows[0]!.id;
      const insert = async (scopes: string[] | null) => {
        const key = generateApiKey();
        if (scopes === null) await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash) VALUES ($1, 'k', $2, $3)`, [company, key.prefix, key.secretHash]);
        else await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash, scopes) VALUES ($1, 'k', $2, $3, $4)`, [company, key.prefix, key.secretHash, scopes]);
        return key.secretHash;
      };
      // Before: the new scopes are refused by the old constraint.
      await expect(insert(["users:read"])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
      const byDefault = await insert(null);
      const fullReordered = await insert([...SEVEN].reverse());
      const readOnly = await insert(["candidates:read", "jobs:read", "webhooks:read", "events:read"]);
      const allButOne = await insert(SEVEN.filter((scope) => scope !== "webhooks:write"));

      // Up to and with this migration only: a later one (reports:read) adds its own scope.
      const through = path.join(work, "through");
      for (const name of names.filter((n) => n <= interviews)) await cp(path.join(migrationsDir, name), path.join(through, name), { recursive: true });
      await migrate(database.url, { dir: through });
      const scopesOf = async (hash: string) => (await client.query<{ scopes: string[] }>(`SELECT scopes FROM api_keys WHERE secret_hash = $1`, [hash])).rows[0]!.scopes;
      expect(await scopesOf(byDefault)).toEqual([...SEVEN, ...NEW]);
      expect(normalizeScopes(await scopesOf(fullReordered))).toEqual([...SEVEN, ...NEW]);
      expect(await scopesOf(readOnly)).toEqual(["candidates:read", "jobs:read", "webhooks:read", "events:read"]);
      expect(await scopesOf(allButOne)).toEqual(SEVEN.filter((scope) => scope !== "webhooks:write"));
      expect([...SEVEN, ...NEW, "reports:read", "offers:read", "offers:write"]).toEqual([...API_SCOPES]);

      // After: the new scopes are admitted, a key made without scopes holds all twelve, unknown ones are still refused.
      expect(await scopesOf(await insert(["users:read", "interviews:write"]))).toEqual(["users:read", "interviews:write"]);
      expect(await scopesOf(await insert(null))).toEqual([...SEVEN, ...NEW]);
      await expect(insert(["interviews:admin"])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
    } finally {
      await client.end().catch(() => {});
      await database.drop();
      await rm(work, { recursive: true, force: true });
    }
  });

  it("the offers migration gives keys with every earlier scope offers:read and offers:write, and nobody else", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "hireflow-offer-scopes-"));
    const database = await createDatabase(inject("adminUrl"));
    const client = new pg.Client({ connectionString: database.url });
    try {
      const names = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      const offers = names.find((name) => name.endsWith("_offers"))!;
      expect(offers).toBeDefined();
      const copy = async (folder: string, keep: (name: string) => boolean) => {
        for (const name of names.filter(keep)) await cp(path.join(migrationsDir, name), path.join(work, folder, name), { recursive: true });
        return path.join(work, folder);
      };
      await migrate(database.url, { dir: await copy("before", (n) => n < offers) });
      await client.connect();
      const company = (await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`)).rows[0]!.id;
      const insert = async (scopes: string[] | null) => {
        const key = generateApiKey();
        if (scopes === null) await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash) VALUES ($1, 'k', $2, $3)`, [company, key.prefix, key.secretHash]);
        else await client.query(`INSERT INTO api_keys (company_id, name, prefix, secret_hash, scopes) VALUES ($1, 'k', $2, $3, $4)`, [company, key.prefix, key.secretHash, scopes]);
        return key.secretHash;
      };
      const earlier = API_SCOPES.filter((scope) => !scope.startsWith("offers:"));
      await expect(insert(["offers:read"])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
      const full = await insert(null);
      const restricted = await insert(["candidates:read", "reports:read"]);
      await migrate(database.url, { dir: await copy("through", (n) => n <= offers) });
      const scopesOf = async (hash: string) => (await client.query<{ scopes: string[] }>(`SELECT scopes FROM api_keys WHERE secret_hash = $1`, [hash])).rows[0]!.scopes;
      expect(await scopesOf(full)).toEqual([...earlier, "offers:read", "offers:write"]);
      expect(await scopesOf(restricted)).toEqual(["candidates:read", "reports:read"]);
      expect(await scopesOf(await insert(null))).toEqual([...API_SCOPES]);
      expect(await scopesOf(await insert(["offers:read"]))).toEqual(["offers:read"]);
      await expect(insert(["offers:admin"])).rejects.toMatchObject({ constraint: "api_keys_scopes_check" });
    } finally {
      await client.end().catch(() => {});
      await database.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
