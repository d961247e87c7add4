import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type LoadResult } from "./load.ts";
import { type ProfileSummary } from "./profile.ts";
import { PIPELINES, type PipelinesBenchResult } from "./pipelines.ts";
import { type MemorySample, RESUME, type ResumeResult } from "./resume.ts";
import { SCREENING, type ScreeningResult } from "./screening.ts";
import { type ReportsBenchResult, type SearchBenchResult, WORKSPACE_P95_TARGET_MS } from "./workspace.ts";
import { REPORTS_BENCH } from "./reports.ts";
import { SEED } from "./seed.ts";
import { INTERVIEWS_BENCH, INTERVIEWS_P95_TARGET_MS, type InterviewsBenchResult } from "./interviews.ts";
import { repoRoot } from "./util.ts";
import { WEBHOOKS, type WebhookResult } from "./webhooks.ts";

/**
 * docs/BENCHMARKS.md: everything above the "manual" markers is generated from a run; the part
 * between them (the reading of the numbers, before/after of optimisations) is kept across runs.
 */
export interface BenchResults {
  command: string;
  serverNodeOptions?: string;
  date: string;
  machine: ReturnType<typeof machineInfo> & { loadAtEnd: string[] };
  versions: Record<string, string>;
  database: { embedded: boolean; host: string };
  buildSeconds?: number;
  seed: { seconds: number; counts: Record<string, number> };
  connections: number;
  durationS: number;
  warmupS: number;
  load: LoadResult[];
  resume: ResumeResult;
  webhooks: WebhookResult;
  screening?: ScreeningResult;
  search?: SearchBenchResult;
  reports?: ReportsBenchResult;
  interviews?: InterviewsBenchResult;
  pipelines?: PipelinesBenchResult;
  serverPeak: Array<{ pid: number; name: string; mib: number }>;
  profile?: ProfileSummary;
  totalSeconds: number;
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    kernel: `${os.type()} ${os.release()}`,
    loadAtStart: os.loadavg().map((l) => l.toFixed(2)),
  };
}

function packageVersion(name: string): string {
  const file = path.join(repoRoot, "node_modules", name, "package.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : "not installed";
}

export function versions(): Record<string, string> {
  return {
    node: process.version,
    next: packageVersion("next"),
    prisma: packageVersion("prisma"),
    "@prisma/client": packageVersion("@prisma/client"),
    "@prisma/adapter-pg": packageVersion("@prisma/adapter-pg"),
    "@trpc/server": packageVersion("@trpc/server"),
    "trpc-to-openapi": packageVersion("trpc-to-openapi"),
    autocannon: packageVersion("autocannon"),
  };
}

/** Rows that are not API endpoints under test: the floors and the diagnostic 401 row. */
export const isReference = (l: LoadResult) => l.key.startsWith("next_constant") || l.key === "bare" || l.key.startsWith("diag_");

const MANUAL_START = "<!-- manual:start (kept by npm run bench) -->";
const MANUAL_END = "<!-- manual:end -->";

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "–");
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
const pct = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : "–");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export function floors(load: LoadResult[]) {
  const constant = load.filter((r) => r.key.startsWith("next_constant"));
  return { next: median(constant.map((r) => r.rps)), nextRuns: constant.map((r) => r.rps), bare: load.find((r) => r.key === "bare")?.rps ?? Number.NaN };
}

interface Target {
  name: string;
  measured: string;
  met: boolean | undefined;
}

/** Issue 16: each API row as a share of the bare floor (node:http + pg, one query) measured in the same run. */
export function bareFloorTargets(r: BenchResults): Target[] {
  const { bare } = floors(r.load);
  const list: Target[] = [];
  const goals: [key: string, min: number][] = [["get_job", 0.25], ["get_candidate", 0.25], ["list_first", 0.15], ["post_candidate", 0.08]];
  for (const [key, min] of goals) {
    const l = r.load.find((row) => row.key === key);
    if (!l) continue;
    list.push({ name: `${l.label} ≥ ${pct(min)} of the bare floor`, measured: pct(l.rps / bare), met: l.rps / bare >= min });
    list.push({ name: `${l.label} p99 ≤ 50 ms (${r.connections} connections)`, measured: `${f1(l.p99)} ms`, met: l.p99 <= 50 });
  }
  if (r.resume.available) {
    list.push({ name: "Resume upload → parsed p50 ≤ 600 ms (10 in flight)", measured: `${f0(r.resume.p50)} ms`, met: r.resume.p50 <= 600 && r.resume.completed === r.resume.uploads });
  } else list.push({ name: "Resume upload → parsed p50 ≤ 600 ms", measured: "not available", met: undefined });
  return list;
}

