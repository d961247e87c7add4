import fc from "fast-check";
import { anyJsonValue, control, encodeAll, headerValue, hostileString, loneSurrogate } from "./fuzz-arbitraries.ts";
import { inputFields, type Procedure } from "./trpc-procedures.ts";
import { type Session } from "./trpc-resources.ts";

/** Generators for hostile calls of one tRPC procedure over HTTP (/api/trpc/<path>). */

/** Text nested up to `maxDepth` levels deep: arrays, objects or a mix. */
const deepText = (maxDepth: number) =>
  fc.tuple(fc.integer({ min: 50, max: maxDepth }), fc.constantFrom("array", "object", "mixed")).map(([depth, shape]) => {
    const open = shape === "array" ? "[" : shape === "object" ? '{"a":' : '[{"a":';
    const close = shape === "array" ? "]" : shape === "object" ? "}" : "}]";
    return `${open.repeat(depth)}1${close.repeat(depth)}`;
  });

/**
 * Limits of what fits the transport. A GET input travels in the URL, which a server reads only up
 * to its header size (Node: 16 KB, answered by Node itself with 431): percent-encoded, the text
 * must stay well below that. A POST body has no such limit.
 */
export const GET_LIMITS = { hugeString: 3_000, depth: 250 };
export const POST_LIMITS = { hugeString: 300_000, depth: 20_000 };

/** A huge string (GET inputs stay under the URL size a server reads at all). */
const hugeString = (max: number) => fc.integer({ min: 1_000, max }).map((n) => "x".repeat(n));

export type InputValue = { kind: "value"; value: unknown } | { kind: "text"; text: string } | { kind: "absent" };

/**
 * Inputs for `proc`: the valid one, the valid one with one field replaced by anything or tainted
 * with a control character, objects of its own field names with wrong types, any JSON at all,
 * huge strings, deep nesting, no input.
 */
export function inputArbitrary(proc: Procedure, valid: unknown, limits: typeof GET_LIMITS): fc.Arbitrary<InputValue> {
  const fields = inputFields(proc);
  const base = valid && typeof valid === "object" && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
  const names = fields.length ? fields : ["unknown_field"];
  const value = (arb: fc.Arbitrary<unknown>) => arb.map((v): InputValue => (v === undefined ? { kind: "absent" } : { kind: "value", value: v }));
  const textFields = Object.keys(base).filter((f) => typeof base[f] === "string");
  const tainted = textFields.length
    ? fc.tuple(fc.constantFrom(...textFields), fc.oneof(control, loneSurrogate, fc.constant("\u0000")), fc.nat()).map(([field, char, at]) => {
        const text = base[field] as string;
        const i = at % (text.length + 1);
        return { ...base, [field]: text.slice(0, i) + char + text.slice(i) };
      })
    : fc.constant(base);
  return fc.oneof(
    { weight: 2, arbitrary: value(fc.constant(valid)) },
    { weight: 5, arbitrary: value(fc.tuple(fc.constantFrom(...names), anyJsonValue).map(([field, v]) => ({ ...base, [field]: v }))) },
    { weight: 3, arbitrary: value(tainted) },
    { weight: 3, arbitrary: value(fc.dictionary(fc.constantFrom(...names), anyJsonValue, { maxKeys: names.length })) },
    { weight: 2, arbitrary: value(anyJsonValue) },
    { weight: 1, arbitrary: value(fc.tuple(fc.constantFrom(...names), hugeString(limits.hugeString)).map(([field, v]) => ({ ...base, [field]: v }))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...names), deepText(limits.depth))
        .map(([field, deep]): InputValue => ({ kind: "text", text: `{${JSON.stringify(field)}:${deep}}` })),
    },
    { weight: 1, arbitrary: fc.constant<InputValue>({ kind: "absent" }) },
  );
}

/** Text that is not what a tRPC client sends as input: not JSON, truncated, NUL, deep, batch-shaped. */
const oddInputText = (limits: typeof GET_LIMITS) =>
  fc.oneof(
  fc.constantFrom("", "{", "[", "undefined", "NaN", '{"a":1,}', "'x'", "\u0000", '{"0":{}}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}', "1e400", "18446744073709551616"),
  hostileString,
  fc.string({ unit: "binary", maxLength: 200 }),
    deepText(limits.depth),
  );

export interface TrpcCall {
  /** What the call does, for the stats. */
  transport: string;
  method: "GET" | "POST" | "HEAD";
  path: string;
  query: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "application/octet-stream",
  "",
];

const encodeInput = (input: InputValue) => (input.kind === "absent" ? undefined : input.kind === "text" ? input.text : JSON.stringify(input.value));

/**
 * One call of `proc` as A's signed-in user: mostly the way the tRPC client calls it (GET ?input=
 * for queries, POST + CSRF for mutations), then odd `input=` query strings, raw bodies, the wrong
 * method, batch and path tricks, wrong or missing CSRF tokens and cookies, tRPC's own headers.
 */
