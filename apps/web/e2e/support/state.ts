import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/** Where the e2e server tells the tests which database it created (per port). */
export function stateFile(port = E2E_PORT): string {
  return path.join(tmpdir(), `hireflow-e2e-${port}.json`);
}

export function readState(): { databaseUrl: string; baseUrl: string } {
  return JSON.parse(readFileSync(stateFile(), "utf8")) as { databaseUrl: string; baseUrl: string };
}
