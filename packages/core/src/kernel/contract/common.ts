import { z } from "zod";
import { ERROR_CODES } from "./error-codes.ts";

// In a browser zod's compiled parsers would need `new Function`, which the app's CSP refuses (no
// 'unsafe-eval'): zod probes for it on the first object parse, and the browser reports the refusal as
// a CSP violation. Every contract imports this module, so this runs before any browser-side parse;
// the server keeps the compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export const INT32_MAX = 2_147_483_647;

/**
 * Text rules for what reaches PostgreSQL and the UI. NUL cannot be stored in a PostgreSQL text
 * column at all (the insert fails), and other C0 control characters in a name or a phone number
 * are never typed by a person: they come from broken imports or are meant to confuse whoever reads
 * the value (terminal escapes, CR in CSV exports). Tab and line feed stay allowed: pasted values
 * carry them harmlessly.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u0008\u000B-\u001F]/;
const NUL = /\u0000/;

/** A one-line field (name, phone, location, e-mail, URL, external id): no C0 control characters except tab and line feed. */
export function singleLine<T extends z.ZodType<string | null | undefined>>(schema: T): T {
  return schema.refine((value) => typeof value !== "string" || !SINGLE_LINE_FORBIDDEN.test(value), {
    message: "Must not contain control characters",
  }) as T;
}

/**
 * A UTF-16 surrogate without its pair: no character at all. JSON carries it as an escape ("\udcce"), but
 * PostgreSQL's json and jsonb refuse it, so such a text copied into an activity or an event was a 500
 * (found by the tRPC fuzz in a scheduling link's title).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Free text (notes, descriptions): anything but NUL and unpaired surrogates, which PostgreSQL cannot store. */
export function storableText<T extends z.ZodType<string | null | undefined>>(schema: T): T {
  return schema
    .refine((value) => typeof value !== "string" || !NUL.test(value), { message: "Must not contain NUL characters" })
    .refine((value) => typeof value !== "string" || !LONE_SURROGATE.test(value), {
      message: "Must be valid Unicode text (contains half of a UTF-16 surrogate pair)",
    }) as unknown as T;
}

/**
 * Path ids and integer query values arrive as strings. They are matched digit by digit instead of
 * coerced with Number(), so "0x10", "1e9", "-1" or "99999999999999999999" are rejected, never
 * silently read as another id.
 */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, "Must be a positive integer")
  .transform(Number)
  .pipe(z.number().int().max(INT32_MAX, "Must be a positive integer"))
  .meta({
    description: "Numeric id",
    // Documented as what it is on the wire for clients: a positive 32-bit integer.
    override: ({ jsonSchema }) => {
      delete jsonSchema.pattern;
      Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: INT32_MAX, example: 42 });
    },
  });

/**
 * A JSON body integer. The pipe keeps trpc-to-openapi's string coercion (meant for query strings)
 * away from body fields, so `"5"` or `true` are rejected instead of being read as numbers.
 */
/** A JSON body boolean: the pipe keeps trpc-to-openapi's Boolean() coercion away ("false" or "yes" would become true). */
export const bodyBoolean = z.boolean().pipe(z.boolean());

export function bodyInt(min: number, max: number) {
  return z.number().int().min(min).max(max).pipe(z.number());
}

export const timestamp = z.iso.datetime({ offset: false }).meta({ description: "ISO 8601 UTC with fractional seconds", example: "2026-11-21T09:30:00.000Z" });

/**
 * An http(s) URL: other schemes (javascript:, data:) are refused because the UI renders links.
 * A web address exactly as it will be stored and linked. The URL parser quietly drops leading
 * control characters and whitespace and lower-cases the scheme ("\u0003HTTPS://x" parses as
 * https://x), but the stored string is what the database's `~ '^https?://'` checks and what a page
 * puts in an href, so the text itself must start with the scheme and hold no whitespace or controls.
 */
export function webAddress(scheme: "https?" | "https", message: string) {
  const asStored = new RegExp(`^${scheme}://[^\\s\\u0000-\\u001F\\u007F]+$`);
  return z
    .url({ protocol: new RegExp(`^${scheme}$`), error: message, abort: true })
    .max(2048, "Must be at most 2048 characters")
    // A refinement, not .regex(): the OpenAPI document keeps `format: uri` instead of a pattern.
    .refine((value) => asStored.test(value), message);
}

export const httpUrl = webAddress("https?", "Must be an http:// or https:// address without spaces");

/**
 * Query values are strings on the wire; these are documented as the JSON type they stand for, so
 * generated clients (the SDK) take a number or a boolean and write it into the query string.
 */
function documentedAs(type: "integer" | "boolean", extra: Record<string, unknown> = {}) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    delete jsonSchema.pattern;
    delete jsonSchema.enum;
    Object.assign(jsonSchema, { type, ...extra });
  };
}

export const queryBoolean = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .meta({ description: "true or false", override: documentedAs("boolean") });

/** A query integer 0..100 (a fit score). */
export const queryScore = z
  .string()
  .regex(/^(100|[1-9]?[0-9])$/, "Must be an integer between 0 and 100")
  .transform(Number)
  .meta({ override: documentedAs("integer", { minimum: 0, maximum: 100 }) });

export const limitParam = z
  .string()
  .regex(/^[0-9]{1,3}$/, "Must be an integer between 1 and 100")
  .transform(Number)
  .pipe(z.number().int().min(1, "Must be an integer between 1 and 100").max(100, "Must be an integer between 1 and 100"))
  .meta({ description: "Page size, 1..100 (default 25)", override: documentedAs("integer", { minimum: 1, maximum: 100, default: 25 }) })
  .optional();

export const cursorParam = z.string().max(500).optional().meta({ description: "Opaque cursor from pagination.next_cursor" });

export const paginationSchema = z
  .object({
    next_cursor: z.string().nullable(),
    has_more: z.boolean(),
  })
  .meta({ id: "Pagination" });

export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: "Error", description: "Every non-2xx response carries this envelope." });

export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export function listEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), pagination: paginationSchema });
}
