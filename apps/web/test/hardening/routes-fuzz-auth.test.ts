import { randomBytes } from "node:crypto";
import { createSession, hashSessionToken } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headerValue, hostileString } from "./support/fuzz-arbitraries.ts";
import { anyMethod, type BodyWithType, cookieChoice, forwardedFor, junkBody, originChoice, secFetchSite, taint } from "./support/routes-arbitraries.ts";
import { PASSWORD, RUNS, show, useRoutesWorld } from "./support/routes-world.ts";

/**
 * Property: whatever arrives at POST /api/auth/sign-in and POST /api/auth/sign-out — any body,
 * credentials, cookie, CSRF token, origin or method — the answer is below 500, carries a request id,
 * is the error envelope on 4xx (code matching the status), and a refused request writes nothing: no
 * row of either company changes, no session appears or disappears. Sign-in refuses cross-site
 * requests; a session ends only with its own cookie and CSRF token.
 *
 * FUZZ_RUNS (default 100) sets the runs per property; the world is support/routes-world.ts.
 */
const world = useRoutesWorld();
const { state, send, checkAnswer, cookieHeader, originHeader } = world;

// ---------------------------------------------------------------------------------------------
// POST /api/auth/sign-in
// ---------------------------------------------------------------------------------------------

type Credentials = { email: "real" | "real-upper" | "unknown" | { value: string }; password: "real" | "wrong" | { value: unknown }; extra: Record<string, unknown> };

const credentials: fc.Arbitrary<Credentials> = fc.record(
  {
    email: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<"real" | "real-upper" | "unknown">("real", "real-upper", "unknown") },
      { weight: 1, arbitrary: hostileString.map((value) => ({ value })) },
    ),
    password: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom<"real" | "wrong">("real", "wrong") },
      { weight: 1, arbitrary: fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }), fc.constant("p".repeat(201)), taint(PASSWORD)).map((value) => ({ value })) },
    ),
    // Unknown fields are refused by the strict schema: sometimes.
    extra: fc.oneof(
      { weight: 4, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("remember", "csrf_token", "__proto__", "company_id"), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 2 }) },
    ),
  },
);

function credentialsBody(c: Credentials): Record<string, unknown> {
  const email = c.email === "real" ? world.user.email : c.email === "real-upper" ? world.user.email.toUpperCase() : c.email === "unknown" ? `nobody-${randomBytes(3).toString("hex")}@example.com` : c.email.value;
  const password = c.password === "real" ? PASSWORD : c.password === "wrong" ? "wrong password" : c.password.value;
  return JSON.parse(JSON.stringify({ email, password, ...c.extra }));
}

type SignInBody = { kind: "credentials"; credentials: Credentials; contentType: string | null; as: "json" | "form" } | { kind: "junk"; body: BodyWithType };

const signInBody: fc.Arbitrary<SignInBody> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("credentials" as const),
      credentials,
      contentType: fc.oneof({ weight: 5, arbitrary: fc.constant<string | null>("application/json") }, { weight: 1, arbitrary: fc.constantFrom<string | null>("text/plain", "application/json;charset=utf-8", null) }),
      as: fc.oneof({ weight: 5, arbitrary: fc.constant<"json" | "form">("json") }, { weight: 1, arbitrary: fc.constant<"json" | "form">("form") }),
    }),
  },
  { weight: 3, arbitrary: junkBody.map((body): SignInBody => ({ kind: "junk", body })) },
);

function signInPayload(b: SignInBody): BodyWithType {
  if (b.kind === "junk") return b.body;
  const fields = credentialsBody(b.credentials);
  // A form field is text: a value the JSON shape left as an object is sent as its JSON (String() throws on
  // an object whose toString is not a function, as a fuzzed {"toString": false} is).
  if (b.as === "form") return { body: { kind: "form", entries: Object.entries(fields).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]) }, contentType: null };
  return { body: { kind: "text", text: JSON.stringify(fields) }, contentType: b.contentType };
}

