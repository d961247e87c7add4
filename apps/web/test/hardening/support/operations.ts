import { openApiDocument } from "@hireflow/core/openapi";

/**
 * The operations of the public API, read from the OpenAPI document the service publishes, so the
 * hardening sweeps cover a route the moment it is documented.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  /** A documented example: an accepted value by definition (the sampler prefers it). */
  example?: unknown;
  $ref?: string;
}

export interface Operation {
  method: string;
  /** The documented path, e.g. "/candidates/{id}/notes". */
  path: string;
  pathParams: string[];
  queryParams: { name: string; schema: JsonSchema }[];
  /** The application/json request body schema, $refs resolved at the top level. */
  body?: JsonSchema;
  /** GET whose 200 answer is `{ data: [...] }`. */
  isList: boolean;
  /** Field names of a documented multipart/form-data variant of the body, if any. */
  multipartFields?: string[];
}

type Doc = ReturnType<typeof openApiDocument>;

function resolve(doc: Doc, schema: JsonSchema | undefined): JsonSchema | undefined {
  let current = schema;
  for (let hops = 0; current?.$ref && hops < 10; hops++) {
    const name = current.$ref.replace("#/components/schemas/", "");
    current = (doc.components?.schemas as Record<string, JsonSchema> | undefined)?.[name];
  }
  return current;
}

export function resolveSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  return resolve(openApiDocument(), schema);
}

export function operations(): Operation[] {
  const doc = openApiDocument();
  const result: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, raw] of Object.entries(item as Record<string, unknown>)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = raw as {
        parameters?: { name: string; in: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
      };
      const params = op.parameters ?? [];
      const success = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith("2"))?.[1];
      const data = resolve(doc, resolve(doc, success?.content?.["application/json"]?.schema)?.properties?.data);
      result.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: resolve(doc, p.schema) ?? {} })),
        body: resolve(doc, op.requestBody?.content?.["application/json"]?.schema),
        isList: method === "get" && data?.type === "array",
        multipartFields: op.requestBody?.content?.["multipart/form-data"] ? bodyFields(resolve(doc, op.requestBody.content["multipart/form-data"].schema)) : undefined,
      });
    }
  }
  return result;
}

export const label = (op: Operation) => `${op.method} ${op.path}`;

/** Fills `{name}` placeholders; values are inserted as given (callers encode them). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (!(name in values)) throw new Error(`${label(op)}: no value for path parameter {${name}}`);
    return values[name]!;
  });
}

/** Field names of a body schema (anyOf/allOf branches included). */
export function bodyFields(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    for (const name of bodyFields(resolveSchema(part))) names.add(name);
  }
  return [...names];
}

let serial = 0;

/** Fields whose valid value depends on another field's, which a schema cannot say. */
const FIELD_SAMPLES: Record<string, unknown> = {
  // Only for a remote job; the sample job is on-site (the first location type).
  remote_countries: [],
  // Member ids of the company (a made-up UUID is a 400 naming it); none is valid.
  hiring_team_lead_ids: [],
  // Scorecard ratings name the attributes of the interview's kit; none rated is valid (all not_assessed).
  ratings: [],
  // An offer's chain names members; an empty chain is valid (it approves at once).
  approval_steps: [],
  // An offer's deadline must be in the future (the example date would pass one day).
  expires_at: new Date(Date.now() + 365 * 24 * 3600_000).toISOString(),
  // A member's busy calendar is read when it is set: a made-up address is a 400 naming it; none is valid.
  busy_calendar_url: null,
};

/**
 * A value the schema accepts. `hint` answers first (ids of real resources, say); returning
 * undefined from it falls back to the schema. Throws when it cannot produce a required value, so a
 * new kind of field is noticed instead of silently skipped.
 */
export function sampleValue(schema: JsonSchema | undefined, field: string, hint?: (field: string, schema: JsonSchema) => unknown): unknown {
  const s = resolveSchema(schema) ?? {};
  const hinted = hint?.(field, s);
  if (hinted !== undefined) return hinted;
  if (field in FIELD_SAMPLES) return structuredClone(FIELD_SAMPLES[field]);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const nonNull = branches.map(resolveSchema).find((b) => b && b.type !== "null");
    return sampleValue(nonNull, field, hint);
  }
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  // A value that must agree with data (a stage key of the job, a whole pipeline) is documented by example.
  if (s.example !== undefined) return structuredClone(s.example);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string": {
      if (s.format === "email") return `sample${++serial}-${Date.now()}@example.com`;
      if (s.format === "uri") return "http://127.0.0.1:9/hook";
      if (s.format === "date-time") return new Date().toISOString();
      const text = "sample value".padEnd(s.minLength ?? 1, "x").slice(0, s.maxLength ?? 200);
      if (s.pattern && !new RegExp(s.pattern).test(text)) {
        const guess = ["EUR", "abc", "1"].find((g) => new RegExp(s.pattern!).test(g));
        if (!guess) throw new Error(`No sample for field ${field} with pattern ${s.pattern}`);
        return guess;
      }
      return text;
    }
    case "integer":
    case "number":
      return s.minimum ?? 1;
    case "boolean":
      return true;
    // A field only null may fill (a criterion's field of another type, as the API returns it).
    case "null":
      return null;
    case "array":
      return s.minItems === 0 && !s.items ? [] : [sampleValue(s.items, `${field}[0]`, hint)];
    case "object":
      return validBody(s, hint);
    default:
      throw new Error(`No sample for field ${field} (${JSON.stringify(s).slice(0, 200)})`);
  }
}

/** A body with every documented field set to an accepted value. */
export function validBody(schema: JsonSchema | undefined, hint?: (field: string, schema: JsonSchema) => unknown): Record<string, unknown> {
  const s = resolveSchema(schema);
  const body: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(s?.properties ?? {})) body[name] = sampleValue(property, name, hint);
  // Fields of which a body may name only one: the reference (the sweeps' subject) is kept.
  for (const [dropped, kept] of EXCLUSIVE_FIELDS) if (dropped in body && kept in body) delete body[dropped];
  return body;
}

/**
 * [dropped, kept]: a job names its department by name or by id, not both; a reject reason and the
 * rejection e-mail (and its delay) go only with a move to a rejected-type stage, which the sampled
 * stage is not.
 */
export const EXCLUSIVE_FIELDS: [string, string][] = [
  ["department", "department_id"],
  ["reject_reason_id", "stage"],
  ["send_rejection_email", "stage"],
  ["rejection_email_delay_minutes", "stage"],
];
