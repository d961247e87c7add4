import { spawn } from "node:child_process";
import path from "node:path";
import { repoRoot } from "@hireflow/db";

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const tsx = path.join(repoRoot, "node_modules", ".bin", "tsx");

/** Runs one of the package's scripts as its own process, exactly as `npm run …` would. */
export function runScript(script: "admin" | "seed" | "migrate", args: string[], env: NodeJS.ProcessEnv): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [path.join("packages", "admin", "src", "bin", `${script}.ts`), ...args], {
      cwd: repoRoot,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The environment of a child that talks to this database. */
export function envWith(databaseUrl: string): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: databaseUrl };
}

/** Parses stdout, asserting it holds exactly one JSON document and nothing else. */
export function onlyJson(result: RunResult): unknown {
  if (result.code !== 0) throw new Error(`exit ${result.code}: ${result.stderr}`);
  const lines = result.stdout.trim().split("\n");
  if (lines.length !== 1) throw new Error(`expected one line on stdout, got:\n${result.stdout}`);
  return JSON.parse(lines[0]!);
}
