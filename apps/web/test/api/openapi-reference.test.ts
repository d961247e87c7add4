import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openApiDocument, WEBHOOK_SCHEMAS } from "@hireflow/core/openapi";
import { SAMPLE_LABELS } from "@hireflow/core/openapi/code-samples";
import { OPERATION_EXAMPLES, WEBHOOK_EXAMPLES } from "@hireflow/core/openapi/examples";
import { VERIFY_PYTHON } from "@hireflow/core/openapi/webhook-docs";
import { appRouter } from "@hireflow/core";
import { procedureMetas } from "@hireflow/core";
import { signatureHeaders } from "@hireflow/worker/webhooks/signing";
import { Hireflow } from "@hireflow/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import config from "../../next.config.ts";
import { GET as scalarScript } from "@/app/docs/scalar.js/route";
import { SCALAR_VERSION } from "@/server/api-reference-asset";

/**
 * The API reference's content (issue #13 §4): every operation of the OpenAPI document carries its
 * scope in the prose, request and response examples that its own zod contract accepts, and code
 * samples in curl, the TypeScript SDK and Python `requests` — and those samples are run here: the
 * TypeScript ones with the real SDK, the Python and curl ones with python3 and curl, each against a
 * local stub that checks the request they send. The Python signature check is run against real
 * signatures. /docs itself (Scalar, offline, in a browser) is e2e/api-docs.spec.ts.
 */

type Sample = { lang: string; label: string; source: string };
type Media = { schema?: unknown; example?: unknown };
type Operation = {
  operationId: string;
  description?: string;
  "x-required-scope"?: string;
  "x-codeSamples"?: Sample[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Doc = {
  servers: { url: string }[];
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: { description: string; parameters?: { name: string; in: string }[]; requestBody: { content: Record<string, Media> } } }>;
};

const doc = openApiDocument() as unknown as Doc;
const origin = doc.servers[0]!.url.replace(/\/api\/v1$/, "");

const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation, id: operation.operationId })));

/** The tRPC procedure behind each operation, for its zod input and output. */
function procedureOf(method: string, path: string): { input: ZodType; output: ZodType } {
  const found = procedureMetas.find(({ meta }) => meta.openapi?.method.toLowerCase() === method && meta.openapi.path === path);
  if (!found) throw new Error(`no procedure for ${method} ${path}`);
  const def = (appRouter._def.procedures as unknown as Record<string, { _def: { inputs: ZodType[]; output: ZodType } }>)[found.path]!._def;
  return { input: def.inputs[0]!, output: def.output };
}

const successOf = (operation: Operation) => Object.entries(operation.responses).find(([code]) => code.startsWith("2"))!;
const concretePath = (path: string, values: Record<string, string | number> = {}) => path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));

