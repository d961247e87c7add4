import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callArbitrary, type TrpcCall } from "./support/trpc-arbitraries.ts";
import { checkResponse, send, startTrpcApp } from "./support/trpc-client.ts";
import { procedures, validInput } from "./support/trpc-procedures.ts";
import { snapshotSeries } from "./support/resources.ts";
import { referenceHint, seedTenant, type Tenant, trpcSnapshot } from "./support/trpc-resources.ts";

/**
 * Property: whatever a signed-in user sends to any procedure of /api/trpc — any input, wrong types,
 * huge strings, NUL and control characters, deep nesting, text that is not JSON, odd `input=`
 * query strings, the wrong method, batch and path tricks, bad CSRF tokens — the answer is below
 * 500, has a request id, is tRPC's error shape with the API's envelope on 4xx, and a rejected call
 * writes nothing. The procedures come from `appRouter`, so new ones are fuzzed too.
 */
const RUNS_PER_PROCEDURE = Number(process.env.FUZZ_RUNS ?? 100);
const procs = procedures();
const stats = {
  sent: 0,
  rejected: 0,
  accepted: 0,
  serverErrors: 0,
  byStatus: {} as Record<number, number>,
  byTransport: {} as Record<string, number>,
};

let app: Awaited<ReturnType<typeof startTrpcApp>>;
let acme: Tenant;

beforeAll(async () => {
  app = await startTrpcApp();
  acme = await seedTenant(`Fuzz${Date.now().toString(36)}`);
});
afterAll(async () => {
  console.info(`[trpc-fuzz] ${JSON.stringify({ procedures: procs.length, runsPerProcedure: RUNS_PER_PROCEDURE, ...stats })}`);
  await app?.close();
});

/** [path, text] of every string in a value ("screening_questions.0.label"). */
function stringLeaves(value: unknown, path: string[] = []): [string[], string][] {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => stringLeaves(item, [...path, key]));
  return [];
}

function withLeaf(value: unknown, path: string[], leaf: string): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (String(i) === head ? withLeaf(item, rest, leaf) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: withLeaf(record[head!], rest, leaf) };
}

const show = (call: TrpcCall) => {
  const body = typeof call.body === "string" ? call.body.slice(0, 200) : call.body ? `<${call.body.length} bytes>` : "";
  return `${call.method} /api/trpc/${call.path}?${call.query.slice(0, 200)} ${JSON.stringify({ ...call.headers, cookie: call.headers.cookie === acme.session.cookie ? "<session>" : call.headers.cookie, "x-csrf-token": call.headers["x-csrf-token"] === acme.session.csrf ? "<csrf>" : call.headers["x-csrf-token"] })} ${body}`;
};

