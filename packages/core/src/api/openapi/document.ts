import { appBaseUrl } from "@hireflow/config";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { createDocument } from "zod-openapi";
import { API_SCOPE_DESCRIPTIONS, API_SCOPES, type ApiScope } from "../../kernel/scopes.ts";
import { errorEnvelopeSchema } from "../../kernel/contract/common.ts";
import { createCandidateInput } from "../../modules/candidate/contract/candidate.ts";
import {
  candidateAppliedEventSchema,
  candidateDeletedEventSchema,
  candidateScoredEventSchema,
  candidateStageChangedEventSchema,
  interviewCanceledEventSchema,
  interviewScheduledEventSchema,
  interviewUpdatedEventSchema,
  scorecardSubmittedEventSchema,
  webhookTestEventSchema,
  offerCreatedEventSchema,
  offerUpdatedEventSchema,
  offerApprovalRequestedEventSchema,
  offerApprovalRejectedEventSchema,
  offerApprovedEventSchema,
  offerSentEventSchema,
  offerAcceptedEventSchema,
  offerDeclinedEventSchema,
  offerWithdrawnEventSchema,
  offerExpiredEventSchema,
  candidateHiredEventSchema,
} from "../../modules/webhook/contract/webhook-events.ts";
import { ERROR_STATUS } from "../../kernel/contract/error-codes.ts";
import { codeSamples } from "./code-samples.ts";
import { OPERATION_EXAMPLES, WEBHOOK_EXAMPLES } from "./examples.ts";
import { VERIFYING_SIGNATURES_MARKDOWN } from "./webhook-docs.ts";
import { appRouter } from "../app-router.ts";
import { procedureMetas } from "../meta.ts";
import { type Meta } from "../../kernel/trpc.ts";

/** Each webhook's description after its own: how deliveries are signed and retried. */
const DELIVERY_TEXT = `Sent as a POST with the Standard Webhooks headers below: see **Verifying webhook signatures** in the introduction for how to check them (TypeScript and Python). Answer 2xx within 10 seconds; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (a \`Retry-After\` header is honoured). \`410 Gone\` disables the endpoint at once, and so does failing every delivery for 5 days.`;

/** The webhook events of the document, with their payload schemas. */
export const WEBHOOK_SCHEMAS = {
  "candidate.applied": candidateAppliedEventSchema,
  "candidate.stage_changed": candidateStageChangedEventSchema,
  "candidate.scored": candidateScoredEventSchema,
  "candidate.deleted": candidateDeletedEventSchema,
  "interview.scheduled": interviewScheduledEventSchema,
  "interview.updated": interviewUpdatedEventSchema,
  "interview.canceled": interviewCanceledEventSchema,
  "scorecard.submitted": scorecardSubmittedEventSchema,
  "offer.created": offerCreatedEventSchema,
  "offer.updated": offerUpdatedEventSchema,
  "offer.approval_requested": offerApprovalRequestedEventSchema,
  "offer.approval_rejected": offerApprovalRejectedEventSchema,
  "offer.approved": offerApprovedEventSchema,
  "offer.sent": offerSentEventSchema,
  "offer.accepted": offerAcceptedEventSchema,
  "offer.declined": offerDeclinedEventSchema,
  "offer.withdrawn": offerWithdrawnEventSchema,
  "offer.expired": offerExpiredEventSchema,
  "candidate.hired": candidateHiredEventSchema,
  "webhook.test": webhookTestEventSchema,
} as const;

const SCOPES_TEXT = `Each key holds a set of scopes, chosen when it is created (keys made before scopes existed hold all of them): ${API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_DESCRIPTIONS[scope].toLowerCase()})`).join(", ")}. Every operation names the scope it needs in \`x-required-scope\`; a key without it gets 403 \`forbidden\`, and nothing is changed. \`GET /me\` needs no scope.`;

/** info.description, in Markdown: the /docs renderer shows its headings in the sidebar. */
const INTRODUCTION = `The public API of Hireflow, a recruiting service. Every resource is scoped to the key's company; another company's resource is a 404. Successful single-resource responses are \`{ "data": … }\`; lists add \`pagination\` (newest first: pass \`pagination.next_cursor\` as \`cursor\` for the next page); errors are \`{ "error": { code, message, details? } }\`. \`POST\` requests accept an \`Idempotency-Key\` header: a retry with the same key replays the first answer.

Each operation comes with code samples for curl, the TypeScript SDK (\`@hireflow/sdk\`: it pages through lists, retries safely and verifies webhooks) and Python \`requests\`, all reading the key from \`HIREFLOW_API_KEY\`.

## Authentication

Send an API key as \`Authorization: Bearer hf_live_…\` (keys are created in Settings → API keys). ${SCOPES_TEXT}

${VERIFYING_SIGNATURES_MARKDOWN}`;