export function targets(r: BenchResults): Target[] {
  const floor = floors(r.load).next;
  const get = (key: string) => r.load.find((l) => l.key === key);
  const list: Target[] = [];
  // Share of the floor by throughput, and by CPU per request (robust to other load); met needs both.
  const floorCpu = median(r.load.filter((l) => l.key.startsWith("next_constant") && l.cpu).map(cpuTotal));
  const share = (l: LoadResult, min: number, name: string) => {
    const byCpu = floorCpu / cpuTotal(l);
    list.push({ name, measured: `${pct(l.rps / floor)} (by CPU/request: ${pct(byCpu)})`, met: l.rps / floor >= min && !(byCpu < min) });
  };
  for (const key of ["get_candidate", "get_job"]) {
    const l = get(key);
    if (!l) continue;
    share(l, 0.85, `${l.label} ≥ 85 % of the Next floor`);
    list.push({ name: `${l.label} p99 ≤ 100 ms`, measured: `${f1(l.p99)} ms`, met: l.p99 <= 100 });
  }
  // Issue 27: the warm public job board at least as fast as GET job; the 1,000-job Indeed feed p95 ≤ 200 ms.
  const board = get("public_jobs");
  const job = get("get_job");
  if (board && job) list.push({ name: `${board.label} ≥ GET /api/v1/jobs/{id} (req/s)`, measured: `${pct(board.rps / job.rps)} of GET job`, met: board.rps >= job.rps });
  const feed = get("indeed_feed_crawler");
  if (feed) list.push({ name: `${feed.label} p95 ≤ 200 ms`, measured: `${f1(feed.p95)} ms`, met: feed.p95 <= 200 });
  // Issue 24: an MCP tools/call get_candidate costs at most 1.5 × the REST GET's CPU (server + PostgreSQL).
  // With the company's API key and with a member's OAuth access token.
  const rest = get("get_candidate");
  for (const mcp of [get("mcp_get_candidate"), get("mcp_get_candidate_oauth")]) {
    if (!mcp?.cpu || !rest?.cpu) continue;
    const serverCpu = (l: LoadResult) => l.cpu!.server + (Number.isFinite(l.cpu!.db) ? l.cpu!.db : 0);
    const ratio = serverCpu(mcp) / serverCpu(rest);
    list.push({ name: `${mcp.label} CPU/request ≤ 1.5 × ${rest.label}`, measured: `${ratio.toFixed(2)} × (${mcp.rps.toFixed(0)} vs ${rest.rps.toFixed(0)} req/s)`, met: ratio <= 1.5 });
  }
  const post = get("post_candidate");
  if (post) share(post, 0.6, `${post.label} ≥ 60 % of the Next floor`);
  const first = get("list_first");
  const deep = get("list_deep");
  if (first && deep) {
    list.push({ name: "Deep page within 20 % of the first page (req/s)", measured: `${pct(deep.rps / first.rps)} of page 1`, met: deep.rps >= 0.8 * first.rps });
  }
  const api = r.load.filter((l) => !isReference(l));
  if (api.length) {
    const bad = api.reduce((n, l) => n + l.non2xx + l.errors, 0);
    list.push({ name: "No non-2xx responses or errors under load", measured: String(bad), met: bad === 0 });
  }
  if (r.resume.available) {
    list.push({ name: "Resume upload → completed p50 ≤ 2 s", measured: `${f0(r.resume.p50)} ms`, met: r.resume.p50 <= 2000 && r.resume.completed === r.resume.uploads });
  } else list.push({ name: "Resume upload → completed p50 ≤ 2 s", measured: "not available", met: undefined });
  if (r.webhooks.available) {
    const w = r.webhooks;
    list.push({ name: "Webhook PATCH → receipt p50 ≤ 1 s", measured: `${f0(w.p50)} ms`, met: w.p50 <= 1000 && w.delivered === w.changes });
    list.push({ name: "Webhook deliveries ≥ 200/s", measured: `${f0(w.deliveriesPerSecond)}/s`, met: w.deliveriesPerSecond >= 200 });
  } else {
    list.push({ name: "Webhook PATCH → receipt p50 ≤ 1 s, ≥ 200 deliveries/s", measured: "not available", met: undefined });
  }
  return list;
}

