import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "../helpers/app.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { type JsonSchema, fillPath, label, type Operation, operations, validBody } from "./support/operations.ts";
import { idFieldKind, isIdField, memberReference, pathValues, type Resources, seedResources, tenantSnapshot } from "./support/resources.ts";

/**
 * Company B's key against company A's resources, for every documented operation: a 404 (lists: no
 * A rows), and A's rows unchanged. Generated from the OpenAPI document, so a new route is swept
 * as soon as it exists — and a route with a parameter the sweep cannot fill fails here.
 */
let app: Awaited<ReturnType<typeof startApp>>;
let companyA: TestCompany;
let companyB: TestCompany;
let a: Resources;
let apiB: ApiClient;
const marker = `Amark${randomBytes(5).toString("hex")}`;
const ops = operations();

beforeAll(async () => {
  app = await startApp();
  [companyA, companyB] = await Promise.all([createTestCompany(), createTestCompany()]);
  a = await seedResources(companyA, marker);
  await seedResources(companyB, "Bmark");
  apiB = apiClient(app.url, companyB);
});
afterAll(() => app.close());

const isInteger = (schema: JsonSchema): boolean =>
  schema.type === "integer" || (schema.anyOf ?? schema.oneOf ?? []).some((branch) => branch.type === "integer");

/**
 * The request of `op` aimed at `resources`: path parameters and integer `*_id` body/query fields
 * name them (an id field without a rule fails the sweep). `targeted` says whether anything in the
 * request names a resource at all — a plain create (POST /webhook_endpoints) only makes B's own row.
 */
function request(op: Operation, resources: Resources) {
  let targeted = op.pathParams.length > 0;
  const reference = (field: string, schema: JsonSchema): number | string | string[] | undefined => {
    const member = memberReference(field, schema, resources);
    if (member !== undefined) return member;
    if (!isIdField(field) || !isInteger(schema)) return undefined;
    const kind = idFieldKind(field);
    if (!kind) throw new Error(`${label(op)}: no rule for id field "${field}"; add it to ID_FIELDS in support/resources.ts`);
    targeted = true;
    return resources[kind];
  };
  const path = fillPath(op, pathValues(op, resources));
  const query = new URLSearchParams();
  for (const param of op.queryParams) {
    const id = reference(param.name, param.schema);
    if (id !== undefined) query.set(param.name, String(id));
  }
  const body = op.method === "GET" || op.method === "DELETE" ? undefined : validBody(op.body, reference);
  return { path: query.size ? `${path}?${query}` : path, body, targeted };
}

describe("tenant isolation sweep (every documented operation)", () => {
  it("the document has operations, and every path parameter can be filled", () => {
    expect(ops.length).toBeGreaterThanOrEqual(7);
    for (const op of ops) expect(() => request(op, a), label(op)).not.toThrow();
    console.info(`[isolation] ${ops.length} operations swept: ${ops.map(label).join(", ")}`);
  });

  it("refuses to sweep a route whose parameter it cannot fill (so no route goes uncovered)", () => {
    const unknown: Operation = { method: "GET", path: "/widgets/{id}", pathParams: ["id"], queryParams: [], isList: false };
    expect(() => request(unknown, a)).toThrow(/no rule for path parameter \{id\}/);
    const unknownField: Operation = { method: "POST", path: "/things", pathParams: [], queryParams: [], isList: false, body: { type: "object", properties: { widget_id: { type: "integer" } } } };
    expect(() => request(unknownField, a)).toThrow(/no rule for id field "widget_id"/);
  });

  it.each(ops.map((op) => [label(op), op] as const))("%s with company B's key on company A's resources", async (_name, op) => {
    const before = await tenantSnapshot(companyA.id);
    const { path, body, targeted } = request(op, a);
    const res = await apiB.call(op.method, path, body);
    const text = JSON.stringify(res.body);
    expect(res.status, `${label(op)} → ${res.status} ${text}`).toBeLessThan(500);
    expect(text, `${label(op)} leaked company A's data`).not.toContain(marker);
    if (op.isList && op.pathParams.length === 0) {
      expect(res.status, text).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
    } else if (!targeted) {
      // Names nothing of A's (a plain create): whatever it does happens in B, checked by the snapshot below.
      expect(res.status, text).toBeLessThan(300);
    } else {
      expect(res.status, `${label(op)} → ${text}`).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect(await tenantSnapshot(companyA.id), `${label(op)} changed company A's rows`).toEqual(before);
  });

  it.each(ops.map((op) => [label(op), op] as const))("%s control: the same request on company B's own resources is found and valid", async (_name, op) => {
    // Fresh resources per operation, so a DELETE or a secret rotation does not affect the next one.
    const own = await seedResources(companyB, "Bmark");
    const { path, body } = request(op, own);
    const res = await apiB.call(op.method, path, body);
    expect(res.status, `${label(op)} → ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
    expect(res.status, `${label(op)}: the sweep's 404 would prove nothing`).not.toBe(404);
    expect(res.body?.error?.code, `${label(op)}: the sweep's body is not valid`).not.toBe("validation_error");
    if (op.isList && op.pathParams.length === 0) expect(res.body.data.length, `${label(op)} lists B's own rows`).toBeGreaterThan(0);
  });
});