/** The tag of the webhook endpoint operations, apart from the document's `webhooks` (the events themselves). */
const ENDPOINTS_TAG = "Webhook endpoints";
/** The tag of the document's `webhooks`: the events Hireflow sends. The /docs sidebar groups them under it. */
const WEBHOOKS_TAG = "Webhooks";

/** Every tag of the document, in the order of the /docs sidebar, with what it covers (lint rule tag-description). */
const TAGS: { name: string; description: string }[] = [
  { name: "Account", description: "The API key making the request and its company: call `GET /me` first to test a connection." },
  { name: "Candidates", description: "People in the pipeline: create (JSON, or multipart with a resume), list and search, read with the parsed resume and the AI fit, update and move between stages, add notes, export or erase their data." },
  { name: "Jobs", description: "Open positions with their locations, salary, screening questions and AI screening settings; `apply_url` is the careers page." },
  { name: "Interviews", description: "Interviews of a candidate with a panel of members: schedule, reschedule and cancel them. Every change e-mails the panel (and the candidate when asked) an iCalendar invitation that calendars update in place." },
  { name: "Scorecards", description: "Interviewers' structured feedback on an interview: a rating per attribute of its kit, an overall recommendation and notes. Submitted as the interviewer (an API key names them with `on_behalf_of`); each submission sends `scorecard.submitted`." },
  { name: "Offers", description: "Offers to candidates: versions of the terms, an approval chain, a PDF letter the candidate signs through a personal link, and the hire handed on (`candidate.hired`). Interviewers never see offers." },
  { name: "Scheduling", description: "Scheduling links: the candidate picks a time in the free time of a pool of members (their working hours, buffers, caps, interviews and busy calendars) and books the interview themselves; they can reschedule or cancel it from the confirmation." },
  { name: "Users", description: "The company's members: the ids to name as interviewers, and their availability for scheduling links." },
  { name: ENDPOINTS_TAG, description: "Register the URLs that receive the **Webhooks** below, choose their events, rotate their secrets, send a test event, and read and redeliver their deliveries." },
  { name: "Reports", description: "Aggregates of the company's data: the impact ratios of the AI screening by sex and race/ethnicity (the tables of a bias audit under NYC Local Law 144)." },
  { name: "Events", description: "Every event of the last 30 days a webhook endpoint can subscribe to, whether or not one is registered: the body each delivery carries." },
  {
    name: WEBHOOKS_TAG,
    description: "The requests Hireflow sends to your webhook endpoints: one per event, signed with the Standard Webhooks scheme (see **Verifying webhook signatures**). They carry no API key: check the signature instead.",
  },
];

/** The name of a webhook's operation: `candidate.stage_changed` → `candidateStageChangedWebhook` (lint rule operation-operationId). */
export function webhookOperationId(event: string): string {
  const words = event.split(/[._]/);
  return `${words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join("")}Webhook`;
}