const cpuTotal = (l: LoadResult) => (l.cpu ? l.cpu.server + (Number.isFinite(l.cpu.db) ? l.cpu.db : 0) + l.cpu.client : Number.NaN);
const f2 = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(2) : "–");

function loadTable(r: BenchResults): string[] {
  const { next, bare } = floors(r.load);
  const rows = r.load.map(
    (l) =>
      `| ${l.label}${l.key.includes("#") ? ` (run ${l.key.split("#")[1]})` : ""} | ${f0(l.rps)} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${l.non2xx} | ${l.errors} | ${pct(l.rps / next)} | ${pct(l.rps / bare)} | ${f2(l.cpu?.server)} | ${f2(l.cpu?.db)} | ${f2(l.cpu?.client)} |`,
  );
  return [
    "| Endpoint | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors | ÷ Next floor | ÷ bare floor | CPU ms/req: server | PostgreSQL | autocannon |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows,
  ];
}

/**
 * On a machine whose cores are saturated, throughput is cores ÷ CPU time per request (server +
 * PostgreSQL + load generator, all on the same cores). So an endpoint can reach at most
 * cpu(floor) ÷ cpu(endpoint) of the floor's throughput, whatever else runs on the machine.
 */
function ceilingTable(r: BenchResults): string[] {
  const constant = r.load.filter((l) => l.key.startsWith("next_constant") && l.cpu);
  if (!constant.length) return [];
  const floorCpu = median(constant.map(cpuTotal));
  const api = r.load.filter((l) => (!isReference(l) || l.key.startsWith("diag_")) && l.cpu);
  return [
    `Median CPU per request of the Next floor: ${f2(floorCpu)} ms (server + autocannon). An endpoint's ceiling on these cores is that divided by its own total:`,
    "",
    "| Endpoint | CPU ms/req (server + PostgreSQL + autocannon) | CPU ceiling ÷ Next floor | measured ÷ Next floor |",
    "|---|---:|---:|---:|",
    ...api.map((l) => `| ${l.label} | ${f2(cpuTotal(l))} | ${pct(floorCpu / cpuTotal(l))} | ${pct(l.rps / floors(r.load).next)} |`),
  ];
}

function resumeSection(r: ResumeResult): string[] {
  if (!r.available) return [`**Not available in this run:** ${r.reason}`];
  return [
    `First ${r.single.n} uploads one at a time (the pipeline alone), then ${r.uploads} multipart uploads of \`packages/worker/test/fixtures/resumes/priya-raman.pdf\`, ${RESUME.concurrency} at a time; every upload is followed by polling GET every ${RESUME.pollMs} ms (times are ±${RESUME.pollMs} ms). CPU per upload covers everything the phase made the server and PostgreSQL do (upload, outbox, parse in a worker thread, saving, the polling GETs).`,
    "",
    "| one at a time: 201 → completed p50 | completed | failed | timed out | upload (201) p50 | 201 → completed p50 | p95 | max | phase | CPU ms/upload: server | PostgreSQL | peak RSS (sampled) |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${f0(r.single.p50)} ms | ${r.completed}/${r.uploads} | ${r.failed} | ${r.timedOut} | ${f0(r.uploadP50)} ms | ${f0(r.p50)} ms | ${f0(r.p95)} ms | ${f0(r.max)} ms | ${f1(r.seconds)} s | ${f0(r.cpu?.server ?? Number.NaN)} | ${f0(r.cpu?.db ?? Number.NaN)} | ${f0(r.peakRssMiB)} MiB |`,
    ...(r.failures.length ? ["", "Failures: " + r.failures.map((f) => `\`${f}\``).join(", ")] : []),
    ...memoryTable(r.memory),
  ];
}

