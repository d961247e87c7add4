import { appRouter } from "@hireflow/core";
import { z } from "zod";
import { EXCLUSIVE_FIELDS } from "./operations.ts";

/**
 * The procedures of the web app's tRPC endpoint, read from `appRouter` itself (tRPC 11 keeps them
 * flattened by dotted path in `_def.procedures`), so a procedure is swept and fuzzed the moment it
 * is added to the router — whether or not it has `meta.openapi`.
 */
export interface TrpcJsonSchema {
  type?: string | string[];
  properties?: Record<string, TrpcJsonSchema>;
  required?: string[];
  items?: TrpcJsonSchema;
  anyOf?: TrpcJsonSchema[];
  oneOf?: TrpcJsonSchema[];
  allOf?: TrpcJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
  $defs?: Record<string, TrpcJsonSchema>;
  /** A value the contract documents (zod `.meta({ example })`). */
  example?: unknown;
  /** The value must differ from every other of the company (a name): each sample is a new one. */
  "x-unique"?: boolean;
}

export interface Procedure {
  /** The dotted tRPC path, e.g. "pipeline.move"; the URL is /api/trpc/<path>. */
  path: string;
  type: "query" | "mutation";
  /** The zod input schema; undefined for procedures without input. */
  input?: z.ZodType;
  /** The input as JSON Schema (what a client sends: `io: "input"`), `$defs` kept for `$ref`s. */
  schema?: TrpcJsonSchema;
  /** `{ data: [...] }` answers (a list, possibly narrowed by filters in the input). */
  isList: boolean;
  /** The REST path when the procedure is also part of /api/v1 (meta.openapi). */
  openapiPath?: string;
}

interface ProcedureDef {
  type: string;
  inputs: z.ZodType[];
  output?: z.ZodType;
  meta?: { openapi?: { path?: string } };
}

function outputIsList(output: z.ZodType | undefined): boolean {
  const def = (output as { _zod?: { def?: { type?: string; shape?: Record<string, { _zod: { def: { type: string } } }> } } } | undefined)?._zod?.def;
  return def?.type === "object" && def.shape?.data?._zod.def.type === "array";
}

export function procedures(): Procedure[] {
  const def = appRouter._def as unknown as { procedures: Record<string, { _def: ProcedureDef }>; lazy: Record<string, unknown> };
  // Lazy sub-routers are not in `procedures` until loaded: refuse them rather than sweep half a router.
  if (Object.keys(def.lazy ?? {}).length) throw new Error(`Lazy routers (${Object.keys(def.lazy).join(", ")}) are not enumerable; load them before sweeping`);
  return Object.entries(def.procedures).map(([path, procedure]) => {
    const d = procedure._def;
    if (d.type !== "query" && d.type !== "mutation") throw new Error(`${path}: ${d.type} procedures are not swept; extend support/trpc-procedures.ts`);
    if (d.inputs.length > 1) throw new Error(`${path}: chained .input() parsers are not supported by the sweep; extend support/trpc-procedures.ts`);
    const input = d.inputs[0];
    return {
      path,
      type: d.type,
      input,
      schema: input ? (z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as TrpcJsonSchema) : undefined,
      isList: outputIsList(d.output),
      openapiPath: d.meta?.openapi?.path,
    };
  });
}

/** Resolves `#/$defs/Name` against the root schema. */
export function resolveRef(root: TrpcJsonSchema | undefined, schema: TrpcJsonSchema | undefined): TrpcJsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    current = root?.$defs?.[current.$ref.replace("#/$defs/", "")];
  }
  return current;
}

/** The top-level field names of an input (object inputs only). */
export function inputFields(proc: Procedure): string[] {
  return Object.keys(resolveRef(proc.schema, proc.schema)?.properties ?? {});
}

/** A schema for a value: the non-null branch of an anyOf (nullish fields). */
export function nonNull(root: TrpcJsonSchema | undefined, schema: TrpcJsonSchema | undefined): TrpcJsonSchema {
  const s = resolveRef(root, schema) ?? {};
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return nonNull(root, branches.map((b) => resolveRef(root, b)).find((b) => b && b.type !== "null"));
  return s;
}

/** Answers first for a field (by its dotted path); undefined falls back to the schema. */
export type Hint = (path: string, schema: TrpcJsonSchema) => unknown;

export interface SampleOptions {
  /** Only required fields and those the hint answers (lists: filters would only narrow the result). */
  requiredOnly?: boolean;
  /** Optional fields left out (e.g. `cursor`: an opaque token that only a previous page can give). */
  skip?: string[];
}

let serial = 0;

