import { PRODUCTION_NODE_OPTIONS } from "../packages/admin/src/server/node-options.ts";

/**
 * Command line of `npm run bench -- [flags]`:
 *   --no-build            reuse apps/web/.next-bench instead of running `next build`
 *   --duration=15         seconds per load test (after the warm-up)
 *   --warmup=5            seconds of warm-up per load test (discarded)
 *   --connections=50      autocannon connections
 *   --profile-duration=10 seconds of load under --cpu-prof
 *   --profile=get_candidate  which API scenario is profiled (a key from bench/scenarios.ts), or `webhooks`
 *   --only=get_candidate,get_job   only these API scenarios (the floors always run)
 *   --skip=resume,webhooks,screening,profile,load   (phases: PHASES below)
 *   --phases=pipelines    run only these phases (the others are skipped; the seed and the server always
 *                         run); such a partial run writes no report unless --out= is given, so it cannot
 *                         replace docs/BENCHMARKS.md's tables with mostly empty ones (print or --json it)
 *   --out=docs/BENCHMARKS.md       where the report goes; --no-report writes none
 *   --json=file.json      also write the raw results
 *   --keep-work           keep the temp folder (logs, blobs, profiles) after a successful run
 *   --server-node-options="…"   NODE_OPTIONS for the server; default: what `npm start` gives the server
 *                         (PRODUCTION_NODE_OPTIONS); `--server-node-options=` (empty) runs without any
 */
/** The phases of a run, in order (--skip, --phases). */
export const PHASES = ["load", "resume", "webhooks", "screening", "offers", "scheduling", "search", "reports", "interviews", "pipelines", "profile"] as const;

export interface Flags {
  raw: string[];
  build: boolean;
  duration: number;
  warmup: number;
  connections: number;
  profileDuration: number;
  profileScenario: string;
  only?: string[];
  skip: string[];
  /** --phases: only these ran. */
  phases?: string[];
  out: string;
  report: boolean;
  json?: string;
  keepWork: boolean;
  serverNodeOptions?: string;
}

export function parseFlags(argv: string[]): Flags {
  const flags: Flags = {
    raw: argv,
    build: true,
    duration: 15,
    warmup: 5,
    connections: 50,
    profileDuration: 10,
    profileScenario: "get_candidate",
    skip: [],
    out: "docs/BENCHMARKS.md",
    report: true,
    keepWork: false,
    serverNodeOptions: PRODUCTION_NODE_OPTIONS,
  };
  let outGiven = false;
  for (const arg of argv) {
    const eq = arg.indexOf("=");
    const name = eq < 0 ? arg : arg.slice(0, eq);
    const value = eq < 0 ? undefined : arg.slice(eq + 1);
    const number = () => {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} needs a positive number`);
      return n;
    };
    if (name === "--no-build") flags.build = false;
    else if (name === "--duration") flags.duration = number();
    else if (name === "--warmup") flags.warmup = value === "0" ? 0 : number();
    else if (name === "--connections") flags.connections = number();
    else if (name === "--profile-duration") flags.profileDuration = number();
    else if (name === "--profile" && value) flags.profileScenario = value;
    else if (name === "--only") flags.only = value?.split(",") ?? [];
    else if (name === "--skip") flags.skip = value?.split(",") ?? [];
    else if (name === "--phases") {
      const phases = value?.split(",").filter(Boolean) ?? [];
      const unknown = phases.filter((phase) => !(PHASES as readonly string[]).includes(phase));
      if (!phases.length || unknown.length) throw new Error(`--phases needs a comma list of ${PHASES.join(", ")}${unknown.length ? ` (unknown: ${unknown.join(", ")})` : ""}`);
      flags.phases = phases;
    } else if (name === "--out" && value) {
      flags.out = value;
      outGiven = true;
    }
    else if (name === "--no-report") flags.report = false;
    else if (name === "--json" && value) flags.json = value;
    else if (name === "--keep-work") flags.keepWork = true;
    else if (name === "--server-node-options") flags.serverNodeOptions = value || undefined;
    else throw new Error(`unknown flag ${arg} (see bench/flags.ts)`);
  }
  if (flags.phases) {
    flags.skip = [...new Set([...flags.skip, ...PHASES.filter((phase) => !flags.phases!.includes(phase))])];
    if (!outGiven) flags.report = false;
  }
  return flags;
}
