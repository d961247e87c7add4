import { randomBytes } from "node:crypto";
import { signFileToken } from "@hireflow/storage";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headerValue } from "./support/fuzz-arbitraries.ts";
import { expectEnvelope, type Sent } from "./support/routes-app.ts";
import { anyMethod, cookieChoice, forwardedFor, hostileSegment } from "./support/routes-arbitraries.ts";
import { BASE64URL, RUNS, show, useRoutesWorld } from "./support/routes-world.ts";

/**
 * Property: whatever arrives at the signed file downloads, GET /api/files/{token} — genuine tokens,
 * tokens with one character changed, ones expired, signed with another secret or naming a missing
 * blob, any path value, header or method — the answer is below 500, carries a request id, serves
 * exactly the file a genuine token names and is otherwise the 403/404 envelope, and writes nothing.
 *
 * FUZZ_RUNS (default 100) sets the runs per property; the world is support/routes-world.ts.
 */
const world = useRoutesWorld();
const { state, checkAnswer, cookieHeader } = world;

type TokenChoice =
  | { kind: "real"; of: "acme" | "other" }
  | { kind: "tampered"; of: "acme" | "other"; op: "replace" | "delete" | "insert" | "truncate" | "case" | "swap"; at: number; char: string }
  | { kind: "signed"; what: "expired" | "missing-blob" | "wrong-secret" | "other-purpose" }
  | { kind: "segment"; value: string };

const tokenChoice: fc.Arbitrary<TokenChoice> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom<"acme" | "other">("acme", "other").map((of): TokenChoice => ({ kind: "real", of })) },
  {
    weight: 5,
    arbitrary: fc
      .record({
        of: fc.constantFrom<"acme" | "other">("acme", "other"),
        op: fc.constantFrom<"replace" | "delete" | "insert" | "truncate" | "case" | "swap">("replace", "delete", "insert", "truncate", "case", "swap"),
        at: fc.nat(),
        char: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...BASE64URL) }, { weight: 1, arbitrary: fc.constantFrom(".", "=", "+", "/", "%", " ", "\u0000", "é") }),
      })
      .map((t): TokenChoice => ({ kind: "tampered", ...t })),
  },
  { weight: 1, arbitrary: fc.constantFrom("expired", "missing-blob", "wrong-secret", "other-purpose").map((what): TokenChoice => ({ kind: "signed", what: what as "expired" })) },
  { weight: 2, arbitrary: hostileSegment.map((value): TokenChoice => ({ kind: "segment", value })) },
);

function tamper(token: string, t: Extract<TokenChoice, { kind: "tampered" }>): string {
  const i = t.at % token.length;
  switch (t.op) {
    case "replace":
      return token.slice(0, i) + t.char + token.slice(i + 1);
    case "delete":
      return token.slice(0, i) + token.slice(i + 1);
    case "insert":
      return token.slice(0, i) + t.char + token.slice(i);
    case "truncate":
      // An empty segment is no route at all.
      return token.slice(0, Math.max(1, i));
    case "case":
      return token.slice(0, i) + (token[i] === token[i]!.toUpperCase() ? token[i]!.toLowerCase() : token[i]!.toUpperCase()) + token.slice(i + 1);
    case "swap": {
      // This file's payload under the other file's signature.
      const [payload] = token.split(".");
      const [, signature] = world.files[t.of === "acme" ? "other" : "acme"].token.split(".");
      return `${payload}.${signature}`;
    }
  }
}

/** The raw token (before encoding) and the real file it is, if it is exactly one. */
function resolveToken(choice: TokenChoice): { token: string; encoded: string; file?: "acme" | "other"; missing?: boolean } {
  const encode = (token: string) => encodeURIComponent(token);
  switch (choice.kind) {
    case "real":
      return { token: world.files[choice.of].token, encoded: encode(world.files[choice.of].token), file: choice.of };
    case "tampered": {
      const token = tamper(world.files[choice.of].token, choice);
      const file = (["acme", "other"] as const).find((f) => world.files[f].token === token);
      return { token, encoded: encode(token), file };
    }
    case "signed": {
      const key = choice.what === "missing-blob" ? `resumes/${world.acme.id}/missing-${randomBytes(4).toString("hex")}.pdf` : `resumes/${world.acme.id}/whatever.pdf`;
      const token =
        choice.what === "expired"
          ? signFileToken({ key, filename: "x.pdf", expiresInSeconds: -1 })
          : choice.what === "wrong-secret"
            ? signFileToken({ key, filename: "x.pdf" }, { secret: "not-the-secret-not-the-secret-0123456789" })
            : choice.what === "other-purpose"
              ? `${Buffer.from(JSON.stringify({ k: key, f: "x", e: 9999999999 })).toString("base64url")}.${randomBytes(32).toString("base64url")}`
              : signFileToken({ key, filename: "x.pdf" });
      return { token, encoded: encode(token), missing: choice.what === "missing-blob" };
    }
    case "segment":
      return { token: decodeURIComponent(choice.value), encoded: choice.value };
  }
}

describe("GET /api/files/{token}", () => {
  it("never 5xx, serves exactly the file a genuine token names, 403/404 envelope otherwise, writes nothing", async () => {
    const request = fc.record({
      method: fc.oneof({ weight: 8, arbitrary: fc.constant("GET") }, { weight: 1, arbitrary: fc.constant("HEAD") }, { weight: 1, arbitrary: anyMethod }),
      token: tokenChoice,
      cookie: cookieChoice,
      xff: forwardedFor,
      range: fc.constantFrom<string | undefined>(undefined, undefined, "bytes=0-10", "bytes=-1", "bytes=99999999999-", "junk"),
      accept: fc.option(headerValue, { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const { token, encoded, file, missing } = resolveToken(r.token);
        const path = `/api/files/${encoded}`;
        const before = await state();
        const res = await fetch(`${world.url}${path}`, {
          method: r.method,
          headers: Object.fromEntries(Object.entries({ cookie: cookieHeader(r.cookie, undefined), "x-forwarded-for": r.xff, range: r.range, accept: r.accept }).filter(([, v]) => v !== undefined)) as Record<string, string>,
        });
        const bytes = new Uint8Array(await res.arrayBuffer());
        const sent: Sent = { status: res.status, headers: res.headers, text: r.method === "HEAD" ? "" : new TextDecoder().decode(bytes) };
        const context = `${r.method} /api/files/${token.slice(0, 300)} ${show(r.token)} → ${res.status} ${sent.text.slice(0, 200)}`;
        checkAnswer("files", r.method, ["GET"], sent, context);
        if (r.method === "GET" || r.method === "HEAD") {
          if (file) {
            expect(res.status, context).toBe(200);
            if (r.method === "GET") expect(Buffer.from(bytes).equals(Buffer.from(world.files[file].bytes)), `${context}: served other bytes`).toBe(true);
          } else {
            expect(res.status, context).toBe(missing ? 404 : 403);
            if (r.method === "GET") expect(expectEnvelope(sent, context).code).toBe(missing ? "not_found" : "forbidden");
          }
        }
        expect(await state(), `${context}: a download wrote`).toEqual(before);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
