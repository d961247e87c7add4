/**
 * The `x-codeSamples` of each operation (read by Scalar and Redoc): curl, the TypeScript SDK
 * (`@hireflow/sdk`) and Python `requests`, all three built from the operation itself (method, path,
 * path and query parameters, the example body of examples.ts) rather than written per operation.
 */
import type { QueryValue } from "./examples.ts";

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

export interface SampleOperation {
  operationId: string;
  method: string;
  /** The path below /api/v1, with `{name}` placeholders. */
  path: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: Record<string, unknown>;
  /** Whether the request body has required fields (the SDK method then takes the body). */
  bodyRequired?: boolean;
  /** A list answer (`{ data: [], pagination }`): the SDK iterates it, Python follows the cursor. */
  paginated?: boolean;
  /** The response schema's name (components.schemas), to name the result variable. */
  resultSchema?: string;
  /** The answer has no body (204). */
  noContent?: boolean;
}

export const SAMPLE_LABELS = { curl: "curl", typescript: "TypeScript SDK", python: "Python (requests)" } as const;

/** The SDK's method per operation: `<resource>.<method>` from the operationId, with the few exceptions. */
const SDK_METHOD: Record<string, string> = { "me-get": "me", "availability-get": "users.getAvailability", "availability-put": "users.setAvailability" };
/** SDK methods that take one body field as a plain argument instead of the body object. */
const SDK_POSITIONAL_BODY: Record<string, string> = { "candidates-addNote": "note" };

const RESULT_NAMES: Record<string, string> = {
  Me: "me",
  Candidate: "candidate",
  CandidateDetail: "candidate",
  CandidateNote: "note",
  Job: "job",
  RescoreRequest: "rescore",
  ScreeningExplanation: "explanation",
  ScreeningExplanationSent: "sent",
  ImpactRatioReport: "report",
  WebhookEndpoint: "endpoint",
  WebhookEndpointWithSecret: "endpoint",
  DeletedWebhookEndpoint: "deleted",
  WebhookTestSent: "sent",
  WebhookDelivery: "delivery",
  Event: "event",
  Offer: "offer",
  OfferDetail: "offer",
  SchedulingLink: "link",
  Availability: "availability",
};

export function codeSamples(operation: SampleOperation, origin: string): CodeSample[] {
  return [
    { lang: "shell", label: SAMPLE_LABELS.curl, source: curlSample(operation, origin) },
    { lang: "typescript", label: SAMPLE_LABELS.typescript, source: typescriptSample(operation, origin) },
    { lang: "python", label: SAMPLE_LABELS.python, source: pythonSample(operation, origin) },
  ];
}

function concretePath(operation: SampleOperation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = operation.pathParams?.[name];
    if (value === undefined) throw new Error(`${operation.operationId}: no example value for path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query || Object.keys(query).length === 0) return "";
  return `?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString()}`;
}

function resultName(operation: SampleOperation): string {
  return (operation.resultSchema && RESULT_NAMES[operation.resultSchema]) || "result";
}

// ---- curl ----------------------------------------------------------------------------------------

function shellSingleQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlSample(operation: SampleOperation, origin: string): string {
  const method = operation.method.toUpperCase();
  const url = `${origin}/api/v1${concretePath(operation)}${queryString(operation.query)}`;
  const lines = [`curl ${method === "GET" ? "" : `-X ${method} `}"${url}"`, `-H "Authorization: Bearer $HIREFLOW_API_KEY"`];
  if (method === "POST") lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  if (operation.body) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellSingleQuote(JSON.stringify(operation.body, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}

// ---- TypeScript SDK ------------------------------------------------------------------------------

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A JSON value as a JavaScript literal: unquoted keys where possible, two-space indent. */
export function jsLiteral(value: unknown, indent = ""): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = value.map((item) => jsLiteral(item, `${indent}  `));
    const flat = `[${inner.join(", ")}]`;
    return flat.length <= 60 && !flat.includes("\n") ? flat : `[\n${inner.map((item) => `${indent}  ${item}`).join(",\n")},\n${indent}]`;
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = entries.map(([key, item]) => `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${jsLiteral(item, `${indent}  `)}`);
    const flat = `{ ${inner.join(", ")} }`;
    return flat.length <= 60 && !flat.includes("\n") ? flat : `{\n${inner.map((item) => `${indent}  ${item}`).join(",\n")},\n${indent}}`;
  }
  return JSON.stringify(value);
}

function typescriptSample(operation: SampleOperation, origin: string): string {
  const [resource, method] = (SDK_METHOD[operation.operationId] ?? operation.operationId.replace("-", ".")).split(".") as [string, string | undefined];
  const call = method ? `hf.${resource}.${method}` : `hf.${resource}`;
  const args: string[] = Object.values(operation.pathParams ?? {}).map((value) => JSON.stringify(value));
  const positional = SDK_POSITIONAL_BODY[operation.operationId];
  if (operation.body && positional) args.push(JSON.stringify(operation.body[positional]));
  else if (operation.body && (operation.bodyRequired || operation.method.toLowerCase() === "patch")) args.push(jsLiteral(operation.body));
  if (operation.query && Object.keys(operation.query).length > 0) args.push(jsLiteral(operation.query));
  const name = resultName(operation);
  const body = operation.paginated
    ? `// Follows pagination.next_cursor page by page.\nfor await (const ${name} of ${call}(${args.join(", ")})) {\n  console.log(${name}.id);\n}`
    : operation.noContent
      ? `await ${call}(${args.join(", ")}); // 204 No Content`
      : `const ${name} = await ${call}(${args.join(", ")});\nconsole.log(${name});`;
  return [
    `import { Hireflow } from "@hireflow/sdk";`,
    ``,
    `const hf = new Hireflow({ apiKey: process.env.HIREFLOW_API_KEY!, baseUrl: ${JSON.stringify(origin)} });`,
    ``,
    body,
  ].join("\n");
}