describe("every operation of the API reference", () => {
  it("covers the whole API: every operation has an example (openapi/examples.ts)", () => {
    expect(operations.length).toBeGreaterThan(20);
    expect(operations.map((o) => o.id).sort()).toEqual(Object.keys(OPERATION_EXAMPLES).sort());
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))("%s: names its scope in the description", (_, { operation, path }) => {
    const scope = operation["x-required-scope"];
    if (path === "/me") expect(operation.description).toContain("**Required scope:** none");
    else expect(operation.description).toContain(`**Required scope:** \`${scope}\``);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))("%s: request and 2xx response examples its own zod contract accepts", (_, { method, path, operation, id }) => {
    const example = OPERATION_EXAMPLES[id]!;
    const { input, output } = procedureOf(method, path);
    const [status, success] = successOf(operation);
    expect(success.content?.["application/json"]?.example).toEqual(example.response);
    // A 204 has no body over REST (the procedure's output is what the web app's tRPC call gets).
    if (status === "204") expect(example.response).toBeUndefined();
    else expect(output.safeParse(example.response).error).toBeUndefined();

    const json = operation.requestBody?.content["application/json"];
    if (json) {
      expect(example.request, "an operation with a body has a request example").toBeDefined();
      expect(json.example).toEqual(example.request);
    } else {
      expect(example.request).toBeUndefined();
    }
    // Path and query values arrive as strings; the body as JSON.
    const wire = Object.fromEntries(Object.entries({ ...example.path, ...example.query }).map(([key, value]) => [key, String(value)]));
    expect(input.safeParse({ ...wire, ...example.request }).error).toBeUndefined();
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))("%s: curl, TypeScript SDK and Python samples", (_, { method, path, operation, id }) => {
    const samples = operation["x-codeSamples"]!;
    expect(samples.map((s) => [s.lang, s.label])).toEqual([
      ["shell", SAMPLE_LABELS.curl],
      ["typescript", SAMPLE_LABELS.typescript],
      ["python", SAMPLE_LABELS.python],
    ]);
    const [curl, ts, python] = samples.map((s) => s.source) as [string, string, string];
    const url = `${origin}/api/v1${concretePath(path, OPERATION_EXAMPLES[id]!.path)}`;
    expect(curl).toContain(url);
    expect(curl).toContain(`-H "Authorization: Bearer $HIREFLOW_API_KEY"`);
    expect(python).toContain(`f"Bearer {os.environ['HIREFLOW_API_KEY']}"`);
    expect(python).toContain(JSON.stringify(url));
    expect(ts).toMatch(/^import \{ Hireflow \} from "@hireflow\/sdk";\n\nconst hf = new Hireflow\(\{ apiKey: process\.env\.HIREFLOW_API_KEY!, baseUrl: "[^"]+" \}\);/);
    expect(ts).toContain(`baseUrl: ${JSON.stringify(origin)}`);
    if (method === "post") {
      expect(curl).toContain("Idempotency-Key");
      expect(python).toContain("Idempotency-Key");
    }
  });
});

describe("webhooks in the API reference", () => {
  const schemas: Record<string, ZodType> = WEBHOOK_SCHEMAS;

  it("shows each payload with an example its schema accepts, the signature headers and how to verify them", () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual(Object.keys(WEBHOOK_EXAMPLES).sort());
    for (const [name, item] of Object.entries(doc.webhooks)) {
      const example = item.post.requestBody.content["application/json"]!.example;
      expect(example, name).toEqual(WEBHOOK_EXAMPLES[name as keyof typeof WEBHOOK_EXAMPLES]);
      expect(schemas[name]!.safeParse(example).error, name).toBeUndefined();
      expect(item.post.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(["header:webhook-id", "header:webhook-timestamp", "header:webhook-signature"]);
      expect(item.post.description).toContain("Verifying webhook signatures");
    }
    expect(doc.info.description).toContain("## Verifying webhook signatures");
    expect(doc.info.description).toContain("```typescript\nimport { verifyWebhook } from \"@hireflow/sdk\";");
    expect(doc.info.description).toContain("verifyWebhook(rawBody, request.headers, process.env.HIREFLOW_WEBHOOK_SECRET!)");
    expect(doc.info.description).toContain("```python\n" + VERIFY_PYTHON);
  });

  const python = pythonWith([]);
  it.skipIf(!python)("the Python verification code accepts real signatures (both during a rotation) and refuses forgeries and replays", async () => {
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw8nBqbM4nCmY=";
    const previous = "whsec_q0m1uY4bqZ8oJ2S0cE6PzYV3y3dQ3iQ9qG2Jm4v2h1A=";
    const body = JSON.stringify(WEBHOOK_EXAMPLES["candidate.stage_changed"]);
    const cases = [
      { name: "signed", headers: signatureHeaders(secret, "evt_1", body), body, secret, ok: true },
      { name: "rotation, new secret", headers: signatureHeaders([secret, previous], "evt_2", body), body, secret, ok: true },
      { name: "rotation, previous secret", headers: signatureHeaders([secret, previous], "evt_3", body), body, secret: previous, ok: true },
      { name: "other secret", headers: signatureHeaders(previous, "evt_4", body), body, secret, ok: false },
      { name: "tampered body", headers: signatureHeaders(secret, "evt_5", body), body: body.replace("phonescreen", "hired"), secret, ok: false },
      { name: "replayed after 10 minutes", headers: signatureHeaders(secret, "evt_6", body, Date.now() - 600_000), body, secret, ok: false },
    ];
    const script = `${VERIFY_PYTHON}\n\nimport json, sys\nfor case in json.load(sys.stdin):\n    try:\n        verify_webhook(case["body"].encode(), case["headers"], case["secret"])\n        print(case["name"], "ok")\n    except ValueError as error:\n        print(case["name"], "refused:", error)\n`;
    const { stdout } = await runWithInput(python!, ["-c", script], JSON.stringify(cases));
    const results = stdout.trim().split("\n");
    expect(results).toEqual(cases.map((c) => (c.ok ? `${c.name} ok` : expect.stringMatching(new RegExp(`^${c.name} refused: `)))));
  });
});

// ---- Running the samples -------------------------------------------------------------------------

type Recorded = { method: string; path: string; query: Record<string, string>; headers: http.IncomingHttpHeaders; body: unknown };

/** A stand-in for the API: records each request and answers with the operation's example (an empty page for a cursor). */
async function startStub() {
  const requests: Recorded[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url!, "http://stub");
    const recorded: Recorded = { method: req.method!, path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, body: raw ? JSON.parse(raw) : undefined };
    requests.push(recorded);
    const match = operations.find((o) => o.method.toUpperCase() === req.method && url.pathname === `/api/v1${concretePath(o.path, OPERATION_EXAMPLES[o.id]!.path)}`);
    if (!match) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "not_found", message: "no such sample route" } }));
      return;
    }
    const [status] = successOf(match.operation);
    const body = url.searchParams.has("cursor") ? { data: [], pagination: { next_cursor: null, has_more: false } } : OPERATION_EXAMPLES[match.id]!.response;
    if (body === undefined) res.writeHead(Number(status)).end();
    else res.writeHead(Number(status), { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const stubOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { requests, stubOrigin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function pythonWith(modules: string[]): string | null {
  for (const candidate of ["python3", "python"]) {
    try {
      execFileSync(candidate, ["-c", modules.map((m) => `import ${m}`).join("\n") || "pass"], { stdio: "ignore" });
      return candidate;
    } catch {
      // next
    }
  }
  return null;
}

function hasCommand(command: string): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, command)));
}