describe("fuzzing every procedure of appRouter over /api/trpc", () => {
  it("covers the whole router", () => {
    expect(procs.length).toBeGreaterThanOrEqual(28);
  });

  // Found by this fuzz: the wrong method was tRPC's METHOD_NOT_SUPPORTED, which toAppError turned
  // into a 500, and HEAD (Next serves it with the GET export) answered without a request id.
  it.each(procs.map((proc) => [proc.path, proc] as const))("%s: the wrong method is a 400, HEAD has a request id, neither writes", async (_name, proc) => {
    const valid = validInput(proc, referenceHint(proc, acme.resources), { skip: ["cursor"] });
    const input = valid === undefined ? "" : JSON.stringify(valid);
    const headers = { cookie: acme.session.cookie, "x-csrf-token": acme.session.csrf, "content-type": "application/json" };
    const wrong: TrpcCall =
      proc.type === "query"
        ? { transport: "POST to a query", method: "POST", path: proc.path, query: "", headers, body: input || undefined }
        : { transport: "GET of a mutation", method: "GET", path: proc.path, query: input && `input=${encodeURIComponent(input)}`, headers };
    const head: TrpcCall = { transport: "HEAD", method: "HEAD", path: proc.path, query: wrong.query, headers };
    const before = await trpcSnapshot(acme.company.id);
    for (const call of [wrong, head]) {
      const res = await send(app.url, call);
      const context = `${show(call)} → ${res.status} ${res.text.slice(0, 300)}`;
      expect(res.status, context).toBeLessThan(500);
      checkResponse(res, context, call.method);
      if (call === wrong) expect(res.json.error.data.error.code, context).toBe("bad_request");
    }
    expect(await trpcSnapshot(acme.company.id)).toEqual(before);
  });

  // Found by this fuzz: UI-only ids (pipeline, careers, jobs.update, apiKeys.revoke) had no upper
  // bound, and 2147483648 reached PostgreSQL's int4 columns as a 500.
  it.each(procs.map((proc) => [proc.path, proc] as const))("%s: an id beyond the int4 range is a 400, not a database error", async (_name, proc) => {
    const huge = 2 ** 31;
    const references: string[] = [];
    const valid = validInput(proc, referenceHint(proc, acme.resources, (path) => references.push(path)), { skip: ["cursor"] });
    for (const field of references.filter((f) => f !== "slug")) {
      const current = (valid as Record<string, unknown>)[field];
      const wire = (v: unknown): unknown => (Array.isArray(v) ? [wire(v[0])] : typeof v === "string" ? String(huge) : huge);
      const input = JSON.stringify({ ...(valid as object), [field]: wire(current) });
      const call: TrpcCall =
        proc.type === "query"
          ? { transport: "GET query", method: "GET", path: proc.path, query: `input=${encodeURIComponent(input)}`, headers: { cookie: acme.session.cookie } }
          : { transport: "POST mutation", method: "POST", path: proc.path, query: "", headers: { cookie: acme.session.cookie, "x-csrf-token": acme.session.csrf, "content-type": "application/json" }, body: input };
      const res = await send(app.url, call);
      const context = `${show(call)} → ${res.status} ${res.text.slice(0, 300)}`;
      checkResponse(res, context, call.method);
      expect([res.status, res.json?.error?.data?.error?.code], context).toEqual([400, "validation_error"]);
    }
  });

  // Found by this fuzz: a NUL in a job's title reached PostgreSQL (a 400) after createJob had
  // created the department, so a rejected call wrote. Every text of every valid input, once each.
  it.each(procs.map((proc) => [proc.path, proc] as const))("%s: a NUL in any text field is rejected without writing", async (_name, proc) => {
    const valid = validInput(proc, referenceHint(proc, acme.resources), { skip: ["cursor"] });
    const snapshots = snapshotSeries(() => trpcSnapshot(acme.company.id));
    for (const [path, text] of stringLeaves(valid)) {
      const input = JSON.stringify(withLeaf(valid, path, `${text.slice(0, 3)}\u0000${text.slice(3)}`));
      const call: TrpcCall =
        proc.type === "query"
          ? { transport: "GET query", method: "GET", path: proc.path, query: `input=${encodeURIComponent(input)}`, headers: { cookie: acme.session.cookie } }
          : { transport: "POST mutation", method: "POST", path: proc.path, query: "", headers: { cookie: acme.session.cookie, "x-csrf-token": acme.session.csrf, "content-type": "application/json" }, body: input };
      const before = await snapshots.before();
      const res = await send(app.url, call);
      const context = `${path.join(".")}: ${show(call)} → ${res.status} ${res.text.slice(0, 300)}`;
      expect(res.status, context).toBeLessThan(500);
      checkResponse(res, context, call.method);
      if (res.status >= 400) expect(await snapshots.after(), `${context}: a rejected call wrote`).toEqual(before);
    }
  });

  it.each(procs.map((proc) => [proc.path, proc] as const))("%s: never 5xx, always a request id and the error shape, nothing written on rejection", async (_name, proc) => {
    const valid = validInput(proc, referenceHint(proc, acme.resources), { skip: ["cursor"] });
    const snapshots = snapshotSeries(() => trpcSnapshot(acme.company.id));
    await fc.assert(
      fc.asyncProperty(callArbitrary(proc, valid, acme.session), async (call) => {
        const before = await snapshots.before();
        const res = await send(app.url, call);
        const context = `${show(call)} → ${res.status} ${res.text.slice(0, 300)}`;
        stats.sent++;
        stats.byStatus[res.status] = (stats.byStatus[res.status] ?? 0) + 1;
        stats.byTransport[call.transport] = (stats.byTransport[call.transport] ?? 0) + 1;
        if (res.status >= 500) stats.serverErrors++;
        else if (res.status >= 400) stats.rejected++;
        else stats.accepted++;
        expect(res.status, context).toBeLessThan(500);
        checkResponse(res, context, call.method);
        if (res.status >= 400) expect(await snapshots.after(), `${context}: a rejected call wrote`).toEqual(before);
      }),
      { numRuns: RUNS_PER_PROCEDURE, endOnFailure: true },
    );
  });
});
