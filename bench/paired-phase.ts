/**
 * A paired A/B of a whole bench phase against another checkout: `npm run bench`'s phase run in turn by
 * this checkout (A) and by B's (an earlier commit with its own install and .next-bench build), in the
 * order A B B A A B …, each run on a database of its own, seeded and migrated by its own side. B runs
 * this checkout's bench code (copied into B as bench-main/), so both sides measure the same way. For
 * phases whose two sides cannot share one database (the webhooks phase: both servers' background work
 * would take each other's events); bench/paired.ts pairs load scenarios on one database instead.
 *
 *   npx tsx bench/paired-phase.ts --b-repo=/work/base [--phase=webhooks] [--rounds=3]
 *
 * Prints each run's CPU ms per change (server + PostgreSQL), its split, and per side the median and
 * the ratio of the medians. Needs `npm run bench` to have built apps/web/.next-bench on both sides.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { repoRoot as here } from "./util.ts";
import { type WebhookResult } from "./webhooks.ts";

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split(/=(.*)/s).slice(0, 2) as [string, string]));
const bRepo = args.get("b-repo");
const phase = args.get("phase") ?? "webhooks";
const rounds = Number(args.get("rounds") ?? 3);
if (!bRepo || !existsSync(path.join(bRepo, "apps/web/.next-bench"))) throw new Error("--b-repo=<checkout with node_modules and apps/web/.next-bench> is needed");
if (phase !== "webhooks") throw new Error("--phase: only webhooks is summarised so far");

const work = mkdtempSync(path.join(tmpdir(), "hireflow-paired-phase-"));
const log = (line: string) => console.log(`[paired-phase] ${line}`);

// B measures with this checkout's bench code.
const bBench = path.join(bRepo, "bench-main");
rmSync(bBench, { recursive: true, force: true });
// Not bench/tmp (local scratch scripts).
cpSync(path.join(here, "bench"), bBench, { recursive: true, filter: (source) => !path.relative(path.join(here, "bench"), source).startsWith("tmp") });

interface Run {
  side: "A" | "B";
  total: number;
  server: number;
  db: number;
  patchOnly: number;
  resumes: number;
  p50: number;
  delivered: string;
}

function runOnce(side: "A" | "B", round: number): Run {
  const json = path.join(work, `${side}${round}.json`);
  const [cwd, script] = side === "A" ? [here, "bench/run.ts"] : [bRepo!, "bench-main/run.ts"];
  execFileSync("npx", ["tsx", script, "--no-build", `--phases=${phase}`, `--json=${json}`, "--no-report"], { cwd, stdio: ["ignore", "ignore", "inherit"] });
  const w = (JSON.parse(readFileSync(json, "utf8")) as { webhooks: WebhookResult }).webhooks;
  if (!w.available || !w.cpu) throw new Error(`${side}: the phase did not run: ${w.available ? "no CPU probe" : w.reason}`);
  const sum = (cpu?: { server: number; db: number }) => (cpu ? cpu.server + cpu.db : Number.NaN);
  return {
    side,
    total: sum(w.cpu),
    server: w.cpu.server,
    db: w.cpu.db,
    patchOnly: sum(w.patchOnlyCpu),
    resumes: sum(w.resumes?.cpu),
    p50: w.p50,
    delivered: `${w.delivered}/${w.changes}, ${w.duplicates} duplicates`,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const runs: Run[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    const order: ("A" | "B")[] = round % 2 === 0 ? ["A", "B"] : ["B", "A"];
    for (const side of order) {
      const run = runOnce(side, round);
      runs.push(run);
      log(
        `round ${round + 1} ${side}: ${run.total.toFixed(2)} ms CPU/change (${run.server.toFixed(2)} + ${run.db.toFixed(2)}), PATCH + outbox ${run.patchOnly.toFixed(2)}, with a resume ${run.resumes.toFixed(2)}, p50 ${run.p50.toFixed(0)} ms, ${run.delivered}`,
      );
    }
  }
  for (const key of ["total", "patchOnly", "resumes"] as const) {
    const a = median(runs.filter((r) => r.side === "A").map((r) => r[key]));
    const b = median(runs.filter((r) => r.side === "B").map((r) => r[key]));
    log(`median ${key}: A ${a.toFixed(2)}, B ${b.toFixed(2)} ms/change → A/B ${(a / b).toFixed(2)} (${((a / b - 1) * 100).toFixed(0)} %)`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
  rmSync(bBench, { recursive: true, force: true });
}