/** What the sampled RSS is made of, as the server reports it (GET /api/bench/memory). */
function memoryTable(memory: Extract<ResumeResult, { available: true }>["memory"]): string[] {
  if (!memory) return [];
  const row = (label: string, m: MemorySample) => {
    const old = m.spaces.old_space;
    const young = m.spaces.new_space;
    const large = m.spaces.large_object_space;
    const code = m.spaces.code_space;
    const outside = m.rss - m.heapTotal - m.external;
    return `| ${label} | ${f0(m.rss)} | ${f0(m.heapTotal)} (${f0(m.heapUsed)} used) | ${f0(old?.size ?? Number.NaN)} (${f0(old?.used ?? Number.NaN)}) | ${f0(young?.size ?? Number.NaN)} | ${f0(large?.size ?? Number.NaN)} | ${f0(code?.size ?? Number.NaN)} | ${f0(m.external)} (${f0(m.arrayBuffers)} ArrayBuffers) | ${f0(outside)} |`;
  };
  return [
    "",
    "The server's memory in MiB, as it reports it (GET /api/bench/memory, HIREFLOW_BENCH=1): before the concurrent uploads, and the sample taken at the phase's largest RSS. \"Rest\" is RSS minus the main thread's V8 heap and external memory: worker threads' heaps (the resume parsers), native code and allocator slack.",
    "",
    "| when | RSS | V8 heap (used) | old space (used) | new space | large objects | code | external | rest: workers, native |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    row("before the uploads", memory.before),
    row("at the largest RSS", memory.peak),
  ];
}

const mark = (m: boolean | undefined) => (m === undefined ? "n/a" : m ? "met" : "**missed**");

function workspaceSection(search: SearchBenchResult | undefined, reports: ReportsBenchResult | undefined): string[] {
  const rows: LoadResult[] = [...(search?.available ? search.results : []), ...(reports?.available ? reports.results : [])];
  const notes = [
    ...(search && !search.available ? [`Search: ${search.reason}.`] : []),
    ...(reports && !reports.available ? [`Reports: ${reports.reason}.`] : []),
  ];
  if (!rows.length) return notes.length ? notes : ["Skipped in this run."];
  return [
    `What a recruiter waits for: ${REPORTS_BENCH.connections} connections (two people at once), ${REPORTS_BENCH.warmupS} s warm-up then ${REPORTS_BENCH.durationS} s per row, against the seeded 200,000 candidates. Search: first every candidate gets a deterministic ~300-word resume text with a few skills${search?.available ? ` (${search.candidates} rows in ${f1(search.seedSeconds)} s)` : ""}; queries rotate over name fragments and skills. Reports: the measured company's candidates first get a stage history${reports?.available ? ` (${reports.setup.stageChanges} stage changes)` : ""}; each report is the tRPC query the page runs, as a signed-in user. Target (issue 15): p95 ≤ ${WORKSPACE_P95_TARGET_MS} ms.`,
    "",
    "| request | req/s | p50 ms | p95 ms | p99 ms | non-2xx | p95 ≤ 300 ms |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...rows.map((l) => `| ${l.label} | ${f1(l.rps)} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${l.non2xx} | ${mark(l.p95 <= WORKSPACE_P95_TARGET_MS && l.non2xx === 0)} |`),
    ...(notes.length ? ["", ...notes] : []),
  ];
}

function interviewsSection(r: InterviewsBenchResult | undefined): string[] {
  if (!r) return ["Skipped in this run."];
  if (!r.available) return [`**Not available in this run:** ${r.reason}`];
  const s = r.setup;
  return [
    `${s.interviews.toLocaleString("en-US")} interviews in the measured company (set-based SQL: five per candidate, from 180 days ago to 30 days ahead, one in ten canceled, panels of two of ${INTERVIEWS_BENCH.panelists} members) and ${s.scorecards.toLocaleString("en-US")} scorecards (four in five of the panelists of past interviews). "My interviews" is the tRPC query /my-interviews runs, as a signed-in member with the \`interviewer\` role (on ${s.interviewerPanels.toLocaleString("en-US")} panels, ${s.interviewerDue.toLocaleString("en-US")} scorecards due) and as an admin; the scorecard summary is the candidate page's query (\`scorecards.listForCandidate\`), rotating candidates. ${REPORTS_BENCH.connections} connections, ${REPORTS_BENCH.warmupS} s warm-up, ${REPORTS_BENCH.durationS} s per row. Goal (issue 26): p95 ≤ ${INTERVIEWS_P95_TARGET_MS} ms.`,
    "",
    `| request | req/s | p50 ms | p95 ms | p99 ms | non-2xx | p95 ≤ ${INTERVIEWS_P95_TARGET_MS} ms |`,
    "|---|---:|---:|---:|---:|---:|---|",
    ...r.results.map((l) => `| ${l.label} | ${f1(l.rps)} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${l.non2xx} | ${mark(l.p95 <= INTERVIEWS_P95_TARGET_MS && l.non2xx === 0)} |`),
  ];
}