/** The generated document, finished in one place with what the generator cannot express. */
function build(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Hireflow API",
    description: INTRODUCTION,
    version: "0.1.0",
    baseUrl: `${appBaseUrl()}/api/v1`,
    docsUrl: `${appBaseUrl()}/docs`,
    tags: TAGS.map((tag) => tag.name),
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "API key, e.g. `hf_live_…`, limited to its scopes (each operation's `x-required-scope`)" } },
    defs: { Error: errorEnvelopeSchema },
  });

  const successStatus = new Map<string, number>();
  const otherSuccess = new Map<string, NonNullable<Meta["otherSuccess"]>>();
  const requiredScope = new Map<string, ApiScope>();
  for (const { meta } of procedureMetas) {
    if (meta.openapi && meta.successStatus) successStatus.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.successStatus);
    if (meta.openapi && meta.otherSuccess) otherSuccess.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.otherSuccess);
    if (meta.openapi && meta.scope) requiredScope.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.scope);
  }

  const errorRef = { $ref: "#/components/schemas/Error" };
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { responses?: Record<string, unknown>; requestBody?: { content: Record<string, unknown> } }>)) {
      const responses = operation.responses;
      if (!responses) continue;
      const status = successStatus.get(`${method} ${path}`);
      if (status && responses["200"]) {
        responses[String(status)] = status === 204 ? { description: "Done; no body" } : responses["200"];
        delete responses["200"];
      }
      // The other status some calls answer, with the same body (meta.otherSuccess).
      const other = otherSuccess.get(`${method} ${path}`);
      const usual = responses[String(status ?? 200)] as { content?: unknown } | undefined;
      if (other && usual) {
        responses[String(other.status)] = { description: other.description, ...(usual.content ? { content: usual.content } : {}) };
        responses[String(status ?? 200)] = { ...usual, description: other.usualDescription };
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
        op.description = withParagraph(op.description, `**Required scope:** \`${scope}\``);
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
      if (!scope) (operation as { description?: string }).description = withParagraph((operation as { description?: string }).description, "**Required scope:** none, any valid API key");
      finishForReaders(path, method, operation as DocOperation);
    }
  }

  const webhookDoc = createDocument({
    openapi: "3.1.0",
    info: { title: "", version: "" },
    webhooks: Object.fromEntries(
      (Object.entries(WEBHOOK_SCHEMAS) as [keyof typeof WEBHOOK_SCHEMAS, (typeof WEBHOOK_SCHEMAS)[keyof typeof WEBHOOK_SCHEMAS]][]).map(([name, schema]) => [
        name,
        {
          post: {
            operationId: webhookOperationId(name),
            summary: name,
            tags: [WEBHOOKS_TAG],
            // Sent by Hireflow, so no API key: the receiver checks the signature (lint rule security-defined).
            security: [],
            description: withParagraph(schema.meta()?.description, DELIVERY_TEXT),
            parameters: WEBHOOK_HEADERS,
            requestBody: { content: { "application/json": { schema, example: WEBHOOK_EXAMPLES[name] } } },
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
  // The generator takes tag names only.
  doc.tags = TAGS;
  doc.info.license = LICENSE;
  return doc;
}

/**
 * info.license (lint rules info-license, info-license-strict): the API is a hosted service under its
 * operator's terms, not open source (the SDK package is MIT, see packages/sdk/package.json). SPDX has
 * no identifier for that; `LicenseRef-` is SPDX's form for a license it does not list.
 */
const LICENSE = { name: "Proprietary", identifier: "LicenseRef-Proprietary" };

function withParagraph(text: string | undefined, paragraph: string): string {
  return text ? `${text}\n\n${paragraph}` : paragraph;
}

/** The Standard Webhooks headers of every delivery, with example values. */
const WEBHOOK_HEADERS: { name: string; in: "header"; required: true; description: string; schema: { type: "string" }; example: string }[] = [
  { name: "webhook-id", in: "header", required: true, description: "The event id: the same on every retry and redelivery (deduplicate on it)", schema: { type: "string" }, example: "0b6f3c1e-8f3a-4e53-9a55-2f7c7f1b9a10" },
  { name: "webhook-timestamp", in: "header", required: true, description: "Unix seconds of this attempt", schema: { type: "string" }, example: "1795340400" },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description: "`v1,<base64 HMAC-SHA256>`; two space-delimited entries during a secret rotation's grace period",
    schema: { type: "string" },
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  },
];

type MediaType = { schema?: { properties?: Record<string, { $ref?: string; items?: { $ref?: string } }>; required?: string[] }; example?: unknown };
type DocOperation = {
  operationId?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
  "x-codeSamples"?: unknown;
};

/**
 * What a reader of /docs needs beyond the schemas: a request and a response example (examples.ts)
 * and code samples in curl, the TypeScript SDK and Python (code-samples.ts), built from them.
 */
function finishForReaders(path: string, method: string, operation: DocOperation) {
  const id = operation.operationId;
  const example = id ? OPERATION_EXAMPLES[id] : undefined;
  if (operation.tags?.includes("Webhooks")) operation.tags = operation.tags.map((tag) => (tag === "Webhooks" ? ENDPOINTS_TAG : tag));
  // An operation without an example yet is served without examples and samples (the OpenAPI tests fail on it).
  if (!id || !example) return;

  const json = operation.requestBody?.content["application/json"];
  if (json && example.request) json.example = example.request;
  const [, success] = Object.entries(operation.responses).find(([code]) => code.startsWith("2")) ?? [];
  const successJson = success?.content?.["application/json"];
  if (successJson) successJson.example = example.response;

  const data = successJson?.schema?.properties?.data;
  const ref = data?.$ref ?? data?.items?.$ref;
  const origin = appBaseUrl();
  operation["x-codeSamples"] = codeSamples(
    {
      operationId: id,
      method,
      path,
      pathParams: example.path,
      query: example.query,
      body: json ? example.request : undefined,
      bodyRequired: Boolean(json?.schema?.required?.length),
      paginated: Boolean(successJson?.schema?.properties?.pagination),
      resultSchema: ref?.split("/").pop(),
      noContent: !successJson,
    },
    origin,
  );
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