describe("POST /api/auth/sign-in", () => {
  it("never 5xx, always the envelope, refuses cross-site requests, and a refusal opens no session", async () => {
    const request = fc.record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: anyMethod }),
      body: signInBody,
      origin: originChoice,
      site: secFetchSite,
      xff: forwardedFor,
      cookie: cookieChoice,
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const before = await state();
        const origin = originHeader(r.origin);
        const res = await send(r.method, "/api/auth/sign-in", { origin, "sec-fetch-site": r.site, "x-forwarded-for": r.xff, cookie: cookieHeader(r.cookie, undefined) }, signInPayload(r.body));
        const context = `${r.method} /api/auth/sign-in ${show(r)} → ${res.status} ${res.text.slice(0, 300)}`;
        checkAnswer("sign-in", r.method, ["POST"], res, context);
        if (r.method !== "POST") {
          expect(await state(), context).toEqual(before);
          return;
        }

        let crossSite = Boolean(r.site) && r.site !== "same-origin" && r.site !== "none";
        if (origin) {
          try {
            crossSite ||= new URL(origin).host !== new URL(world.url).host;
          } catch {
            crossSite = true;
          }
        }
        if (crossSite) expect(res.status, `${context}: a cross-site sign-in was not refused`).toBe(403);
        const after = await state();
        if (res.status === 200) {
          expect(res.headers.get("set-cookie"), context).toMatch(/^hf_session=[A-Za-z0-9_-]{43};/);
          expect(after.sessions[world.acme.id]!.rows, context).toBe(before.sessions[world.acme.id]!.rows + 1);
          expect(after.rows, context).toEqual(before.rows);
          expect(after.blobs, context).toBe(before.blobs);
        } else {
          expect(res.headers.get("set-cookie"), context).toBeNull();
          expect(after, `${context}: a refused sign-in wrote`).toEqual(before);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// POST /api/auth/sign-out
// ---------------------------------------------------------------------------------------------

type CsrfChoice = { kind: "real" } | { kind: "wrong" } | { kind: "literal"; value: string | undefined };
const csrfChoice: fc.Arbitrary<CsrfChoice> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<CsrfChoice>({ kind: "real" }) },
  { weight: 1, arbitrary: fc.constant<CsrfChoice>({ kind: "wrong" }) },
  { weight: 2, arbitrary: fc.oneof(fc.constant(undefined), fc.constant(""), headerValue).map((value): CsrfChoice => ({ kind: "literal", value })) },
);

type SignOutBody =
  | { kind: "form"; csrf: CsrfChoice | "file"; as: "urlencoded" | "multipart"; extra: [string, string][] }
  | { kind: "junk"; body: BodyWithType };
const signOutBody: fc.Arbitrary<SignOutBody> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("form" as const),
      csrf: fc.oneof({ weight: 4, arbitrary: csrfChoice }, { weight: 1, arbitrary: fc.constant("file" as const) }),
      as: fc.constantFrom<"urlencoded" | "multipart">("urlencoded", "multipart"),
      extra: fc.array(fc.tuple(fc.constantFrom("csrf_token", "x", "__proto__"), hostileString), { maxLength: 2 }),
    }),
  },
  { weight: 3, arbitrary: junkBody.map((body): SignOutBody => ({ kind: "junk", body })) },
  { weight: 1, arbitrary: fc.constant<SignOutBody>({ kind: "junk", body: { body: { kind: "none" }, contentType: null } }) },
);

function csrfValue(choice: CsrfChoice, real: string): string | undefined {
  return choice.kind === "real" ? real : choice.kind === "wrong" ? randomBytes(32).toString("base64url") : choice.value;
}

function signOutPayload(b: SignOutBody, real: string): BodyWithType {
  if (b.kind === "junk") return b.body;
  const entries: [string, string | { bytes: Uint8Array; filename: string; type: string }][] = [];
  if (b.csrf === "file") entries.push(["csrf_token", { bytes: new TextEncoder().encode(real), filename: "csrf.txt", type: "text/plain" }]);
  else {
    const value = csrfValue(b.csrf, real);
    if (value !== undefined) entries.push(["csrf_token", value]);
  }
  entries.push(...b.extra);
  if (b.as === "multipart") return { body: { kind: "form", entries }, contentType: null };
  const text = entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === "string" ? v.replace(/[\uD800-\uDFFF]/g, "?") : "file")}`).join("&");
  return { body: { kind: "text", text }, contentType: "application/x-www-form-urlencoded" };
}

describe("POST /api/auth/sign-out", () => {
  it("never 5xx, the envelope on refusals, and a session ends only with its own cookie and CSRF token", async () => {
    const request = fc.record({
      method: fc.oneof({ weight: 9, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: anyMethod }),
      cookie: cookieChoice,
      header: fc.oneof({ weight: 2, arbitrary: fc.constant<CsrfChoice>({ kind: "literal", value: undefined }) }, { weight: 1, arbitrary: csrfChoice }),
      body: signOutBody,
      origin: originChoice,
      xff: forwardedFor,
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const session = await createSession(getPrisma(), world.user.id);
        const before = await state();
        const cookie = cookieHeader(r.cookie, session.token);
        const res = await send(
          r.method,
          "/api/auth/sign-out",
          { cookie, "x-csrf-token": csrfValue(r.header, session.csrfToken), origin: originHeader(r.origin), "x-forwarded-for": r.xff },
          signOutPayload(r.body, session.csrfToken),
        );
        const context = `${r.method} /api/auth/sign-out ${show(r)} → ${res.status} ${res.text.slice(0, 300)}`;
        checkAnswer("sign-out", r.method, ["POST"], res, context);
        const after = await state();
        const alive = await getPrisma().session.count({ where: { tokenHash: hashSessionToken(session.token) } });
        if (res.status === 303) {
          expect(new URL(res.headers.get("location")!).pathname, context).toBe("/sign-in");
          expect(res.headers.get("set-cookie"), context).toMatch(/hf_session=;.*Max-Age=0/i);
          expect(after.rows, context).toEqual(before.rows);
          if (alive === 0) {
            // Ended: only by its own cookie, with the matching token.
            expect(r.cookie.kind === "real" || r.cookie.kind === "real-twice", `${context}: a session ended without its cookie`).toBe(true);
            expect(after.sessions[world.acme.id]!.rows, context).toBe(before.sessions[world.acme.id]!.rows - 1);
          } else {
            expect(after, context).toEqual(before);
          }
        } else {
          expect(alive, `${context}: a refused sign-out ended the session`).toBe(1);
          expect(after, `${context}: a refused sign-out wrote`).toEqual(before);
        }
        if (r.method === "POST" && (r.cookie.kind === "real" || r.cookie.kind === "real-twice") && res.status === 303) {
          expect(alive, `${context}: signed out, but the session lives on`).toBe(0);
        }
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
