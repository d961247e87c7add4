import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { dataDir, repoRoot } from "@hireflow/db";
import { CliError } from "../cli/errors.ts";

export const webDir = path.join(repoRoot, "apps", "web");

/** Next's CLI script, resolved the way apps/web resolves its own dependencies. */
function nextCli(): string {
  try {
    const manifest = createRequire(path.join(webDir, "package.json")).resolve("next/package.json");
    return path.join(path.dirname(manifest), "dist", "bin", "next");
  } catch {
    throw new CliError("Next.js is not installed in apps/web: run `npm install` first.");
  }
}

/**
 * Next reads no .env from the repository root, so the launcher hands it the whole configuration.
 * The data directory is passed as an absolute path because the app runs with apps/web as its cwd.
 */
export function nextEnvironment(
  port: number,
  databaseUrl: string,
  extra: Record<string, string | undefined> = {},
  /** The environment to start from (a test's global setup passes its own instead of the process's). */
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...base,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    APP_BASE_URL: base.APP_BASE_URL || `http://localhost:${port}`,
    NEXT_TELEMETRY_DISABLED: "1",
    HIREFLOW_ROOT: repoRoot,
    HIREFLOW_DATA_DIR: dataDir,
    ...extra,
  };
}

export function hasProductionBuild(): boolean {
  return existsSync(path.join(webDir, ".next", "BUILD_ID"));
}

/**
 * The production server script: Next's build behind our node:http server, which answers /api/v1
 * itself (apps/web/src/server/node). `npm start`, test:build and the benchmark all run this.
 */
export const productionServerScript = path.join(webDir, "server.mjs");

/**
 * Runs `next dev`, or for "start" the production server (productionServerScript), in apps/web with
 * the node that runs us (no shell, works on Windows too).
 */
export function spawnNext(mode: "dev" | "start", port: number, env: NodeJS.ProcessEnv, stdio: "inherit" | "pipe" = "inherit"): ChildProcess {
  const args = mode === "dev" ? [nextCli(), "dev", "--port", String(port)] : [productionServerScript, "--port", String(port)];
  return spawn(process.execPath, args, { cwd: webDir, env, stdio: stdio === "pipe" ? ["ignore", "pipe", "pipe"] : "inherit" });
}
