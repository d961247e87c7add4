import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";
import { ModelScreeningError, scoreCandidate, scoreWithModel, screeningModelFromEnv, timeoutFromEnv } from "../../src/modules/screening/engine/index.ts";
import { inputFor, MARCUS_DATA, MARCUS_TEXT, PERSONAL } from "./fixtures.ts";

type Generate = Awaited<ReturnType<MockLanguageModelV3["doGenerate"]>>;

const answer = (text: string): Generate => ({
  content: [{ type: "text", text }],
  finishReason: { unified: "stop", raw: "stop" },
  usage: {
    inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 50, text: 50, reasoning: undefined },
  },
  warnings: [],
});

const MODEL_IDS = ["skill-go", "skill-postgresql", "skill-kafka", "text-led-team"];

/** A model that answers every model-judged criterion of the backend job. */
function modelSaying(results: Array<{ id: string; met: boolean | null; evidence: string }>) {
  return new MockLanguageModelV3({ modelId: "mock-model", doGenerate: async () => answer(JSON.stringify({ results })) });
}

const allMet = MODEL_IDS.map((id) => ({ id, met: true, evidence: `quote for ${id}` }));

/** Everything the model received, as one string. */
const sent = (model: MockLanguageModelV3) => JSON.stringify(model.doGenerateCalls.map((c) => c.prompt));

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

