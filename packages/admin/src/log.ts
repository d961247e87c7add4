import { setLogSink } from "@hireflow/core";

/**
 * Operator tools keep stdout for results (one JSON document with --json) and send every log line,
 * ours and the domain logger's, to stderr.
 */
export function logToStderr(prefix = ""): (line: string) => void {
  setLogSink((line) => process.stderr.write(`${line}\n`));
  return (line: string) => process.stderr.write(`${prefix}${line}\n`);
}

/** A connection string safe to print: the password is masked. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "<unparseable DATABASE_URL>";
  }
}
