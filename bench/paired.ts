/**
 * A paired A/B of one server setting: two production servers on one seeded database, identical but
 * for the environment given to B, loaded in turn with short runs (A, B, B, A, …) so a drift in the
 * machine's speed falls on both sides alike. A full `npm run bench` per side measures each side
 * minutes apart, and on a noisy machine that spread was larger than the effect looked for.
 *
 *   npx tsx bench/paired.ts --b-env=JOB_STAGE_CACHE_TTL_MS=0 [--rounds=6] [--duration=8] [--only=get_candidate,list_first]
 *   npx tsx bench/paired.ts --b-repo=/work/base     B = the server of another checkout (an earlier commit, with its
 *                                                  own install and .next-bench build) on this checkout's database:
 *                                                  for reads, whose columns a later schema only adds to
 *   --connections=50                               autocannon connections per load run
 *   --profile                                      both servers under --cpu-prof; prints the functions whose inclusive
 *                                                  CPU ms per request differ most between A and B
 *
 * Scenarios: bench/scenarios.ts's keys, and patch_stage (below).
 * Needs the build `npm run bench` made (apps/web/.next-bench). Prints CPU ms per request (server +
 * PostgreSQL client backends) per scenario and round, and the mean of each side.
 */
import { randomBytes } from "node:crypto";
import { copyFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hasBuild, startApp, type AppServer } from "./app.ts";
import { inclusiveShares, largestProfile } from "./profile.ts";
import { cpuProbe, DbBackends } from "./cpu.ts";
import { createBenchDatabase } from "./database.ts";
import { runLoad, type Scenario } from "./load.ts";
import { apiScenarios, DEEP_PAGE, followCursors } from "./scenarios.ts";
import { seed, type SeededCompany } from "./seed.ts";

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s).slice(0, 2) as [string, string]));
const rounds = Number(args.get("rounds") ?? 6);
const durationS = Number(args.get("duration") ?? 8);
const only = (args.get("only") ?? "get_candidate,list_first,list_deep").split(",");
const bRepo = args.get("b-repo");
const profile = args.has("profile");
const bEnv = Object.fromEntries((args.get("b-env") ?? "").split(",").filter(Boolean).map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
const log = (line: string) => console.log(`[paired] ${line}`);

/**
 * PATCH /candidates/{id} with only a stage, the typed move, without its webhook (background work is off
 * here; the full bench's webhooks phase times the delivery): each request moves the next candidate to
 * the other of two in-progress stages than its last move, so every request is a real move.
 */
function patchStageScenario(company: SeededCompany): Scenario {
  const ids = company.candidateIds;
  let n = 0;
  return {
    key: "patch_stage",
    label: "PATCH /api/v1/candidates/{id} (stage)",
    method: "PATCH",
    headers: { authorization: `Bearer ${company.apiKey}`, "content-type": "application/json" },
    next: () => {
      const i = n++;
      const stage = Math.floor(i / ids.length) % 2 === 0 ? "phonescreen" : "inprogress";
      return { path: `/api/v1/candidates/${ids[i % ids.length]}`, body: JSON.stringify({ stage }) };
    },
  };
}

if (!hasBuild()) throw new Error("no apps/web/.next-bench: run `npm run bench` once");
const work = await mkdtemp(path.join(tmpdir(), "hireflow-paired-"));
const db = await createBenchDatabase();
const servers: AppServer[] = [];
const backends = new DbBackends(db.url);
try {
  log(`database ${db.name}; seeding…`);
  const seeded = await seed(db.url, log);
  const env = (side: string) => ({
    DATABASE_URL: db.url,
    RATE_LIMIT_MAX: "1000000000",
    SECRET_KEY: randomBytes(32).toString("base64url"),
    HIREFLOW_BENCH: "1",
    HIREFLOW_DATA_DIR: path.join(work, side),
    HIREFLOW_BACKGROUND_WORK: "off",
  });
  const unset = ["INNGEST_EVENT_KEY", "INNGEST_DEV", "INNGEST_SIGNING_KEY", "REDIS_URL", "NODE_OPTIONS"];
  const nodeArgs = (side: string) => (profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(work, `profile-${side}`)}`] : undefined);
  const a = await startApp({ env: env("a"), unset, logFile: path.join(work, "a.log"), nodeArgs: nodeArgs("a") });
  servers.push(a);
  const b = await startApp({ env: { ...env("b"), ...bEnv }, unset, logFile: path.join(work, "b.log"), repo: bRepo, nodeArgs: nodeArgs("b") });
  servers.push(b);
  log(`A ${a.url}; B ${b.url}${bRepo ? ` from ${bRepo}` : ""} with ${JSON.stringify(bEnv)}`);
  await backends.connect();
  const cursor = await followCursors(a.url, seeded.company, DEEP_PAGE);
  const scenarios = [...apiScenarios(seeded.company, cursor), patchStageScenario(seeded.company)].filter((s) => only.includes(s.key));
  const options = { connections: Number(args.get("connections") ?? 50), durationS, warmupS: 3 };
  // Warm both servers' JIT on every path first.
  for (const server of [a, b]) for (const scenario of scenarios) await runLoad(server.url, scenario, { ...options, warmupS: 0 });
  type Side = { total: number[]; server: number[]; db: number[] };
  const totals = new Map<string, { a: Side; b: Side }>(scenarios.map((s) => [s.label, { a: { total: [], server: [], db: [] }, b: { total: [], server: [], db: [] } }]));
  for (let round = 1; round <= rounds; round++) {
    const order = round % 2 ? ([["a", a], ["b", b]] as const) : ([["b", b], ["a", a]] as const);
    for (const scenario of scenarios) {
      for (const [side, server] of order) {
        const result = await runLoad(server.url, scenario, options, cpuProbe(() => server.pids(), backends));
        const ms = result.cpu!.server + result.cpu!.db;
        const sideTotals = totals.get(scenario.label)![side];
        sideTotals.total.push(ms);
        sideTotals.server.push(result.cpu!.server);
        sideTotals.db.push(result.cpu!.db);
        log(`round ${round} ${side.toUpperCase()} ${scenario.label}: server ${result.cpu!.server.toFixed(3)} + db ${result.cpu!.db.toFixed(3)} = ${ms.toFixed(3)} ms/req (${result.rps.toFixed(0)} req/s, non-2xx ${result.non2xx})`);
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const split = (side: Side) => `${mean(side.total).toFixed(3)} ms (server ${mean(side.server).toFixed(3)} + db ${mean(side.db).toFixed(3)})`;
  for (const [label, { a: as, b: bs }] of totals) {
    const ratios = as.total.map((x, i) => bs.total[i]! / x);
    const change = (mean(bs.total) / mean(as.total) - 1) * 100;
    log(`${label}: A ${split(as)}, B ${split(bs)}, B/A ${change.toFixed(1)} % (per round: ${ratios.map((r) => `${((r - 1) * 100).toFixed(0)} %`).join(", ")})`);
  }
  if (profile) {
    // Both servers ran the same scenarios, so a function's inclusive share of each server's busy samples, times
    // that server's mean CPU per request over all scenarios, is its ms per request there.
    for (const server of servers) await server.stop();
    const serverMs = (side: "a" | "b") => mean([...totals.values()].flatMap((t) => t[side].server));
    const shares = (side: "a" | "b") => {
      const file = largestProfile(path.join(work, `profile-${side}`));
      if (!file) throw new Error(`no .cpuprofile for ${side}`);
      // Kept for a closer look (Chrome DevTools, or bench/profile.ts); the work folder is removed.
      const kept = path.join(tmpdir(), `hireflow-paired-${side}.cpuprofile`);
      copyFileSync(file, kept);
      log(`profile ${side.toUpperCase()}: ${kept}`);
      return inclusiveShares(file);
    };
    const [sa, sb] = [shares("a"), shares("b")];
    const [ma, mb] = [serverMs("a"), serverMs("b")];
    const rows = [...new Set([...sa.keys(), ...sb.keys()])].map((name) => ({ name, a: (sa.get(name) ?? 0) * ma, b: (sb.get(name) ?? 0) * mb }));
    rows.sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a));
    log("inclusive server CPU ms per request, largest differences (B − A):");
    for (const row of rows.slice(0, 40)) log(`  ${(row.b - row.a).toFixed(3).padStart(7)}  A ${row.a.toFixed(3)}  B ${row.b.toFixed(3)}  ${row.name}`);
  }
} finally {
  await backends.close().catch(() => {});
  for (const server of servers) await server.stop().catch(() => {});
  await db.close();
  await rm(work, { recursive: true, force: true });
}
