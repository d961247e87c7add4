import { appBaseUrl } from "@hireflow/config";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { createDocument } from "zod-openapi";
import { API_SCOPE_DESCRIPTIONS, API_SCOPES, type ApiScope } from "./auth/scopes.ts";
import { errorEnvelopeSchema } from "./contracts/common.ts";
import { createCandidateInput } from "./contracts/candidate.ts";
import { candidateAppliedEventSchema, candidateScoredEventSchema, candidateStageChangedEventSchema, webhookTestEventSchema } from "./contracts/webhook-events.ts";
import { ERROR_STATUS } from "./errors.ts";
import { appRouter } from "./routers/index.ts";
import { procedureMetas } from "./routers/meta.ts";

const SIGNATURE_HEADERS = `Deliveries are signed with the Standard Webhooks scheme: \`webhook-id\` (the event id, the same on every retry), \`webhook-timestamp\` (Unix seconds) and \`webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">\` keyed with the endpoint secret's bytes (the base64 after \`whsec_\`). After a secret rotation, during its grace period, the header lists two signatures, space-delimited (\`v1,<new> v1,<previous>\`): accept the request when any of them matches. Answer 2xx within 10 seconds; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (a \`Retry-After\` header is honoured). \`410 Gone\` disables the endpoint at once, and so does failing every delivery for 5 days.`;

const WEBHOOKS = {
  "candidate.applied": candidateAppliedEventSchema,
  "candidate.stage_changed": candidateStageChangedEventSchema,
  "candidate.scored": candidateScoredEventSchema,
  "webhook.test": webhookTestEventSchema,
} as const;

const SCOPES_TEXT = `Each key holds a set of scopes, chosen when it is created (keys made before scopes existed hold all of them): ${API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_DESCRIPTIONS[scope].toLowerCase()})`).join(", ")}. Every operation names the scope it needs in \`x-required-scope\`; a key without it gets 403 \`forbidden\`, and nothing is changed. \`GET /me\` needs no scope.`;

/** The generated document, finished in one place with what the generator cannot express. */
function build(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Hireflow API",
    description:
      "The public API of Hireflow, a recruiting service. Authenticate with `Authorization: Bearer <API key>` (keys are created in Settings → API keys). Every resource is scoped to the key's company; another company's resource is a 404. Successful single-resource responses are `{ \"data\": … }`; lists add `pagination`; errors are `{ \"error\": { code, message, details? } }`. " + SCOPES_TEXT,
    version: "0.1.0",
    baseUrl: `${appBaseUrl()}/api/v1`,
    docsUrl: `${appBaseUrl()}/docs`,
    tags: ["Account", "Candidates", "Jobs", "Webhooks", "Events"],
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "API key, e.g. `hf_live_…`, limited to its scopes (each operation's `x-required-scope`)" } },
    defs: { Error: errorEnvelopeSchema },
  });

  const successStatus = new Map<string, number>();
  const requiredScope = new Map<string, ApiScope>();
  for (const { meta } of procedureMetas) {
    if (meta.openapi && meta.successStatus) successStatus.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.successStatus);
    if (meta.openapi && meta.scope) requiredScope.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.scope);
  }

  const errorRef = { $ref: "#/components/schemas/Error" };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { responses?: Record<string, unknown>; requestBody?: { content: Record<string, unknown> } }>)) {
      const responses = operation.responses;
      if (!responses) continue;
      const status = successStatus.get(`${method} ${path}`);
      if (status && responses["200"]) {
        responses[String(status)] = responses["200"];
        delete responses["200"];
      }
      for (const code of Object.keys(responses)) {
        if (Number(code) >= 400 || code === "default") {
          const description = (responses[code] as { description?: string }).description ?? "Error";
          responses[code] = { description, content: { "application/json": { schema: errorRef } } };
        }
      }
      const scope = requiredScope.get(`${method} ${path}`);
      if (scope) {
        // The scope the API key needs (meta.scope, enforced by companyProcedure): an extension for tools,
        // a line for readers, and the 403 a key without it gets.
        const op = operation as { description?: string; "x-required-scope"?: ApiScope };
        op["x-required-scope"] = scope;
        const line = `Requires the API key scope \`${scope}\`.`;
        op.description = op.description ? `${op.description}\n\n${line}` : line;
        responses["403"] = { description: `The API key lacks the scope \`${scope}\` (code forbidden)`, content: { "application/json": { schema: errorRef } } };
      }
      responses["429"] = { description: "Rate limit exceeded (see RateLimit-* and Retry-After headers); code rate_limited", content: { "application/json": { schema: errorRef } } };
      responses["500"] ??= { description: "Internal error", content: { "application/json": { schema: errorRef } } };
      if (method === "post") {
        const op = operation as { parameters?: unknown[] };
        op.parameters = [
          ...(op.parameters ?? []),
          {
            name: "Idempotency-Key",
            in: "header",
            required: false,
            description: "Up to 255 printable characters. A retry with the same key and body within 24 hours replays the first response (header `idempotent-replayed: true`); the same key with another body, or while the first request runs, is a 409.",
            schema: { type: "string", maxLength: 255 },
          },
        ];
      }
      if (method === "post" && operation.requestBody) {
        // The generator marks a body required whenever the input is (path ids count). A POST whose body
        // has no required field may send none at all (POST …/rotate_secret): the gateway reads it as {}.
        const json = operation.requestBody.content["application/json"] as { schema?: { required?: string[] } } | undefined;
        if (json?.schema && !json.schema.required?.length) (operation.requestBody as { required?: boolean }).required = false;
      }
      if (method === "post" && path === "/candidates" && operation.requestBody) {
        // `name` is optional in the shared schema only for the multipart variant with a resume.
        const json = operation.requestBody.content["application/json"] as { schema: { required?: string[] } };
        json.schema.required = [...(json.schema.required ?? []), "name"];
        operation.requestBody.content["multipart/form-data"] = { schema: multipartCandidateSchema() };
      }
    }
  }

  const webhookDoc = createDocument({
    openapi: "3.1.0",
    info: { title: "", version: "" },
    webhooks: Object.fromEntries(
      Object.entries(WEBHOOKS).map(([name, schema]) => [
        name,
        {
          post: {
            summary: name,
            description: SIGNATURE_HEADERS,
            requestBody: { content: { "application/json": { schema } } },
            responses: { "200": { description: "Any 2xx acknowledges the delivery" } },
          },
        },
      ]),
    ),
  });
  doc.webhooks = webhookDoc.webhooks;
  // The generator's own error schemas are replaced by Error above.
  const schemas = Object.fromEntries(Object.entries(doc.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  doc.components = { ...doc.components, schemas: { ...schemas, ...webhookDoc.components?.schemas } };
  doc.info["x-error-codes"] = ERROR_STATUS;
  return doc;
}

function multipartCandidateSchema() {
  const shape = createCandidateInput.shape;
  const fields = Object.fromEntries(Object.keys(shape).map((key) => [key, { type: "string" }]));
  return {
    type: "object",
    additionalProperties: false,
    required: ["job_id"],
    description: "The JSON fields as strings, plus `resume`. `name` is optional when a resume is supplied (filled in from it later).",
    properties: { ...fields, resume: { type: "string", format: "binary", description: "PDF, DOC or DOCX, detected by content; at most 10 MB" } },
  };
}

let cached: { base: string; doc: OpenAPIObject } | undefined;

export function openApiDocument(): OpenAPIObject {
  const base = appBaseUrl();
  if (!cached || cached.base !== base) cached = { base, doc: build() };
  return cached.doc;
}