export function callArbitrary(proc: Procedure, valid: unknown, session: Session): fc.Arbitrary<TrpcCall> {
  const getInput = inputArbitrary(proc, valid, GET_LIMITS);
  const postInput = inputArbitrary(proc, valid, POST_LIMITS);
  const cookie = fc.oneof(
    { weight: 20, arbitrary: fc.constant(session.cookie) },
    { weight: 1, arbitrary: fc.constantFrom(`${session.cookie}; ${session.cookie}x`, `${session.cookie.slice(0, -1)}`, "hf_session=", `hf_session=${"A".repeat(43)}`) },
    { weight: 1, arbitrary: headerValue },
  );
  const csrf = fc.oneof(
    { weight: 20, arbitrary: fc.constant<string | undefined>(session.csrf) },
    { weight: 1, arbitrary: fc.constantFrom<string | undefined>(undefined, "", session.csrf.slice(0, -1), `${session.csrf} `, session.csrf.toUpperCase()) },
    { weight: 1, arbitrary: headerValue },
  );
  const extraHeaders = fc.record(
    {
      "trpc-accept": fc.constantFrom("application/jsonl", "text/event-stream", "application/json"),
      accept: headerValue,
      "x-forwarded-for": headerValue,
      "content-encoding": fc.constantFrom("gzip", "br", "identity"),
    },
    { requiredKeys: [] },
  );
  const path = fc.oneof(
    { weight: 20, arbitrary: fc.constant(proc.path) },
    { weight: 1, arbitrary: fc.constantFrom(`${proc.path},${proc.path}`, encodeAll(proc.path), `${proc.path}.`, `${proc.path}%00`, `${proc.path}/x`, proc.path.replace(".", "~"), `${proc.path}?`) },
  );
  const headers = (cookieValue: string, extra: Record<string, string>, more: Record<string, string | undefined>) => {
    const h: Record<string, string> = { ...extra, cookie: cookieValue };
    for (const [k, v] of Object.entries(more)) if (v !== undefined) h[k] = v;
    return h;
  };
  const getQuery = fc.oneof(
    { weight: 8, arbitrary: getInput.map((input) => (input.kind === "absent" ? "" : `input=${encodeAll(encodeInput(input)!)}`)) },
    {
      weight: 3,
      arbitrary: fc.oneof(
        oddInputText(GET_LIMITS).map((t) => `input=${encodeAll(t)}`),
        oddInputText(GET_LIMITS).map((t) => `input=${t.replace(/[&#\s]/g, "")}`),
        fc.constantFrom("input", "input=", "input=%zz", "input=%E0%A4%A", "input=%00", "input[]=1", "input=1&input=2", "batch=1", "batch=1&input=%7B%220%22%3A%7B%7D%7D", "batch=true&input=%5B%5D", "foo=bar"),
        fc.tuple(getInput, hostileString).map(([input, extra]) => `${input.kind === "absent" ? "" : `input=${encodeAll(encodeInput(input)!)}&`}${encodeAll(extra)}=1`),
      ),
    },
  );
  const postBody = fc.oneof(
    { weight: 8, arbitrary: postInput.map((input) => encodeInput(input)) },
    { weight: 2, arbitrary: oddInputText(POST_LIMITS) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const contentType = fc.oneof({ weight: 6, arbitrary: fc.constant("application/json") }, { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: headerValue });

  const get = (transport: string) =>
    fc.record({ path, query: getQuery, cookie, extra: extraHeaders }).map(
      (r): TrpcCall => ({ transport, method: "GET", path: r.path, query: r.query, headers: headers(r.cookie, r.extra, {}) }),
    );
  const post = (transport: string) =>
    fc.record({ path, query: fc.constantFrom("", "", "", "batch=1", "input=%7B%7D"), cookie, csrf, contentType, body: postBody, extra: extraHeaders }).map(
      (r): TrpcCall => ({
        transport,
        method: "POST",
        path: r.path,
        query: r.query,
        headers: headers(r.cookie, r.extra, { "x-csrf-token": r.csrf, "content-type": r.contentType || undefined }),
        body: r.body,
      }),
    );
  const head = fc.record({ path, query: getQuery, cookie }).map((r): TrpcCall => ({ transport: "HEAD", method: "HEAD", path: r.path, query: r.query, headers: { cookie: r.cookie } }));

  return proc.type === "query"
    ? fc.oneof({ weight: 10, arbitrary: get("GET query") }, { weight: 2, arbitrary: post("POST to a query (wrong method)") }, { weight: 1, arbitrary: head })
    : fc.oneof({ weight: 10, arbitrary: post("POST mutation") }, { weight: 2, arbitrary: get("GET of a mutation (wrong method)") }, { weight: 1, arbitrary: head });
}