/** Fields whose valid value depends on another field's, which a schema cannot say. */
const FIELD_SAMPLES: Record<string, unknown> = {
  // Only for a remote job; the sample job is on-site (the first location type).
  remote_countries: [],
  // Member ids of the company (a made-up UUID is a 400 naming it); none is valid.
  hiring_team_lead_ids: [],
  // https only (careerSite.update): the careers pages would block a mixed-content image.
  logo_url: "https://www.example.com/logo.png",
  // Scorecard ratings name the attributes of the interview's kit; none rated is valid (all not_assessed).
  ratings: [],
  // A session submits a scorecard as itself; on_behalf_of is for API keys.
  on_behalf_of: undefined,
  // An offer's chain names members of the company; an empty chain is valid (it approves at once).
  approval_steps: [],
  // An offer's deadline is in the future.
  expires_at: new Date(Date.now() + 365 * 24 * 3600_000).toISOString(),
  // A member's busy calendar is read when it is set: a made-up address is a 400 naming it; none is valid.
  busy_calendar_url: null,
};

function sampleString(s: TrpcJsonSchema, path: string): string {
  if (s.format === "email") return `trpc${++serial}-${Date.now()}@example.com`;
  if (s.format === "uri" || s.format === "url") return "http://127.0.0.1:9/hook";
  // An end is after its start (interviews.create: start_at now, end_at an hour later; a scheduling window's to).
  if (s.format === "date-time" && /(^|\.)(end_at|to)$/.test(path)) return new Date(Date.now() + 3_600_000).toISOString();
  if (s.format === "date-time") return new Date().toISOString();
  // A documented example is a value the field accepts (event types, UUIDs), also where no pattern says so.
  if (typeof s.example === "string" && (!s.pattern || new RegExp(s.pattern).test(s.example))) return s.example;
  const text = `sample value${s["x-unique"] ? ` ${++serial}-${Date.now()}` : ""}`.padEnd(s.minLength ?? 1, "x").slice(0, s.maxLength ?? 200);
  if (s.pattern && !new RegExp(s.pattern).test(text)) {
    const guess = ["EUR", "sample-value", "abc", "1"].find((g) => new RegExp(s.pattern!).test(g));
    if (!guess) throw new Error(`No sample for field ${path} with pattern ${s.pattern}; add a hint in support/trpc-procedures.ts`);
    return guess;
  }
  return text;
}

/**
 * A value the schema accepts. Throws when it cannot produce one, so a new kind of field is noticed
 * instead of silently skipped.
 */
export function sampleValue(root: TrpcJsonSchema | undefined, schema: TrpcJsonSchema | undefined, path: string, hint?: Hint, options: SampleOptions = {}): unknown {
  const s = nonNull(root, schema);
  const hinted = hint?.(path, s);
  if (hinted !== undefined) return hinted;
  if (path in FIELD_SAMPLES) return structuredClone(FIELD_SAMPLES[path]);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  // A documented example of a structure (a whole pipeline) is a value its rules accept.
  if (s.example !== undefined && typeof s.example === "object") return structuredClone(s.example);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return sampleString(s, path);
    case "integer":
    case "number":
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? Math.floor(s.exclusiveMinimum) + 1 : 1);
    case "boolean":
      return true;
    // A field only null may fill (a criterion's field of another type, as the API returns it).
    case "null":
      return null;
    case "array":
      return s.maxItems === 0 ? [] : [sampleValue(root, s.items, `${path}[0]`, hint, options)];
    case "object": {
      const value: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [name, property] of Object.entries(s.properties ?? {})) {
        const field = path ? `${path}.${name}` : name;
        if (!required.has(name) && options.skip?.includes(name)) continue;
        if (!required.has(name) && options.requiredOnly) {
          const answered = hint?.(field, nonNull(root, property));
          if (answered !== undefined) value[name] = answered;
          continue;
        }
        value[name] = sampleValue(root, property, field, hint, options);
      }
      return value;
    }
    default:
      throw new Error(`No sample for field ${path || "(input)"} (${JSON.stringify(s).slice(0, 200)})`);
  }
}

/**
 * A valid input for `proc` (undefined for procedures without input), checked against the zod
 * schema itself: a sweep that sends an invalid input would only ever prove validation works.
 */
export function validInput(proc: Procedure, hint?: Hint, options: SampleOptions = {}): unknown {
  if (!proc.input) return undefined;
  const value = sampleValue(proc.schema, proc.schema, "", hint, options);
  // Fields of which an input may name only one: the reference (the sweep's subject) is kept.
  for (const [dropped, kept] of EXCLUSIVE_FIELDS) {
    const object = value as Record<string, unknown> | null;
    if (object && typeof object === "object" && dropped in object && kept in object) delete object[dropped];
  }
  const parsed = proc.input.safeParse(value);
  if (!parsed.success) {
    throw new Error(`${proc.path}: the generated input ${JSON.stringify(value)} is invalid (${JSON.stringify(parsed.error.issues)}); teach support/trpc-procedures.ts this field`);
  }
  return value;
}
