import { type ServerResponse } from "node:http";

/** What an OpenAI-compatible server (vLLM, Ollama, LM Studio) answers, for the tests' local servers. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  // No keep-alive: each test's requests start on a fresh connection.
  res.writeHead(status, { "content-type": "application/json", connection: "close", ...headers });
  res.end(JSON.stringify(body));
}

/** A chat.completion whose assistant message is `content`. */
export const completion = (content: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion",
  created: 1_750_000_000,
  model: "qwen2.5-7b-instruct",
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  usage: { prompt_tokens: 420, completion_tokens: 80, total_tokens: 500 },
});
