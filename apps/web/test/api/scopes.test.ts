import { randomBytes } from "node:crypto";
import { API_SCOPES, type ApiScope, generateApiKey, revokeApiKey, systemContext } from "@hireflow/core";
import { openApiDocument } from "@hireflow/core/openapi";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { apiClient, type ApiClient, type ApiResponse } from "../helpers/client.ts";
import { addApiKey, createTestCompany, type TestApiKey, type TestCompany } from "../helpers/fixtures.ts";
import { countBlobs, postMultipart } from "../helpers/multipart.ts";
import { fixture, PDF, useTempBlobDir } from "../helpers/resumes.ts";
import { type JsonSchema, fillPath, label, type Operation, operations, validBody } from "../hardening/support/operations.ts";
import { idFieldKind, isIdField, memberReference, pathValues, type Resources, seedResources, tenantSnapshot } from "../hardening/support/resources.ts";

/**
 * Scoped API keys over real HTTP, driven by the OpenAPI document (every documented operation, so a
 * new route is covered the day it is documented): a key outside its scopes gets 403 forbidden
 * naming the missing scope and nothing is written; reads work with read scopes; GET /me answers any
 * key; keys made without scopes (or before scopes existed) hold them all; a revoked key is a 401.
 */
const blobs = useTempBlobDir();
const app = useApiApp();
const marker = `Scope${randomBytes(4).toString("hex")}`;
const READ_SCOPES = API_SCOPES.filter((scope) => scope.endsWith(":read"));

