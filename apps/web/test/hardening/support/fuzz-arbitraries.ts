import fc from "fast-check";
import { bodyFields, type Operation, validBody } from "./operations.ts";
import { type GeneratedBody } from "./request-body.ts";

/** Generators for hostile requests against one operation. */

const PRINTABLE = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
/** Header values a client can actually send (no CR/LF/NUL; fetch refuses those itself). */
export const headerValue = fc.string({ unit: PRINTABLE, maxLength: 80 });

/** One lone UTF-16 surrogate (not valid Unicode on its own). */
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
/** One C0 control character, NUL included. */
export const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

/** Strings meant to break things: control characters, NUL, lone surrogates, SQL, HTML, huge numerals. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.oneof(PRINTABLE, control, loneSurrogate), maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "'; DROP TABLE candidates;--",
    "<script>alert(1)</script>",
    "1e400",
    "18446744073709551616",
    "-1",
    "0x10",
    "NaN",
    "true",
    "null",
    "{}",
    "[]",
    "%00",
    "\u202e",
    "\ufeff",
    "x".repeat(3000),
  ),
);

/** Any JSON value, with the numbers JSON.parse turns into Infinity or loses precision on. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  fc.constantFrom(1e308, -1e308, 2 ** 64, -(2 ** 63), 0.5, -0, Number.MAX_SAFE_INTEGER + 2, 2147483648),
);

/** Raw body text: valid JSON with huge literals mixed in, or not JSON at all. */
const rawBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('{"job_id":1e400}', '{"id":18446744073709551616}', "{", '{"a":1,}', "[", `${"[".repeat(5000)}`, '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
  fc.string({ unit: "binary", maxLength: 200 }),
);

export type FuzzBody = Exclude<GeneratedBody, { kind: "huge" }>;

/** Multipart forms of the documented fields: hostile text, repeated fields, files where text belongs and junk "resumes". */
function formArbitrary(fields: string[]): fc.Arbitrary<FuzzBody> {
  const file = fc.record({
    bytes: fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.constant(new TextEncoder().encode("%PDF-1.7\n%garbage")), fc.constant(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))),
    filename: fc.oneof(fc.constantFrom("cv.pdf", "cv.docx", "../../etc/passwd", "a\u0000.pdf", ""), hostileString),
    type: fc.constantFrom("application/pdf", "application/octet-stream", "text/html", ""),
  });
  const entry = fc.tuple(fc.oneof(fc.constantFrom(...fields), hostileString), fc.oneof({ weight: 4, arbitrary: hostileString }, { weight: 1, arbitrary: file }));
  return fc.array(entry, { maxLength: 8 }).map((entries): FuzzBody => ({ kind: "form", entries }));
}

/** Bodies for `op`: random JSON, objects of its own field names with wrong types, a valid body with one field broken, junk. */
export function bodyArbitrary(op: Operation, hint?: Parameters<typeof validBody>[1]): fc.Arbitrary<FuzzBody> {
  const fields = bodyFields(op.body);
  const named = fields.length
    ? fc.dictionary(fc.constantFrom(...fields), anyJsonValue, { maxKeys: fields.length }).map((o) => JSON.stringify(o))
    : fc.constant("{}");
  let valid: Record<string, unknown> = {};
  try {
    valid = validBody(op.body, hint);
  } catch {
    // Only the mutated variant needs it; the other generators still run.
  }
  const mutated = fc
    .tuple(fc.constantFrom(...(fields.length ? fields : ["unknown_field"])), anyJsonValue)
    .map(([field, value]) => JSON.stringify({ ...valid, [field]: value }));
  // A valid body whose one text field carries a control character, NUL or a lone surrogate somewhere.
  const textFields = Object.keys(valid).filter((field) => typeof valid[field] === "string");
  const tainted = textFields.length
    ? fc
        .tuple(fc.constantFrom(...textFields), fc.oneof(control, loneSurrogate, fc.constant("\u0000")), fc.nat())
        .map(([field, char, at]) => {
          const text = valid[field] as string;
          const i = at % (text.length + 1);
          return JSON.stringify({ ...valid, [field]: text.slice(0, i) + char + text.slice(i) });
        })
    : fc.constant(JSON.stringify(valid));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "none" }) },
    { weight: 3, arbitrary: tainted.map((text): FuzzBody => ({ kind: "text", text })) },
    { weight: 3, arbitrary: rawBody.map((text): FuzzBody => ({ kind: "text", text })) },
    { weight: 4, arbitrary: named.map((text): FuzzBody => ({ kind: "text", text })) },
    { weight: 4, arbitrary: mutated.map((text): FuzzBody => ({ kind: "text", text })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "text", text: JSON.stringify(valid) }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes): FuzzBody => ({ kind: "bytes", bytes })) },
    ...(op.multipartFields ? [{ weight: 4, arbitrary: formArbitrary(op.multipartFields) }] : []),
  );
}

