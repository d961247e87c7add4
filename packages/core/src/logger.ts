/**
 * Structured JSON logs, one line per record. Secrets never reach the output: keys that name a
 * secret are replaced, and API keys / webhook secrets are masked wherever they appear in strings.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
const SECRET_KEYS = /^(authorization|cookie|set-cookie|password|password_hash|passwordhash|secret|secret_hash|token|api_?key|x-api-key)$/i;
const SECRET_VALUES = /(hf_live_)[0-9A-Za-z]{8,}|(whsec_)[A-Za-z0-9+/=]{8,}|(Bearer\s+)\S+/g;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, (_m, a, b, c) => `${a ?? b ?? c}[REDACTED]`);
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) {
    return { name: value.name, message: redact(value.message), stack: redact(value.stack), cause: redact((value as { cause?: unknown }).cause, depth + 1) };
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEYS.test(key) ? "[REDACTED]" : redact(v, depth + 1);
  return out;
}

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

let sink: (line: string) => void = (line) => process.stdout.write(`${line}\n`);

/** Tests capture the output here. */
export function setLogSink(next: (line: string) => void): () => void {
  const previous = sink;
  sink = next;
  return () => (sink = previous);
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  const threshold = ORDER[(process.env.LOG_LEVEL as Level) ?? "info"] ?? ORDER.info;
  if (ORDER[level] < threshold) return;
  sink(JSON.stringify({ level, time: new Date().toISOString(), msg: redact(message), ...(fields ? (redact(fields) as object) : {}) }));
}

export const logger: Logger = {
  debug: (m, f) => write("debug", m, f),
  info: (m, f) => write("info", m, f),
  warn: (m, f) => write("warn", m, f),
  error: (m, f) => write("error", m, f),
};