// ---- Python requests -----------------------------------------------------------------------------

/** A JSON value as a Python literal (True/False/None), four-space indent. */
export function pythonLiteral(value: unknown, indent = ""): string {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const inner = value.map((item) => pythonLiteral(item, `${indent}    `));
    const flat = `[${inner.join(", ")}]`;
    return flat.length <= 60 && !flat.includes("\n") ? flat : `[\n${inner.map((item) => `${indent}    ${item}`).join(",\n")},\n${indent}]`;
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = entries.map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item, `${indent}    `)}`);
    const flat = `{${inner.join(", ")}}`;
    return flat.length <= 60 && !flat.includes("\n") ? flat : `{\n${inner.map((item) => `${indent}    ${item}`).join(",\n")},\n${indent}}`;
  }
  // JSON strings and numbers are valid Python literals (\u escapes included).
  return JSON.stringify(value);
}

function pythonSample(operation: SampleOperation, origin: string): string {
  const method = operation.method.toLowerCase();
  const post = method === "post";
  const imports = ["import os", ...(post ? ["import uuid"] : []), "", "import requests"];
  const headerLines = [`    "Authorization": f"Bearer {os.environ['HIREFLOW_API_KEY']}",`, ...(post ? [`    "Idempotency-Key": str(uuid.uuid4()),`] : [])];
  const url = `${origin}/api/v1${concretePath(operation)}`;
  const name = resultName(operation);
  const lines = [...imports, "", `headers = {`, ...headerLines, `}`];

  // requests writes True/False into the query string; the API reads true/false.
  const params = operation.query && Object.fromEntries(Object.entries(operation.query).map(([key, value]) => [key, typeof value === "boolean" ? String(value) : value]));
  if (operation.paginated) {
    lines.push(
      `params = ${pythonLiteral(params ?? {})}`,
      ``,
      `while True:`,
      `    response = requests.get(${JSON.stringify(url)}, headers=headers, params=params, timeout=30)`,
      `    response.raise_for_status()`,
      `    page = response.json()`,
      `    for ${name} in page["data"]:`,
      `        print(${name}["id"])`,
      `    if not page["pagination"]["has_more"]:`,
      `        break`,
      `    params["cursor"] = page["pagination"]["next_cursor"]`,
    );
    return lines.join("\n");
  }

  const args = [JSON.stringify(url), "headers=headers"];
  if (params && Object.keys(params).length > 0) {
    lines.push(`params = ${pythonLiteral(params)}`);
    args.push("params=params");
  }
  if (operation.body) {
    lines.push(`body = ${pythonLiteral(operation.body)}`);
    args.push("json=body");
  }
  args.push("timeout=30");
  lines.push(``, `response = requests.${method}(${args.join(", ")})`, `response.raise_for_status()`);
  if (operation.noContent) lines.push(`print(response.status_code)  # 204 No Content`);
  else lines.push(`${name} = response.json()["data"]`, `print(${name})`);
  return lines.join("\n");
}
