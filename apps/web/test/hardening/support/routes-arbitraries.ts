import fc from "fast-check";
import { anyJsonValue, control, encodeAll, headerValue, hostileString, JSON_CONTENT_TYPES, loneSurrogate } from "./fuzz-arbitraries.ts";
import { type FormValue, type GeneratedBody, toBodyInit } from "./request-body.ts";

/**
 * Generators for the routes outside /api/v1. Values a property can only know at run time (the real
 * session cookie, a real file token, the server's own origin) are symbols, resolved by the test.
 */

/** A request body for these routes: any generated body, huge ones included. */
export type RouteBody = GeneratedBody;

/** A request body, with the content type it is sent under (`null`: none; fetch picks one for forms). */
export interface BodyWithType {
  body: RouteBody;
  contentType: string | null;
}

export const CONTENT_TYPES = [
  ...JSON_CONTENT_TYPES,
  "text/plain",
  "text/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "multipart/form-data; boundary=",
  "multipart/mixed; boundary=xyz",
  "",
];

/** Text meant to break a parser: broken JSON, deep nesting, hostile literals, binary junk. */
export const brokenText = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "{",
    "}",
    '{"a":1,}',
    "[",
    "null",
    "true",
    "0",
    '"string"',
    "[]",
    "{}",
    "\u0000",
    '{"a":"\u0000"}',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '{"a":1e400}',
    '{"a":18446744073709551616}',
    "\ufeff{}",
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    `${'{"a":'.repeat(40)}1${"}".repeat(40)}`,
    "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--xyz--\r\n",
    "--xyz\r\nContent-Disposition: form-data; name=\"resume\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.7",
    "--xyz--",
    "a=1&b=2&csrf_token=x",
    "csrf_token=%zz&%%%",
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
);

/** Bytes that are not UTF-8 (lone continuation bytes, overlongs, surrogates, truncated sequences) inside JSON. */
export const invalidUtf8 = fc
  .tuple(fc.constantFrom([0xff], [0xfe], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]), fc.nat({ max: 2 }))
  .map(([bad, where]) => {
    const before = new TextEncoder().encode(['{"name":"', '{"email":"', '{"password":"'][where]!);
    const after = new TextEncoder().encode('"}');
    return new Uint8Array([...before, ...bad, ...after]);
  });

/** A string with a control character, NUL or a lone surrogate put somewhere inside `text`. */
export function taint(text: string): fc.Arbitrary<string> {
  return fc.tuple(fc.oneof(control, loneSurrogate, fc.constant("\u0000")), fc.nat()).map(([char, at]) => {
    const i = at % (text.length + 1);
    return text.slice(0, i) + char + text.slice(i);
  });
}

/** Bodies far over every limit of these routes (16 KB for the auth routes, 1 MB JSON, 11 MB multipart). */
export const hugeBody: fc.Arbitrary<BodyWithType> = fc.oneof(
  fc.constantFrom(17 * 1024, 1024 * 1024 + 10).map((size): BodyWithType => ({ body: { kind: "huge", prefix: '{"name":"', fill: "x", size, suffix: '"}' }, contentType: "application/json" })),
  fc.constant<BodyWithType>({ body: { kind: "huge", prefix: "csrf_token=", fill: "y", size: 20 * 1024, suffix: "" }, contentType: "application/x-www-form-urlencoded" }),
  fc.constant<BodyWithType>({ body: { kind: "huge", prefix: "--xyz\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\n", fill: "z", size: 12 * 1024 * 1024, suffix: "\r\n--xyz--\r\n" }, contentType: "multipart/form-data; boundary=xyz" }),
);

/** One multipart/form-data file part: junk, a PDF or ZIP signature, odd names and types. */
export const filePart = fc.record({
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.constant(new TextEncoder().encode("%PDF-1.7\n%garbage")),
    fc.constant(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
    fc.constant(new Uint8Array(0)),
  ),
  filename: fc.oneof(fc.constantFrom("cv.pdf", "cv.docx", "../../etc/passwd", "a\u0000.pdf", "", ".meta.json", "x".repeat(500), "C:\\boot.ini", "résumé 😀.pdf"), hostileString),
  type: fc.constantFrom("application/pdf", "application/octet-stream", "text/html", "", "multipart/form-data", "application/json"),
});

/** A multipart form of `fields` (and strangers): hostile text, files where text belongs, repeats. */
export function formOf(fields: string[], value: fc.Arbitrary<string> = hostileString): fc.Arbitrary<RouteBody> {
  const entry = fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileString }),
    fc.oneof<[fc.WeightedArbitrary<FormValue>, fc.WeightedArbitrary<FormValue>]>({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: filePart }),
  );
  return fc.array(entry, { maxLength: 8 }).map((entries): RouteBody => ({ kind: "form", entries }));
}