function runWithInput(command: string, args: string[], input: string, env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { env, timeout: 60_000, maxBuffer: 10 * 1024 * 1024 }, (error, stdout, stderr) => (error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr })));
    child.stdin!.end(input);
  });
}

/** What every sample of an operation must have sent (the SDK may leave an optional body out). */
function expectRequest(recorded: Recorded | undefined, o: (typeof operations)[number], language: string, bodyOptional = false) {
  const example = OPERATION_EXAMPLES[o.id]!;
  const label = `${language}: ${o.method.toUpperCase()} ${o.path}`;
  expect(recorded, label).toBeDefined();
  expect(recorded!.method, label).toBe(o.method.toUpperCase());
  expect(recorded!.path, label).toBe(`/api/v1${concretePath(o.path, example.path)}`);
  expect(recorded!.query, label).toEqual(Object.fromEntries(Object.entries(example.query ?? {}).map(([key, value]) => [key, String(value)])));
  expect(recorded!.headers.authorization, label).toBe("Bearer hf_live_sample");
  if (o.method === "post") expect(recorded!.headers["idempotency-key"], label).toMatch(/^[0-9a-f-]{36}$/i);
  if (recorded!.body !== undefined || !bodyOptional) expect(recorded!.body, label).toEqual(example.request);
}