/** Percent-encodes every byte but the unreserved ones (encodeURIComponent throws on lone surrogates). */
export function encodeAll(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** A path parameter: a real id, a hostile numeral, or anything at all, encoded or raw. */
export function pathValueArbitrary(realIds: (number | string)[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds.map(String)) },
    { weight: 2, arbitrary: fc.constantFrom("1e9", "-1", "0x10", "99999999999999999999", "0", "01", "1.5", "2147483648", "%31", "1%00", "%E0%A4%A", "%zz", "Infinity", "1;DROP") },
    { weight: 2, arbitrary: fc.integer().map(String) },
    // "." and ".." are resolved by every client before a request is sent; they never reach the server.
    { weight: 2, arbitrary: hostileString.filter((s) => s !== "." && s !== "..").map(encodeAll).filter((s) => s.length > 0) },
  );
}

/** A query string of the operation's parameters (possibly repeated) and strangers. */
export function queryArbitrary(op: Operation): fc.Arbitrary<string> {
  const names = [...op.queryParams.map((p) => p.name), "foo", "limit[]", "__proto__", ""];
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), hostileString), fc.oneof(hostileString, fc.integer().map(String), fc.constantFrom("true", "false", "1", "100", "101")));
  return fc.array(pair, { maxLength: 5 }).map((pairs) => pairs.map(([k, v]) => `${encodeAll(k)}=${encodeAll(v)}`).join("&"));
}

/** JSON's content type in the spellings a client may use, and near misses that are not JSON's. */
export const JSON_CONTENT_TYPES = ["application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/json;charset=latin1", "application/jsonx"];

const CONTENT_TYPES = [
  ...JSON_CONTENT_TYPES,
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=xyz",
  "",
];

export function headersArbitrary(apiKey: string): fc.Arbitrary<Record<string, string>> {
  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${apiKey}`) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `bearer ${apiKey}`,
        `Bearer  ${apiKey}  `,
        `Bearer ${apiKey} extra`,
        `Basic ${apiKey}`,
        `Bearer ${apiKey.toUpperCase()}`,
        `Bearer ${apiKey.slice(0, -1)}`,
        `Bearer hf_live_${"A".repeat(64)}`,
        `Bearer hf_live_${"A".repeat(65)}`,
        "Bearer",
        `Bearer ${apiKey},Bearer ${apiKey}`,
      ),
    },
    { weight: 1, arbitrary: headerValue },
  );
  return fc.record(
    {
      authorization,
      "content-type": fc.oneof({ weight: 4, arbitrary: fc.constant("application/json") }, { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) }, { weight: 1, arbitrary: headerValue }),
      "idempotency-key": fc.oneof(headerValue, fc.string({ unit: PRINTABLE, minLength: 250, maxLength: 300 })),
      accept: headerValue,
      "x-forwarded-for": headerValue,
      "content-encoding": fc.constantFrom("gzip", "br", "identity"),
    },
    { requiredKeys: ["authorization"] },
  );
}
