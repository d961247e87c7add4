import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { hostileString } from "./support/fuzz-arbitraries.ts";
import { expectEnvelope, REQUEST_ID } from "./support/routes-app.ts";
import { anyMethod, type BodyWithType, junkBody } from "./support/routes-arbitraries.ts";
import { RUNS, show, useRoutesWorld } from "./support/routes-world.ts";

/**
 * Property: whatever arrives at /api/inngest — any query, body, signature header or method, with
 * and without a signing key — the answer is below 500 and writes nothing: no row of either company
 * changes, no session, no blob. What the answer is depends on whether Inngest is configured (below).
 *
 * FUZZ_RUNS (default 100) sets the runs per property; the world is support/routes-world.ts.
 */
const world = useRoutesWorld();
const { state, send, record, checkAnswer } = world;

const inngestQuery = fc
  .array(fc.tuple(fc.constantFrom("fnId", "stepId", "probe", "deployId", "__proto__", "x"), fc.oneof(fc.constantFrom("hireflow-outbox-sweep", "trust", "step", ""), hostileString)), { maxLength: 3 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, "?"))}`).join("&"));
const inngestBody: fc.Arbitrary<BodyWithType> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ event: fc.jsonValue({ maxDepth: 2 }), events: fc.jsonValue({ maxDepth: 2 }), steps: fc.jsonValue({ maxDepth: 2 }), ctx: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] })
      .map((o): BodyWithType => ({ body: { kind: "text", text: JSON.stringify(o) }, contentType: "application/json" })),
  },
  { weight: 2, arbitrary: junkBody },
  { weight: 1, arbitrary: fc.constant<BodyWithType>({ body: { kind: "none" }, contentType: null }) },
);
function inngestRequest(method: fc.Arbitrary<string>) {
  return fc.record({
    method,
    query: inngestQuery,
    body: inngestBody,
    signature: fc.constantFrom<string | undefined>(undefined, "", "t=1&s=abc", `t=${Math.floor(Date.now() / 1000)}&s=${"0".repeat(64)}`, "garbage"),
    serverKind: fc.constantFrom<string | undefined>(undefined, "cloud", "dev", "junk"),
  });
}

describe("/api/inngest", () => {
  /*
   * With no INNGEST_* variable set (the tests, and a self-hosted install on the local runner) the
   * SDK's serve handler answered 500 {"code":"internal_server_error"} to every GET, POST and PUT
   * ("In cloud mode but no signing key found"), and threw (an uncaught 5xx) on a POST or PUT whose
   * body is not JSON. The route is now only served where Inngest is configured: here it is 404
   * with our envelope. Methods the route does not export are Next's 405.
   */
  it("without Inngest configured: 404 envelope for every request, never 5xx, writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(inngestRequest(anyMethod), async (r) => {
        const path = `/api/inngest${r.query ? `?${r.query}` : ""}`;
        const before = await state();
        const res = await send(r.method, path, { "x-inngest-signature": r.signature, "x-inngest-server-kind": r.serverKind }, r.body);
        const context = `${r.method} ${path} ${show(r)} → ${res.status} ${res.text.slice(0, 300)}`;
        checkAnswer("inngest", r.method, ["GET", "POST", "PUT"], res, context);
        if (["GET", "POST", "PUT"].includes(r.method)) {
          expect(res.status, context).toBe(404);
          expect(expectEnvelope(res, context).code).toBe("not_found");
        }
        expect(await state(), context).toEqual(before);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  /*
   * With a signing key (Inngest Cloud), the SDK's own contract: a GET or POST that Inngest did not
   * sign is 401 {"message":"Unauthorized"} (not our envelope: Inngest reads it), a body that is not
   * JSON is our 400 envelope (the SDK would have thrown). PUT is left out: it makes the SDK register
   * the app with Inngest Cloud, so its answer depends on reaching api.inngest.com.
   */
  describe("with a signing key", () => {
    world.useEnv({ INNGEST_SIGNING_KEY: `signkey-test-${randomBytes(32).toString("hex")}` });
    beforeAll(() => {
      // The SDK reports every refused signature on the console.
      vi.spyOn(console, "error").mockImplementation(() => {});
      vi.spyOn(console, "warn").mockImplementation(() => {});
    });
    afterAll(() => {
      vi.restoreAllMocks();
    });

    it("unsigned GET/POST: 401 from the SDK, our 400 for a non-JSON body, never 5xx, writes nothing", async () => {
      await fc.assert(
        fc.asyncProperty(
          inngestRequest(fc.oneof({ weight: 4, arbitrary: fc.constantFrom("GET", "POST") }, { weight: 1, arbitrary: fc.constantFrom("PATCH", "DELETE") })),
          async (r) => {
            const path = `/api/inngest${r.query ? `?${r.query}` : ""}`;
            const before = await state();
            const res = await send(r.method, path, { "x-inngest-signature": r.signature, "x-inngest-server-kind": r.serverKind }, r.body);
            const context = `${r.method} ${path} ${show(r)} → ${res.status} ${res.text.slice(0, 300)}`;
            record("inngest (signing key)", res);
            expect(res.status, context).toBeLessThan(500);
            if (r.method === "GET" || r.method === "POST") {
              expect(res.headers.get("request-id"), context).toMatch(REQUEST_ID);
              if (res.status === 400) {
                expect(expectEnvelope(res, context).code).toBe("bad_request");
              } else {
                expect(res.status, context).toBe(401);
                expect(JSON.parse(res.text), context).toEqual({ message: "Unauthorized" });
              }
            } else {
              expect(res.status, context).toBe(405);
            }
            expect(await state(), context).toEqual(before);
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    });
  });
});