describe("model engine (mock model)", () => {
  it("sends skill and text criteria with the blind text; code judges the facts", async () => {
    const model = modelSaying([
      { id: "skill-go", met: true, evidence: "routing in Go and PostgreSQL" },
      { id: "skill-postgresql", met: true, evidence: "Go and PostgreSQL" },
      { id: "skill-kafka", met: false, evidence: "not mentioned" },
      { id: "text-led-team", met: true, evidence: "Lead Engineer, Northwind Logistics" },
    ]);
    const outcome = await scoreCandidate(inputFor("marcus"), { model, modelId: "mock/model" });

    expect(model.doGenerateCalls).toHaveLength(1);
    const call = model.doGenerateCalls[0]!;
    // Structured output: a JSON response format with the schema.
    expect(call.responseFormat).toMatchObject({ type: "json", name: "screening_results", schema: { type: "object", required: ["results"] } });
    expect(call.temperature).toBe(0);
    const prompt = sent(model);
    for (const id of MODEL_IDS) expect(prompt).toContain(id);
    for (const id of ["min_years-5", "location", "answer-eu_work"]) expect(prompt).not.toContain(`"${id}"`);
    expect(prompt).toContain("Has the skill: Go (also written Golang)");
    expect(prompt).toContain("Has led a team of engineers");
    expect(prompt).toContain("Designed event-driven order routing in Go and PostgreSQL.");

    expect(outcome.criteria.map((c) => [c.id, c.met])).toEqual([
      ["skill-go", true],
      ["skill-postgresql", true],
      ["skill-kafka", false],
      ["min_years-5", true],
      ["location", true],
      ["answer-eu_work", true],
      ["text-led-team", true],
    ]);
    // A quote of the blind text is shown as the resume's whole line; an explanation as written.
    expect(outcome.criteria[6]).toMatchObject({
      evidence: "Lead Engineer, Northwind Logistics, London (2020 – present). Designed event-driven order routing in Go and PostgreSQL.",
      match: "Lead Engineer, Northwind Logistics",
    });
    expect(outcome.criteria[2]).toMatchObject({ evidence: "not mentioned" });
    expect(outcome.criteria[2]!.match).toBeUndefined();
    // Met weight 3+1+2+1+1+1 = 9 of 10.
    expect(outcome).toMatchObject({ fitScore: 90, engine: "model", model: "mock/model" });
  });

  it("never sends the person: name, e-mail, phone, LinkedIn, street address", async () => {
    const text = MARCUS_TEXT.replace("London, United Kingdom", "Flat 2, 14 Kingsland Road, London E8 4AA\nLondon, United Kingdom");
    for (const input of [inputFor("marcus", { resume: { text, data: MARCUS_DATA } }), inputFor("priya")]) {
      const model = modelSaying(allMet);
      await scoreWithModel(input, { model, modelId: "mock/model" });
      const prompt = sent(model).toLowerCase();
      const who = input.person.name === "Priya Raman" ? "priya" : "marcus";
      for (const s of [...PERSONAL[who], "kingsland", "e8 4aa"]) expect(prompt).not.toContain(s.toLowerCase());
      // …nor anything else about the candidate: only the criteria, the text and the instructions.
      expect(prompt).not.toContain("eu_work");
    }
  });

  it("sends the same prompt for the same resume by another person", async () => {
    const a = modelSaying(allMet);
    const b = modelSaying(allMet);
    await scoreWithModel(inputFor("marcus"), { model: a, modelId: "m" });
    const other = MARCUS_TEXT.replace("Marcus O'Neill", "Aisha Khan").replace("marcus.oneill@example.org", "aisha@example.com").replace("+44 20 7946 0958", "+44 161 496 0000");
    await scoreWithModel(
      inputFor("marcus", {
        resume: { text: other, data: { ...MARCUS_DATA, name: "Aisha Khan", email: "aisha@example.com", phone: "+441614960000" } },
        person: { name: "Aisha Khan", email: "aisha@example.com", phone: "+441614960000", linkedin: null },
      }),
      { model: b, modelId: "m" },
    );
    expect(sent(b)).toBe(sent(a));
  });

  it("cuts model evidence to 300 characters", async () => {
    const model = modelSaying(allMet.map((r) => ({ ...r, evidence: "x".repeat(1000) })));
    const outcome = await scoreWithModel(inputFor("marcus"), { model, modelId: "m" });
    expect(outcome.criteria[0]!.evidence).toHaveLength(300);
  });

  it.each([
    ["not JSON", "Sure! Marcus knows Go."],
    ["the wrong shape", JSON.stringify({ results: [{ id: "skill-go", met: "yes" }] })],
    ["an unknown id", JSON.stringify({ results: [...allMet, { id: "min_years-5", met: false, evidence: "" }] })],
    ["a missing id", JSON.stringify({ results: allMet.slice(1) })],
    ["a duplicate id", JSON.stringify({ results: [...allMet, allMet[0]] })],
  ])("rejects an answer with %s as malformed and retryable", async (_label, text) => {
    const model = new MockLanguageModelV3({ doGenerate: async () => answer(text) });
    const error = await rejection(scoreWithModel(inputFor("marcus"), { model, modelId: "m" }));
    expect(error).toMatchObject({ kind: "malformed", retryable: true });
  });

  it.each([
    [429, true, "rate_limited"],
    [500, true, "server"],
    [503, true, "server"],
    [400, false, "rejected"],
    [401, false, "rejected"],
    [403, false, "rejected"],
    [404, false, "rejected"],
  ] as const)("makes one attempt; HTTP %i → retryable %s", async (status, retryable, kind) => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new APICallError({ message: `HTTP ${status}`, url: "http://model", requestBodyValues: {}, statusCode: status, isRetryable: status === 429 || status >= 500 });
      },
    });
    const error = await rejection(scoreWithModel(inputFor("marcus"), { model, modelId: "m" }));
    expect(error).toMatchObject({ retryable, kind, status });
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it("times out a model that never answers", async () => {
    const model = new MockLanguageModelV3({ doGenerate: () => new Promise<never>(() => {}) });
    const started = Date.now();
    const error = await rejection(scoreWithModel(inputFor("marcus"), { model, modelId: "m", timeoutMs: 100 }));
    expect(error).toMatchObject({ kind: "timeout", retryable: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("does not call the model when there is nothing for it", async () => {
    const model = modelSaying(allMet);
    const facts = inputFor("marcus").criteria.filter((c) => !["skill", "text"].includes(c.type));
    expect(await scoreWithModel(inputFor("marcus", { criteria: facts }), { model, modelId: "m" })).toMatchObject({ engine: "local", model: null, fitScore: 100 });
    const noResume = await scoreWithModel(inputFor("marcus", { resume: { text: null, data: null } }), { model, modelId: "m" });
    expect(noResume.criteria.map((c) => c.met)).toEqual([null, null, null, null, true, true, null]);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe("screeningModelFromEnv", () => {
  it("is null without AI_SCREENING_MODEL", () => {
    expect(screeningModelFromEnv({})).toBeNull();
    expect(screeningModelFromEnv({ AI_SCREENING_MODEL: "  " })).toBeNull();
  });

  it("uses the AI Gateway for a provider/model id", () => {
    const configured = screeningModelFromEnv({ AI_SCREENING_MODEL: "openai/gpt-5-mini", AI_GATEWAY_API_KEY: "test" });
    expect(configured?.id).toBe("openai/gpt-5-mini");
    expect(configured?.model).toMatchObject({ modelId: "openai/gpt-5-mini", provider: "gateway" });
    expect(() => screeningModelFromEnv({ AI_SCREENING_MODEL: "llama3" })).toThrow(/provider\/model/);
  });

  it("uses an OpenAI-compatible server when AI_SCREENING_BASE_URL is set", () => {
    const configured = screeningModelFromEnv({ AI_SCREENING_MODEL: "llama3.1:8b", AI_SCREENING_BASE_URL: "http://localhost:11434/v1" });
    expect(configured?.id).toBe("llama3.1:8b");
    expect(configured?.model).toMatchObject({ modelId: "llama3.1:8b", provider: "screening.chat" });
  });

  it("reads the timeout, defaulting to 30 s", () => {
    expect(timeoutFromEnv({})).toBe(30_000);
    expect(timeoutFromEnv({ AI_SCREENING_TIMEOUT_MS: "5000" })).toBe(5000);
    expect(timeoutFromEnv({ AI_SCREENING_TIMEOUT_MS: "soon" })).toBe(30_000);
  });
});