type Documented = Record<string, Record<string, { "x-required-scope"?: ApiScope; description?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
const documented = () => openApiDocument().paths as unknown as Documented;
const scopeOf = (op: Operation): ApiScope | undefined => documented()[op.path]![op.method.toLowerCase()]!["x-required-scope"];
const ops = operations();

let resources: Resources;
let readOnly: TestApiKey;

beforeAll(async () => {
  resources = await seedResources(app.acme, marker);
  readOnly = await addApiKey(app.acme, READ_SCOPES, "read only");
});

const isInteger = (schema: JsonSchema): boolean => schema.type === "integer" || (schema.anyOf ?? schema.oneOf ?? []).some((branch) => branch.type === "integer");

/** A valid request of `op` on `own` resources: the path filled, a body with every documented field. */
function request(op: Operation, own: Resources) {
  const reference = (field: string, schema: JsonSchema): number | string | string[] | undefined => {
    const member = memberReference(field, schema, own);
    if (member !== undefined) return member;
    if (!isIdField(field) || !isInteger(schema)) return undefined;
    const kind = idFieldKind(field);
    return kind ? own[kind] : undefined;
  };
  const body = op.method === "GET" || op.method === "DELETE" ? undefined : validBody(op.body, reference);
  return { path: fillPath(op, pathValues(op, own)), body };
}

function expectRefused(res: ApiResponse, scope: ApiScope, context: string) {
  expect([res.status, res.body?.error?.code], `${context} → ${JSON.stringify(res.body)}`).toEqual([403, "forbidden"]);
  expect(res.body.error.message, context).toContain(`This API key lacks the scope ${scope}`);
  expect(res.headers.get("request-id")).toMatch(/^req_/);
}

describe("the OpenAPI document states each operation's scope", () => {
  it.each(ops.map((op) => [label(op), op] as const))("%s", (name, op) => {
    const operation = documented()[op.path]![op.method.toLowerCase()]!;
    const scope = operation["x-required-scope"];
    if (name === "GET /me") {
      expect(scope).toBeUndefined();
      expect(operation.responses["403"]).toBeUndefined();
      return;
    }
    expect(API_SCOPES, `${name} has no x-required-scope`).toContain(scope);
    expect(operation.description).toContain(`**Required scope:** \`${scope}\``);
    expect(operation.responses["403"]?.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Error" });
  });
});

describe("a read-only key (every :read scope)", () => {
  it.each(ops.map((op) => [label(op), op] as const))("%s", async (name, op) => {
    const scope = scopeOf(op);
    const { path, body } = request(op, resources);
    const before = await tenantSnapshot(app.acme.id);
    const res = await apiClient(app.url, readOnly).call(op.method, path, body);
    if (scope?.endsWith(":write")) {
      expectRefused(res, scope, name);
      expect(res.body.error.message).toContain(`${op.method} /api/v1${op.path}`);
    } else {
      expect(res.status, `${name} → ${res.status} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const after = await tenantSnapshot(app.acme.id);
    if (name === "GET /candidates/{id}/export") {
      // An export is a read that the audit log records (docs/WEB-APP.md "Audit log"): one entry, nothing else.
      expect(after.audit_log!.rows, `${name}: its audit entry`).toBe(before.audit_log!.rows + 1);
      expect({ ...after, audit_log: undefined }, `${name} wrote`).toEqual({ ...before, audit_log: undefined });
      return;
    }
    expect(after, `${name} wrote`).toEqual(before);
  });

  it("is refused a multipart upload before the file is stored", async () => {
    const before = { rows: await tenantSnapshot(app.acme.id), blobs: await countBlobs(blobs.dir()) };
    const res = await postMultipart(app.url, readOnly.apiKey, {
      job_id: String(resources.job),
      name: "Upload",
      email: `upload-${marker}@example.com`.toLowerCase(),
      resume: { bytes: fixture("priya-raman.pdf"), filename: "cv.pdf", type: PDF },
    });
    expectRefused(res, "candidates:write", "multipart POST /candidates");
    expect({ rows: await tenantSnapshot(app.acme.id), blobs: await countBlobs(blobs.dir()) }).toEqual(before);
  });

  it("is refused with an Idempotency-Key too, and a retry is refused the same way", async () => {
    const api = apiClient(app.url, readOnly);
    const body = { job_id: resources.job, name: "Idempotent", email: `idem-${marker}@example.com`.toLowerCase() };
    const headers = { "idempotency-key": `scopes-${marker}` };
    const before = await tenantSnapshot(app.acme.id);
    expectRefused(await api.post("/candidates", body, headers), "candidates:write", "first");
    expectRefused(await api.post("/candidates", body, headers), "candidates:write", "retry");
    expect(await tenantSnapshot(app.acme.id)).toEqual(before);
  });
});

describe("the same writes with a full-access key succeed (so the refusals above prove something)", () => {
  let other: TestCompany;
  let full: ApiClient;
  beforeAll(async () => {
    // Another company: what these writes start in the background must not touch acme's snapshots.
    other = await createTestCompany();
    full = apiClient(app.url, other);
  });

  it.each(ops.filter((op) => scopeOf(op)?.endsWith(":write")).map((op) => [label(op), op] as const))("%s", async (name, op) => {
    const own = await seedResources(other, `Full${marker}`);
    const { path, body } = request(op, own);
    const res = await full.call(op.method, path, body);
    expect(res.status, `${name} → ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(300);
  });
});

describe("a key with every scope but one is refused exactly where that one is needed", () => {
  for (const missing of API_SCOPES) {
    const needing = ops.filter((op) => scopeOf(op) === missing);
    // events:read guards the Events API; until its routes exist there is nothing to refuse.
    it.skipIf(needing.length === 0)(`without ${missing}: ${needing.map(label).join(", ") || "no operation needs it yet"}`, async () => {
      const key = await addApiKey(app.acme, API_SCOPES.filter((scope) => scope !== missing), `all but ${missing}`);
      const api = apiClient(app.url, key);
      for (const op of needing) {
        const { path, body } = request(op, resources);
        const before = await tenantSnapshot(app.acme.id);
        expectRefused(await api.call(op.method, path, body), missing, label(op));
        expect(await tenantSnapshot(app.acme.id), `${label(op)} wrote`).toEqual(before);
      }
      // Everything it does hold still works.
      expect((await api.get("/me")).status).toBe(200);
    });
  }
});

describe("GET /api/v1/me", () => {
  async function expectMe(key: { id: number; apiKey: string }, scopes: readonly ApiScope[]) {
    const res = await apiClient(app.url, key).get("/me");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const prisma = getPrisma();
    const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: key.id }, include: { company: true } });
    expect(res.body).toStrictEqual({
      data: {
        company: { id: app.acme.id, name: row.company.name },
        api_key: { id: key.id, name: row.name, prefix: row.prefix, scopes: [...scopes], created_at: row.createdAt.toISOString() },
      },
    });
    expect(key.apiKey.startsWith(row.prefix)).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(key.apiKey);
  }

  it("answers any valid key with exactly the company and the key", async () => {
    await expectMe(readOnly, READ_SCOPES);
    await expectMe(await addApiKey(app.acme, ["events:read"], "events only"), ["events:read"]);
    const duplicated = await addApiKey(app.acme, ["jobs:write", "candidates:read", "jobs:write"], "messy");
    await expectMe(duplicated, ["candidates:read", "jobs:write"]);
  });

  it("says a key created without scopes holds every scope", async () => {
    const acmeKey = await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: app.acme.id, name: "tests" } });
    await expectMe({ id: acmeKey.id, apiKey: app.acme.apiKey }, API_SCOPES);
  });

  it("takes no parameters", async () => {
    const res = await apiClient(app.url, readOnly).get("/me?expand=all");
    expect([res.status, res.body.error.code]).toEqual([400, "validation_error"]);
  });
});

describe("keys from before scopes existed", () => {
  it("hold every scope (the column default the migration gave existing rows) and can write", async () => {
    const legacy = generateApiKey();
    const [row] = await getPrisma().$queryRaw<{ id: number }[]>`
      INSERT INTO api_keys (company_id, name, prefix, secret_hash) VALUES (${app.acme.id}, 'legacy', ${legacy.prefix}, ${legacy.secretHash}) RETURNING id`;
    const api = apiClient(app.url, { apiKey: legacy.secret });
    const me = await api.get("/me");
    expect(me.body.data.api_key).toMatchObject({ id: row!.id, scopes: [...API_SCOPES] });
    const note = await api.post(`/candidates/${resources.candidate}/notes`, { note: "from an old key" });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
  });
});

describe("a revoked scoped key", () => {
  it("is a 401 everywhere, /me included", async () => {
    const key = await addApiKey(app.acme, ["candidates:read"], "to revoke");
    const api = apiClient(app.url, key);
    expect((await api.get("/candidates")).status).toBe(200);
    await revokeApiKey(systemContext(getPrisma(), app.acme.id), key.id);
    for (const res of [await api.get("/me"), await api.get("/candidates"), await api.post("/jobs", { title: "x" })]) {
      expect([res.status, res.body.error.code]).toEqual([401, "unauthorized"]);
    }
  });
});
