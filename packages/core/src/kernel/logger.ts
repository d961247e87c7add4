/**
 * Structured JSON logs, one line per record. Secrets never reach the output: keys that name a
 * secret are replaced, and API keys / webhook secrets are masked wherever they appear in strings.
 */
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };
// Any key naming a secret, however it is spelled: webhook_secret, newPassword, x-csrf-token, SECRET_KEY.
const SECRET_KEYS = /authorization|cookie|passw(or)?d|secret|token|api[_-]?key|private[_-]?key|credential/i;
// API keys, webhook secrets, bearer/basic credentials and passwords inside URLs (postgres://user:pw@host).
const SECRET_VALUES = /(hf_live_)[0-9A-Za-z]{8,}|(whsec_)[A-Za-z0-9+/=]{8,}|([Bb]earer\s+|Basic\s+(?=[A-Za-z0-9+/]{6,}))[^\s"',;]+|([A-Za-z][A-Za-z0-9+.-]*:\/\/[^:/?#@\s]*:)[^@/?#\s]+(?=@)/g;
const MAX_DEPTH = 6;

export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(SECRET_VALUES, (_m, a, b, c, d) => `${a ?? b ?? c ?? d}[REDACTED]`);
  if (value === null || typeof value !== "object") return value;
  // Deeper than this is cut off rather than passed through unread (it could hold anything).
  if (depth > MAX_DEPTH) return "[TRUNCATED]";
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