function pipelinesSection(p: PipelinesBenchResult | undefined): string[] {
  if (!p) return ["Skipped in this run."];
  if (!p.available) return [`**Not available in this run:** ${p.reason}`];
  const e = p.edit;
  return [
    `Two jobs of the measured company, created through \`POST /api/v1/jobs\` with their own stages, ${PIPELINES.candidates.toLocaleString("en-US")} candidates each (set-based SQL). Board: \`pipeline.board\`, the tRPC query the job page runs, as a signed-in user, with ${REPORTS_BENCH.connections} connections (${REPORTS_BENCH.warmupS} s warm-up, ${REPORTS_BENCH.durationS} s). Pipeline edit: \`PATCH /api/v1/jobs/{id}\` with \`stages\` dropping the stage that holds all ${e.candidates.toLocaleString("en-US")} candidates and adding a new one, \`stage_moves\` sending them there; ${e.edits} edits one after the other after a warm-up edit. Goals (issue 23): board p95 ≤ ${PIPELINES.boardP95TargetMs} ms, edit ≤ ${PIPELINES.editTargetMs / 1000} s.`,
    "",
    "| request | req/s | p50 ms | p95 ms | p99 ms | non-2xx | goal |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...p.board.map((l) => `| ${l.label} | ${f1(l.rps)} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${l.non2xx} | ${mark(l.p95 <= PIPELINES.boardP95TargetMs && l.non2xx === 0)} |`),
    "",
    "| pipeline edit | edits | p50 ms | p95 ms | max ms | CPU ms/edit: server | PostgreSQL | goal |",
    "|---|---:|---:|---:|---:|---:|---:|---|",
    `| PATCH /api/v1/jobs/{id}: drop a stage of ${e.candidates.toLocaleString("en-US")} candidates, stage_moves | ${e.edits} | ${f0(e.p50)} | ${f0(e.p95)} | ${f0(e.max)} | ${f0(e.cpu?.server ?? Number.NaN)} | ${f0(e.cpu?.db ?? Number.NaN)} | ${mark(e.max <= PIPELINES.editTargetMs)} |`,
  ];
}

function screeningSection(r: ScreeningResult | undefined): string[] {
  if (!r) return ["Skipped in this run (--skip=screening)."];
  if (!r.available) return [`**Not available in this run:** ${r.reason}`];
  return [
    `Local engine: \`scoreLocally\` in the bench process on marcus-oneill.pdf as parsed (blind text + resume data) against seven criteria (four skills, min_years, location, a free-text one it cannot judge), for ${SCREENING.engineSeconds} s after a warm-up. Pipeline: ${r.uploads} multipart uploads of the same PDF, one at a time, to a job created through \`POST /api/v1/jobs\` with screening mode \`score\`; each is followed by polling GET every ${SCREENING.pollMs} ms until \`fit.status\` is completed (201 → parsed → \`candidate-screen\` → saved).`,
    "",
    "| local engine: scorings/s | µs per scoring | upload → scored: scored | p50 | p95 | max |",
    "|---:|---:|---:|---:|---:|---:|",
    `| ${f0(r.scoringsPerSecond)} | ${f0(r.microsPerScoring)} | ${r.scored}/${r.uploads} | ${f0(r.p50)} ms | ${f0(r.p95)} ms | ${f0(r.max)} ms |`,
    ...(r.failures.length ? ["", "Failures: " + r.failures.map((f) => `\`${f}\``).join(", ")] : []),
  ];
}

