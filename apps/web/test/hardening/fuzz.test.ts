import { ERROR_CODES } from "@hireflow/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";
import { countBlobs } from "../helpers/multipart.ts";
import { useTempBlobDir } from "../helpers/resumes.ts";
import { bodyArbitrary, type FuzzBody, headersArbitrary, pathValueArbitrary, queryArbitrary } from "./support/fuzz-arbitraries.ts";
import { fillPath, label, operations } from "./support/operations.ts";
import { toBodyInit } from "./support/request-body.ts";
import { idFieldKind, memberReference, type Resources, seedResources, snapshotSeries, tenantSnapshot } from "./support/resources.ts";

/**
 * Property: whatever arrives — any body, headers, path or query — at any documented operation, the
 * API answers below 500, with a request id, with the error envelope on 4xx, and a rejected request
 * writes nothing. The operations come from the OpenAPI document, so new routes are fuzzed too.
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 100);
const ops = operations();
const stats = { sent: 0, rejected: 0, accepted: 0, serverErrors: 0, byStatus: {} as Record<number, number> };

// Accepted multipart creates store their resume here; a rejected one must leave no blob behind.
const blobs = useTempBlobDir();
const app = useApiApp();
let resources: Resources;

beforeAll(async () => {
  resources = await seedResources(app.acme, "Fuzz");
});
afterAll(async () => {
  console.info(`[fuzz] ${JSON.stringify({ operations: ops.length, runsPerOperation: RUNS_PER_OPERATION, ...stats })}`);
});

interface Sent {
  status: number;
  headers: Headers;
  text: string;
}

async function send(method: string, path: string, query: string, headers: Record<string, string>, body: FuzzBody): Promise<Sent> {
  const withBody = method !== "GET" && method !== "HEAD" && method !== "DELETE";
  const sentHeaders = { ...headers };
  const res = await fetch(`${app.url}/api/v1${path}${query ? `?${query}` : ""}`, {
    method,
    headers: sentHeaders,
    body: withBody ? toBodyInit(body, sentHeaders) : undefined,
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function checkEnvelope(res: Sent, context: string) {
  expect(res.headers.get("request-id"), context).toMatch(/^req_[A-Za-z0-9_-]+$/);
  if (res.status < 400) return;
  let body: { error?: { code?: unknown; message?: unknown; details?: unknown } };
  try {
    body = JSON.parse(res.text);
  } catch {
    throw new Error(`${context}: ${res.status} without a JSON envelope: ${res.text.slice(0, 200)}`);
  }
  expect(Object.keys(body), context).toEqual(["error"]);
  expect(ERROR_CODES, context).toContain(body.error?.code);
  expect(typeof body.error?.message, context).toBe("string");
  if (body.error?.details !== undefined) {
    expect(Array.isArray(body.error.details), context).toBe(true);
    for (const detail of body.error.details as unknown[]) expect(detail, context).toEqual({ field: expect.any(String), message: expect.any(String) });
  }
}

describe("fuzzing every documented operation", () => {
  it("covers the whole document", () => {
    expect(ops.length).toBeGreaterThanOrEqual(7);
  });

  it.each(ops.map((op) => [label(op), op] as const))("%s: never 5xx, always the envelope, nothing written on rejection", async (_name, op) => {
    const realIds = Object.values(resources);
    const request = fc.record({
      path: fc.array(pathValueArbitrary(realIds), { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
      query: queryArbitrary(op),
      headers: headersArbitrary(app.acme.apiKey),
      body: bodyArbitrary(op, (field, schema) => {
        const kind = idFieldKind(field);
        return kind ? resources[kind] : memberReference(field, schema, resources);
      }),
    });
    const snapshots = snapshotSeries(async () => ({ rows: await tenantSnapshot(app.acme.id), blobs: await countBlobs(blobs.dir()) }));
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const path = fillPath(op, Object.fromEntries(op.pathParams.map((name, i) => [name, r.path[i]!])));
        const before = await snapshots.before();
        const res = await send(op.method, path, r.query, r.headers, r.body);
        const context = `${op.method} ${path}?${r.query} → ${res.status} ${res.text.slice(0, 300)}`;
        stats.sent++;
        stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
        if (res.status >= 500) stats.serverErrors++;
        else if (res.status >= 400) stats.rejected++;
        else stats.accepted++;
        expect(res.status, context).toBeLessThan(500);
        checkEnvelope(res, context);
        if (res.status >= 400) {
          expect(await snapshots.after(), `${context}: a rejected request wrote`).toEqual(before);
        }
      }),
      { numRuns: RUNS_PER_OPERATION, endOnFailure: true },
    );
  });
});
