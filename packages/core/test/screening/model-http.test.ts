import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ModelScreeningError, scoreCandidate, screeningModelFromEnv } from "../../src/modules/screening/engine/index.ts";
import { completion, json } from "./chat-protocol.ts";
import { inputFor, PERSONAL } from "./fixtures.ts";

/**
 * The model engine through @ai-sdk/openai-compatible against a local server speaking the OpenAI
 * chat-completions protocol (what vLLM, Ollama and LM Studio serve).
 */

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}
type Handler = (req: Recorded, res: ServerResponse) => void;

let server: Server;
let baseURL: string;
const requests: Recorded[] = [];
const handlers: Handler[] = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const recorded: Recorded = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: raw ? JSON.parse(raw) : null };
    requests.push(recorded);
    const handler = handlers.shift();
    if (handler) handler(recorded, res);
    else json(res, 500, { error: { message: "no handler queued" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterEach(() => {
  requests.length = 0;
  handlers.length = 0;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});


const GOOD = JSON.stringify({
  results: [
    { id: "skill-go", met: true, evidence: "Designed event-driven order routing in Go and PostgreSQL." },
    { id: "skill-postgresql", met: true, evidence: "Go and PostgreSQL" },
    { id: "skill-kafka", met: true, evidence: "Built settlement services in Java and Kafka." },
    { id: "text-led-team", met: null, evidence: "The resume gives a lead title but says nothing about a team." },
  ],
});

const answering = (content: string): Handler => (_req, res) => json(res, 200, completion(content));
const failing = (status: number, headers: Record<string, string> = {}): Handler => (_req, res) =>
  json(res, status, { error: { message: `failure ${status}`, type: status === 429 ? "rate_limit_exceeded" : "server_error", code: null } }, headers);

function engine(timeoutMs = 5000) {
  const configured = screeningModelFromEnv({ AI_SCREENING_MODEL: "qwen2.5-7b-instruct", AI_SCREENING_BASE_URL: baseURL, AI_SCREENING_API_KEY: "test-key" });
  if (!configured) throw new Error("no model configured");
  return { model: configured.model, modelId: configured.id, timeoutMs };
}

async function rejection(promise: Promise<unknown>): Promise<ModelScreeningError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ModelScreeningError);
  return error as ModelScreeningError;
}

describe("model engine over the OpenAI chat-completions protocol", () => {
  it("sends one chat completion with a JSON schema response format and reads the structured answer", async () => {
    handlers.push(answering(GOOD));
    const outcome = await scoreCandidate(inputFor("marcus"), engine());

    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req).toMatchObject({ method: "POST", url: "/v1/chat/completions" });
    expect(req!.headers.authorization).toBe("Bearer test-key");
    expect(req!.headers["content-type"]).toMatch(/application\/json/);
    const body = req!.body;
    expect(body.model).toBe("qwen2.5-7b-instruct");
    expect(body.temperature).toBe(0);
    expect(body.stream).toBeFalsy();
    expect(body.tools).toBeUndefined();
    expect(body.messages.map((m: any) => m.role)).toEqual(["system", "user"]);
    expect(body.messages[1].content).toContain('"id": "skill-go"');
    expect(body.messages[1].content).toContain("<<<RESUME\nCURRICULUM VITAE\n[removed]\n");
    expect(body.response_format).toMatchObject({
      type: "json_schema",
      json_schema: {
        name: "screening_results",
        strict: true,
        schema: {
          type: "object",
          required: ["results"],
          additionalProperties: false,
          properties: { results: { type: "array", items: { required: ["id", "met", "evidence"], additionalProperties: false } } },
        },
      },
    });
    const wire = JSON.stringify(body).toLowerCase();
    for (const s of PERSONAL.marcus) expect(wire).not.toContain(s.toLowerCase());

    expect(outcome.criteria.map((c) => [c.id, c.met])).toEqual([
      ["skill-go", true],
      ["skill-postgresql", true],
      ["skill-kafka", true],
      ["min_years-5", true],
      ["location", true],
      ["answer-eu_work", true],
      ["text-led-team", null],
    ]);
    // The model's quote, found in the blind text, is shown as the resume's line.
    expect(outcome.criteria[0]).toMatchObject({
      evidence: "Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL.",
      match: "Designed event-driven order routing in Go and PostgreSQL.",
    });
    expect(outcome).toMatchObject({ fitScore: 100, engine: "model", model: "qwen2.5-7b-instruct" });
  });

  it.each([
    ["prose instead of JSON", answering("Marcus clearly knows Go.")],
    ["JSON of the wrong shape", answering(JSON.stringify({ results: [{ id: "skill-go", met: "yes", evidence: 1 }] }))],
    ["an unknown criterion id", answering(JSON.stringify({ results: [...JSON.parse(GOOD).results, { id: "location", met: false, evidence: "" }] }))],
    ["a body that is not a chat completion", ((_req, res) => json(res, 200, { hello: "world" })) as Handler],
  ])("turns %s into a retryable malformed-answer error", async (_label, handler) => {
    handlers.push(handler);
    const error = await rejection(scoreCandidate(inputFor("marcus"), engine()));
    expect(error).toMatchObject({ kind: "malformed", retryable: true });
    expect(requests).toHaveLength(1);
  });

  it.each([
    [429, "rate_limited"],
    [500, "server"],
    [502, "server"],
  ] as const)("fails retryably on HTTP %i without retrying itself, and succeeds on the next attempt", async (status, kind) => {
    handlers.push(failing(status, status === 429 ? { "retry-after": "0" } : {}), answering(GOOD));
    const error = await rejection(scoreCandidate(inputFor("marcus"), engine()));
    expect(error).toMatchObject({ kind, retryable: true, status });
    expect(requests).toHaveLength(1); // one attempt: retries are the job step's

    const outcome = await scoreCandidate(inputFor("marcus"), engine());
    expect(outcome.fitScore).toBe(100);
    expect(requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404])("fails for good on HTTP %i", async (status) => {
    handlers.push(failing(status));
    const error = await rejection(scoreCandidate(inputFor("marcus"), engine()));
    expect(error).toMatchObject({ kind: "rejected", retryable: false, status });
    expect(requests).toHaveLength(1);
  });

  it("times out a server that never answers, retryably", async () => {
    handlers.push(() => {}); // accepts the request, never responds
    const started = Date.now();
    const error = await rejection(scoreCandidate(inputFor("marcus"), engine(200)));
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(error.message).toContain("200 ms");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(requests).toHaveLength(1);
  });

  it("reports an unreachable server as a retryable network error", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const configured = screeningModelFromEnv({ AI_SCREENING_MODEL: "m", AI_SCREENING_BASE_URL: `http://127.0.0.1:${port}/v1` })!;
    const error = await rejection(scoreCandidate(inputFor("marcus"), { model: configured.model, modelId: configured.id, timeoutMs: 5000 }));
    expect(error).toMatchObject({ kind: "network", retryable: true });
  });
});