/** Junk of every kind, sent under any content type. */
export const junkBody: fc.Arbitrary<BodyWithType> = fc.oneof(
  fc.record({ body: brokenText.map((text): RouteBody => ({ kind: "text", text })), contentType: fc.constantFrom<string | null>(...CONTENT_TYPES, null) }),
  fc.record({ body: fc.uint8Array({ maxLength: 200 }).map((bytes): RouteBody => ({ kind: "bytes", bytes })), contentType: fc.constantFrom<string | null>(...CONTENT_TYPES, null) }),
  fc.record({ body: invalidUtf8.map((bytes): RouteBody => ({ kind: "bytes", bytes })), contentType: fc.constantFrom<string | null>("application/json", "application/x-www-form-urlencoded") }),
  fc.record({ body: fc.dictionary(hostileString, anyJsonValue, { maxKeys: 4 }).map((o): RouteBody => ({ kind: "text", text: JSON.stringify(o) })), contentType: fc.constant("application/json") }),
  { arbitrary: hugeBody, weight: 1 },
);

/** x-forwarded-for: a fresh address (so the per-IP limits stay out of the way) or something odd. */
export const forwardedFor: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map(([a, b, c]) => `10.${a}.${b}.${c}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      "",
      ",",
      " , 10.0.0.1",
      "unknown",
      "::1",
      "fe80::1%eth0",
      "999.999.999.999",
      "10.0.0.1, 10.0.0.2, 10.0.0.3",
      "1".repeat(300),
      "'; DROP TABLE candidates;--",
      "__proto__",
      "constructor",
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

/** Cookie headers: none, odd, several, or (symbol) the real session. */
export type CookieChoice = { kind: "real" } | { kind: "real-twice" } | { kind: "literal"; value: string | undefined };
export const cookieChoice: fc.Arbitrary<CookieChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<CookieChoice>({ kind: "real" }) },
  { weight: 1, arbitrary: fc.constant<CookieChoice>({ kind: "real-twice" }) },
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        fc.constantFrom<string | undefined>(
          undefined,
          "",
          "hf_session=",
          "hf_session",
          "=hf_session",
          ";;;",
          "hf_session=a; hf_session=b",
          `hf_session=${"A".repeat(43)}`,
          `hf_session=${"A".repeat(44)}`,
          "hf_session=%00",
          "HF_SESSION=abc",
          `hf_session="${"A".repeat(43)}"`,
          "__proto__=1; constructor=2",
          `a=${"b".repeat(4000)}`,
        ),
        headerValue,
        fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"), minLength: 43, maxLength: 43 }).map((t) => `hf_session=${t}`),
      )
      .map((value): CookieChoice => ({ kind: "literal", value })),
  },
);

/** Origin for the same-origin check: (symbol) the server's own, another site, or junk. */
export type OriginChoice = { kind: "same" } | { kind: "literal"; value: string | undefined };
export const originChoice: fc.Arbitrary<OriginChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<OriginChoice>({ kind: "literal", value: undefined }) },
  { weight: 3, arbitrary: fc.constant<OriginChoice>({ kind: "same" }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.constantFrom("https://evil.example", "null", "", "http://127.0.0.1", "http://127.0.0.1:1", "file://", "http://[::1", "javascript:alert(1)"), headerValue)
      .map((value): OriginChoice => ({ kind: "literal", value })),
  },
);

export const secFetchSite: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<string | undefined>(undefined, "same-origin", "none") },
  { weight: 1, arbitrary: fc.constantFrom<string | undefined>("cross-site", "same-site", "", "SAME-ORIGIN", "junk") },
);

/**
 * A path segment value: hostile numerals, %00, very long, anything (percent-encoded, never malformed;
 * never a dot segment such as %2e%2e, which clients resolve away before sending).
 */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("1e9", "-1", "0x10", "99999999999999999999", "0", "01", "1.5", "2147483648", "2147483647", "%31", "%00", "1%00", "Infinity", "NaN", "1;DROP", "%2F", "x".repeat(5000), "1".repeat(2000)),
  fc.integer().map(String),
  hostileString.filter((s) => s !== "." && s !== "..").map(encodeAll).filter((s) => s.length > 0),
);

/** Every method a client may send to a route (HEAD and OPTIONS are Next's own business). */
export const anyMethod = fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE");

/** Turns a generated body into what fetch sends, adding or dropping the content type. */
export function toFetchBody({ body, contentType }: BodyWithType, headers: Record<string, string>): BodyInit | undefined {
  if (contentType !== null) headers["content-type"] = contentType;
  return toBodyInit(body, headers);
}
