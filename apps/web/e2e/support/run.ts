/**
 * `npm run test:e2e`: the Playwright suite in E2E_SHARDS processes side by side (default 2; 1 when
 * files or options are given), each on a share of the spec files (`--shard=i/n`) against a server and a
 * seeded database of its own (E2E_PORT 3210 + i − 1). Much of a browser test is waiting on the page, the
 * server or an event, so two shards keep two cores busy where one worker left them half idle. The app is
 * built once, before the shards start (unless PLAYWRIGHT_SKIP_BUILD=1), so they never build into the same
 * folder. Every shard runs to its end; the exit status is non-zero if any failed.
 *
 *   npm run test:e2e                          every spec, two shards
 *   npm run test:e2e -- e2e/jobs.spec.ts      one file, one process (arguments go to playwright test)
 *   E2E_SHARDS=1 npm run test:e2e             one process, as before
 */
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { shardFiles } from "./shards.ts";
import { E2E_DEV, E2E_DIST_DIR as distDir } from "./state.ts";

const webDir = path.resolve(import.meta.dirname, "../..");
const bin = (name: string) => path.resolve(webDir, "../../node_modules/.bin", name);
const args = process.argv.slice(2);
const shards = Number(process.env.E2E_SHARDS) || (args.length ? 1 : 2);
const basePort = Number(process.env.E2E_PORT ?? 3210);

if (process.env.PLAYWRIGHT_SKIP_BUILD !== "1" && !E2E_DEV) {
  console.log(`[e2e] building (next build → ${distDir})`);
  const build = spawnSync(bin("next"), ["build"], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir },
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children: ReturnType<typeof spawn>[] = [];
const shares = shards > 1 ? shardFiles(path.join(webDir, "e2e"), shards) : [];
if (shards > 1) shares.forEach((share, i) => console.log(`[e2e] shard ${i + 1}: ${share.files.length} files, ~${share.seconds} s by e2e/support/durations.json`));

function runShard(index: number): Promise<number> {
  const label = shards > 1 ? `[shard ${index}/${shards}] ` : "";
  const files = shards > 1 ? shares[index - 1]!.files.map((file) => `e2e/${file}`) : [];
  const child = spawn(bin("playwright"), ["test", ...files, ...args], {
    cwd: webDir,
    env: {
      ...process.env,
      PLAYWRIGHT_SKIP_BUILD: "1",
      E2E_NEXT_DIST_DIR: distDir,
      E2E_PORT: String(basePort + index - 1),
      ...(shards > 1 ? { E2E_SHARD: String(index) } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  // Whole lines, each marked with its shard, so two shards' output stays readable side by side.
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const lines = (rest + chunk.toString("utf8")).split("\n");
      rest = lines.pop()!;
      for (const line of lines) process.stdout.write(`${label}${line}\n`);
    });
    stream.on("end", () => rest && process.stdout.write(`${label}${rest}\n`));
  }
  return new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// Stopped (Ctrl-C, CI's time limit): each shard stops its own server and drops its database.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => children.forEach((child) => child.kill(signal)));

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
if (shards > 1) console.log(`[e2e] shards: ${codes.map((code, i) => `${i + 1}: ${code === 0 ? "passed" : `failed (${code})`}`).join(", ")}`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