function webhookSection(w: WebhookResult): string[] {
  if (!w.available) return [`**Not available in this run:** ${w.reason}`];
  return [
    `${WEBHOOKS.changes} stage changes (PATCH /api/v1/candidates/{id}, distinct candidates, ${WEBHOOKS.concurrency} in flight) to a node:http receiver on 127.0.0.1 subscribed to candidate.stage_changed. Latency runs from sending the PATCH to the receiver reading the delivery; deliveries/s is deliveries ÷ (last receipt − first PATCH). CPU per change covers the PATCH, the outbox, the fan-out and the delivery.`,
    "",
    "| delivered | duplicates | PATCH failures | PATCH req/s | deliveries/s | backlog after the last PATCH | PATCH → receipt p50 | p95 | max | CPU ms/change: server | PostgreSQL |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${w.delivered}/${w.changes} | ${w.duplicates} | ${w.patchFailures} | ${f0(w.patchRps)} | ${f0(w.deliveriesPerSecond)} | ${f1(w.drainSeconds)} s | ${f0(w.p50)} ms | ${f0(w.p95)} ms | ${f0(w.max)} ms | ${f1(w.cpu?.server ?? Number.NaN)} | ${f1(w.cpu?.db ?? Number.NaN)} |`,
  ];
}

function profileSection(p: ProfileSummary | undefined): string[] {
  if (!p) return ["Skipped in this run."];
  return [
    `\`node --cpu-prof\` on the server process (whole life: start, warm-up, load); ${f1(p.wallMs / 1000)} s, ${p.samples} samples, thread busy in ${pct(p.busyShare)} of them. Shares are of busy samples; minified chunks are mapped back to sources with the build's source maps.`,
    "",
    "Self time by origin:",
    "",
    "| origin | samples | share |",
    "|---|---:|---:|",
    ...p.origins.map((o) => `| ${o.name} | ${o.samples} | ${pct(o.share)} |`),
    "",
    "Top functions by self time:",
    "",
    "| function | origin | samples | share |",
    "|---|---|---:|---:|",
    ...p.functions.map((o) => `| \`${o.name.replace(/\|/g, "\\|")}\` | ${o.origin} | ${o.samples} | ${pct(o.share)} |`),
  ];
}