describe("the code samples run", () => {
  let stub: Awaited<ReturnType<typeof startStub>>;
  beforeAll(async () => (stub = await startStub()));
  afterAll(() => stub.close());
  const sampleOf = (o: (typeof operations)[number], lang: string) => o.operation["x-codeSamples"]!.find((s) => s.lang === lang)!.source.replaceAll(origin, stub.stubOrigin);

  it("TypeScript: each sample, with the real SDK, sends its operation's request", async () => {
    const AsyncFunction = (async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    for (const o of operations) {
      const source = sampleOf(o, "typescript");
      // The samples' only TypeScript is the non-null assertion on the key; the import is provided.
      const body = source.replace(/^import .*\n/, "").replace("process.env.HIREFLOW_API_KEY!", '"hf_live_sample"');
      const before = stub.requests.length;
      await new AsyncFunction("Hireflow", "console", body)(Hireflow, { log: () => {} });
      const [first, ...more] = stub.requests.slice(before);
      // The SDK puts a body in only when the method takes one (addNote takes the note as a string).
      const example = OPERATION_EXAMPLES[o.id]!;
      const sdkSendsBody = o.method === "patch" || o.id === "candidates-addNote" || (example.request !== undefined && o.id !== "webhookEndpoints-rotateSecret");
      expectRequest(first, o, "TypeScript", !sdkSendsBody);
      if (sdkSendsBody) expect(first!.body, o.id).toEqual(example.request);
      // A list is iterated to its end: a second request with the cursor when there is one.
      const next = (example.response as { pagination?: { next_cursor: string | null } } | undefined)?.pagination?.next_cursor;
      expect(more.map((r) => r.query.cursor), o.id).toEqual(next ? [next] : []);
    }
  });

  const python = pythonWith(["requests"]);
  it.skipIf(!python)("Python: each sample, run by python3 with requests, sends its operation's request", async () => {
    const sources = operations.map((o) => sampleOf(o, "python"));
    const harness = `import json, sys\nfor index, source in enumerate(json.load(sys.stdin)):\n    exec(compile(source, f"sample{index}", "exec"), {"__name__": "__sample__"})\n    print("done", index, flush=True)\n`;
    const before = stub.requests.length;
    const { stdout } = await runWithInput(python!, ["-c", harness], JSON.stringify(sources), { ...process.env, HIREFLOW_API_KEY: "hf_live_sample" });
    expect(stdout.trim().split("\n").filter((line) => line.startsWith("done"))).toHaveLength(operations.length);
    const recorded = stub.requests.slice(before).filter((r) => r.query.cursor === undefined);
    operations.forEach((o, index) => expectRequest(recorded[index], o, "Python"));
  });

  it.skipIf(!hasCommand("curl") || !hasCommand("bash"))("curl: each sample, run by bash, sends its operation's request", async () => {
    const script = operations.map((o) => `${sampleOf(o, "shell")} --fail --silent --show-error --output /dev/null`).join("\n");
    const before = stub.requests.length;
    // The POST samples generate their Idempotency-Key with uuidgen (macOS, util-linux); Debian keeps it
    // in uuid-runtime, so a stand-in is put on the PATH where it is missing.
    const shim = await mkdtemp(path.join(tmpdir(), "uuidgen-"));
    await writeFile(path.join(shim, "uuidgen"), `#!/bin/sh\nexec node -e 'console.log(crypto.randomUUID())'\n`, { mode: 0o755 });
    const PATH = hasCommand("uuidgen") ? process.env.PATH : `${shim}${path.delimiter}${process.env.PATH}`;
    await runWithInput("bash", ["-euo", "pipefail", "-s"], script, { ...process.env, PATH, HIREFLOW_API_KEY: "hf_live_sample" }).finally(() => rm(shim, { recursive: true, force: true }));
    const recorded = stub.requests.slice(before);
    expect(recorded).toHaveLength(operations.length);
    operations.forEach((o, index) => expectRequest(recorded[index], o, "curl"));
  });
});

describe("the renderer's bundle (/docs/scalar.js)", () => {
  it("is served from the app, cacheable, without a source map reference", async () => {
    const response = await scalarScript(new Request(`http://localhost/docs/scalar.js?v=${SCALAR_VERSION}`));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("immutable");
    const text = await response.text();
    expect(text).toContain("createApiReference");
    expect(text).not.toContain("sourceMappingURL=");
    const etag = response.headers.get("etag")!;
    const again = await scalarScript(new Request("http://localhost/docs/scalar.js", { headers: { "if-none-match": etag } }));
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).not.toContain("immutable");
  });

  it("ships with the build: next.config traces the file the route reads", () => {
    const includes = (config.outputFileTracingIncludes ?? {})["/docs/scalar.js"] ?? [];
    expect(includes).toHaveLength(1);
    expect(existsSync(path.resolve(import.meta.dirname, "../..", includes[0]!))).toBe(true);
    expect(SCALAR_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