export function renderReport(r: BenchResults, manual: string): string {
  const { nextRuns, bare } = floors(r.load);
  const seedCounts = Object.entries(r.seed.counts).map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`).join(", ");
  return [
    "# Benchmarks",
    "",
    `Generated by \`${r.command}\` (bench/run.ts) on ${r.date.slice(0, 16).replace("T", " ")} UTC in ${f1(r.totalSeconds / 60)} min. Everything above the`,
    "\"Reading\" section is rewritten by each run; the reading is kept (edit it when the numbers move).",
    "",
    "## How to run",
    "",
    "```sh",
    "npm run bench                 # build .next-bench, seed, load-test, resume + webhooks, profile, write this file",
    "npm run bench -- --no-build   # reuse apps/web/.next-bench",
    "```",
    "",
    "Other flags (durations, `--only=`, `--skip=`, `--phases=`, `--json=`): `bench/flags.ts`. PostgreSQL: `TEST_DATABASE_URL`, else",
    "127.0.0.1:5432, else an embedded server; the run creates its own database and drops it at the end (also on failure",
    "or Ctrl-C). Nothing else is touched: the build goes to `apps/web/.next-bench`, blobs and logs to a temp folder.",
    "",
    "## Machine and versions",
    "",
    `- CPU: ${r.machine.cpuModel}, ${r.machine.cores} cores; memory ${f1(r.machine.memoryGiB)} GiB; ${r.machine.kernel}`,
    `- Load average (1/5/15 min) at start ${r.machine.loadAtStart.join(" / ")}, at end ${r.machine.loadAtEnd.join(" / ")}`,
    `- ${Object.entries(r.versions).map(([k, v]) => `${k} ${v}`).join(", ")}`,
    `- Database: ${r.database.embedded ? "embedded PostgreSQL" : `PostgreSQL at ${r.database.host}`}, same machine`,
    "",
    "## Setup",
    "",
    `- Seed: ${seedCounts} in ${f1(r.seed.seconds)} s (set-based \`INSERT … SELECT generate_series\`, then \`VACUUM ANALYZE\`). ${SEED.companies} companies × ${SEED.jobsPerCompany} jobs × ${SEED.candidatesPerCompany.toLocaleString("en-US")} candidates; half of a company's candidates are in its first job, so that job's list is 200 pages of 25.`,
    `- App: \`next build\` (Turbopack) into \`apps/web/.next-bench\`${r.buildSeconds ? ` in ${f0(r.buildSeconds)} s` : " (reused: --no-build)"}, then the production server (\`npm start\`'s node server: /api/v1 without Next) with NODE_ENV=production, DATABASE_POOL_SIZE default (10), in-process background work (local runner, no Inngest), in-memory rate limiter (no REDIS_URL), ${r.serverNodeOptions ? `NODE_OPTIONS=\`${r.serverNodeOptions}\`` : "no NODE_OPTIONS"}.`,
    "- Rate limiting: `RATE_LIMIT_MAX=1000000000` — the limiter still counts every request (its cost is in the numbers) but never answers 429.",
    "- CPU per request: utime + stime from /proc of the server's processes, of the bench database's PostgreSQL client backends (autovacuum workers are left out: they start when a table's thresholds trip, and their CPU is in the run's log line per row) and of autocannon, divided by the responses.",
    "- Load: autocannon (programmatic), " + `${r.connections} connections, ${r.warmupS} s warm-up (discarded) then ${r.durationS} s per row, one row after the other. Ids rotate over the company's 10,000 candidates / 25 jobs in random order; POSTs use unique e-mails. Latencies are per response (exact p95).`,
    "- Floors: **Next floor** = `GET /api/bench/constant`, a route handler in the same app returning `{ ok: true }` (on only with HIREFLOW_BENCH=1), measured at the start, middle and end of the run; ratios use the median of the three" +
      ` (${nextRuns.map(f0).join(", ")} req/s). **Bare floor** = \`bench/bare-server.ts\`, node:http + pg (pool 10) doing the same candidate + job-title read by primary key (${f0(bare)} req/s). autocannon runs on the same 2 cores, so the bare floor is also bounded by the load generator.`,
    "",
    "## Results",
    "",
    ...loadTable(r),
    "",
    "### CPU per request: what these cores can do at best",
    "",
    ...ceilingTable(r),
    "",
    "### Targets (issue 16: shares of the bare floor)",
    "",
    "| target | measured | |",
    "|---|---:|---|",
    ...bareFloorTargets(r).map((t) => `| ${t.name} | ${t.measured} | ${mark(t.met)} |`),
    "",
    "### Targets (issue 7)",
    "",
    "| target | measured | |",
    "|---|---:|---|",
    ...targets(r).map((t) => `| ${t.name} | ${t.measured} | ${mark(t.met)} |`),
    "",
    "### Resume pipeline",
    "",
    ...resumeSection(r.resume),
    "",
    "### Webhooks",
    "",
    ...webhookSection(r.webhooks),
    "",
    "### AI screening",
    "",
    ...screeningSection(r.screening),
    "",
    "### Recruiter workspace: search and reports",
    "",
    ...workspaceSection(r.search, r.reports),
    "",
    "### Interviews and scorecards",
    "",
    ...interviewsSection(r.interviews),
    "",
    "### Job pipelines: board and pipeline edit",
    "",
    ...pipelinesSection(r.pipelines),
    "",
    "### Server memory",
    "",
    `Peak resident memory (VmHWM) of the server process tree over the run (load tests, resumes, webhooks): ${r.serverPeak.map((p) => `${p.name} (pid ${p.pid}) ${f0(p.mib)} MiB`).join(", ") || "–"}.`,
    "",
    `### Profile: ${r.profile?.label ?? "GET /api/v1/candidates/{id}"}`,
    "",
    ...profileSection(r.profile),
    "",
    MANUAL_START,
    manual.trim() || "## Reading\n\n(Not written yet.)",
    MANUAL_END,
    "",
  ].join("\n");
}

export function writeReport(file: string, r: BenchResults): void {
  let manual = "";
  if (existsSync(file)) {
    const text = readFileSync(file, "utf8");
    const start = text.indexOf(MANUAL_START);
    const end = text.indexOf(MANUAL_END);
    if (start >= 0 && end > start) manual = text.slice(start + MANUAL_START.length, end);
  }
  writeFileSync(file, renderReport(r, manual));
}
