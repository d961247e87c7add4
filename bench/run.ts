import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import pg from "pg";
import path from "node:path";
import { buildApp, hasBuild, startApp, type AppServer } from "./app.ts";
import { cpuProbe, DbBackends } from "./cpu.ts";
import { createBenchDatabase, serverVersion } from "./database.ts";
import { bareJobScenario, bareScenario, type BareServer, constantScenario, startBareServer, unauthorizedScenario } from "./floors.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { largestProfile, summarise, type ProfileSummary } from "./profile.ts";
import { versions, writeReport } from "./report.ts";
import { machineInfo, type BenchResults } from "./report-results.ts";
import { runPipelinesBench, type PipelinesBenchResult } from "./pipelines.ts";
import { runResumeBench, type ResumeResult } from "./resume.ts";
import { apiScenarios, DEEP_PAGE, duplicateScenario, followCursors } from "./scenarios.ts";
import { runScreeningBench, type ScreeningResult } from "./screening.ts";
import { mintOAuthAccessToken, seed, type SeededCompany } from "./seed.ts";
import { parseFlags } from "./flags.ts";
import { repoRoot } from "./util.ts";
import { runWebhookBench, type WebhookResult } from "./webhooks.ts";
import { type InterviewsBenchResult, runInterviewsBench } from "./interviews.ts";
import { runSchedulingBench, type SchedulingBenchResult } from "./scheduling.ts";
import { type OfferLetterResult, runOfferLetterBench } from "./offer-letter.ts";
import { runReportsBench, runSearchBench, type ReportsBenchResult, type SearchBenchResult } from "./workspace.ts";

/**
 * `npm run bench`: creates and seeds a database, builds and starts the app for production, load-tests
 * the API against two floors, measures the resume pipeline and webhook delivery, profiles one
 * endpoint, writes docs/BENCHMARKS.md, and drops everything it created (also on failure or Ctrl-C).
 * Flags: bench/flags.ts.
 */
const flags = parseFlags(process.argv.slice(2));
const log = (line: string) => console.log(`[bench] ${line}`);
// Production (Vercel) and CI run Node 24; on Node 20 the API server's CPU per request was up to 2 × (docs/BENCHMARKS.md).
if (Number(process.versions.node.split(".")[0]) < 24) {
  log(`warning: Node ${process.versions.node}; production runs Node 24, and Node 20's figures are not production's (docs/BENCHMARKS.md, "How to run")`);
}
const cleanups: Array<() => Promise<void>> = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        console.error("[bench] cleanup step failed:", error);
      }
    }
  })();
  return cleaning;
}

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    log(`${signal}: stopping servers and dropping the database (again to force)`);
    void cleanup().finally(() => process.exit(130));
  });
}

function serverEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    // Far above what 50 connections can send: the limiter still runs per request, but never throttles.
    RATE_LIMIT_MAX: "1000000000",
    HIREFLOW_JOB_BOARD_LIMIT_PER_IP: "1000000000",
    HIREFLOW_SCHEDULING_LINK_LIMIT_PER_IP: "1000000000",
    SECRET_KEY: randomBytes(32).toString("base64url"),
    HIREFLOW_BENCH: "1",
    HIREFLOW_DATA_DIR: dataDir,
    WEBHOOKS_ALLOW_PRIVATE_URLS: "true",
    ...(flags.serverNodeOptions ? { NODE_OPTIONS: flags.serverNodeOptions } : {}),
  };
}
// The in-process local runner (no Inngest) and the in-memory rate limiter (no Redis): one self-hosted
// process. This shell's NODE_OPTIONS is not passed on (only --server-node-options).
const UNSET = ["INNGEST_EVENT_KEY", "INNGEST_DEV", "INNGEST_SIGNING_KEY", "REDIS_URL", ...(flags.serverNodeOptions ? [] : ["NODE_OPTIONS"])];

async function sanityCheck(url: string, scenario: ReturnType<typeof apiScenarios>[number]): Promise<void> {
  const { path: p, body } = scenario.next();
  const response = await fetch(`${url}${p}`, { method: scenario.method ?? "GET", headers: scenario.headers, body });
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${scenario.label} answered ${response.status} before the load test: ${(await response.text()).slice(0, 300)}`);
  }
  const problem = scenario.check?.(await response.text());
  if (problem) throw new Error(`${scenario.label} before the load test: ${problem}`);
}

async function loadTests(app: AppServer, bare: BareServer, company: SeededCompany, databaseUrl: string): Promise<LoadResult[]> {
  const cursor = await followCursors(app.url, company, DEEP_PAGE);
  log(`followed next_cursor to page ${DEEP_PAGE} of job ${company.jobIds[0]}'s list`);
  await mintOAuthAccessToken(databaseUrl, company, app.url);
  const api = apiScenarios(company, cursor).filter((s) => !flags.only || flags.only.includes(s.key));
  for (const scenario of api) await sanityCheck(app.url, scenario);
  const options = { connections: flags.connections, durationS: flags.duration, warmupS: flags.warmup };
  const results: LoadResult[] = [];
  const backends = new DbBackends(databaseUrl);
  await backends.connect();
  cleanups.push(() => backends.close());
  const appProbe = cpuProbe(() => app.pids(), backends);
  const bareProbe = cpuProbe(() => [bare.pid], backends);
  const measure = async (server: "app" | "bare", scenario: (typeof api)[number]) => {
    log(`load: ${scenario.label} (${flags.warmup} s warm-up, ${flags.duration} s, ${scenario.connections ?? flags.connections} connections)`);
    const result = await runLoad(server === "app" ? app.url : bare.url, scenario, options, server === "app" ? appProbe : bareProbe);
    const cpu = result.cpu ? `; CPU/req: server ${result.cpu.server.toFixed(2)} ms, db ${result.cpu.db.toFixed(2)} ms (autovacuum ${result.cpu.dbBackground.toFixed(2)} ms), autocannon ${result.cpu.client.toFixed(2)} ms` : "";
    log(`  ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, non-2xx ${result.non2xx}, errors ${result.errors}${cpu}`);
    results.push(result);
  };
  // JIT and heap warm-up of every path first: a per-row warm-up alone left the first API row ~1.7x
  // slower in CPU per request than the same row measured again later.
  log(`warm-up: every endpoint for ${flags.warmup} s`);
  for (const scenario of [constantScenario(), ...api]) await runLoad(app.url, scenario, { ...options, durationS: flags.warmup, warmupS: 0 });
  // The constant-JSON floor is measured at the start, in the middle and at the end; its median is
  // the ratio's base, so drift in the machine's load shows up in the report instead of in a ratio.
  const half = Math.ceil(api.length / 2);
  await measure("app", { ...constantScenario(), key: "next_constant#1" });
  await measure("bare", bareScenario(company.candidateIds));
  await measure("bare", bareJobScenario(company.jobIds));
  await measure("app", unauthorizedScenario(company.candidateIds));
  await measure("app", await duplicateScenario(app.url, company));
  for (const scenario of api.slice(0, half)) await measure("app", scenario);
  await measure("app", { ...constantScenario(), key: "next_constant#2" });
  for (const scenario of api.slice(half)) await measure("app", scenario);
  await measure("app", { ...constantScenario(), key: "next_constant#3" });
  return results;
}

/**
 * The POST scenario creates as many candidates as the API accepts in its 20 s (tens of thousands when
 * creates are fast) in the measured company: the phases after it (search, company-wide reports) would
 * measure a bigger company the faster POST got. They are removed, so every later phase sees the seed.
 */
async function removeCreatedByLoad(databaseUrl: string, company: SeededCompany): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(`DELETE FROM candidates WHERE company_id = $1 AND email LIKE 'bench-%@example.com'`, [company.id]);
    await client.query("VACUUM ANALYZE candidates, candidate_activities");
    log(`removed the ${rowCount ?? 0} candidates the POST load created (the later phases see the seed)`);
  } finally {
    await client.end();
  }
}

/** The server under --cpu-prof while one API scenario runs (--profile=<key>), or the webhooks phase (--profile=webhooks). */
async function profileServer(env: Record<string, string>, work: string, company: SeededCompany, databaseUrl: string): Promise<ProfileSummary> {
  const dir = path.join(work, "profile");
  mkdirSync(dir, { recursive: true });
  const app = await startApp({ env, unset: UNSET, logFile: path.join(work, "next-profile.log"), nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] });
  cleanups.push(() => app.stop());
  let label: string;
  if (flags.profileScenario === "webhooks") {
    label = "webhooks phase (PATCH stage changes → delivery)";
    log(`profile: ${label} under --cpu-prof`);
    const result = await runWebhookBench(app, company, databaseUrl);
    if (!result.available) throw new Error(`profile: the webhooks phase failed: ${result.reason}`);
  } else {
    // The profiled server listens on a port of its own: a token for its origin.
    await mintOAuthAccessToken(databaseUrl, company, app.url);
    const scenario = apiScenarios(company, "").find((s) => s.key === flags.profileScenario);
    if (!scenario) throw new Error(`--profile=${flags.profileScenario}: no such scenario (bench/scenarios.ts)`);
    label = scenario.label;
    log(`profile: ${label} under --cpu-prof (${flags.warmup} s warm-up, ${flags.profileDuration} s)`);
    await runLoad(app.url, scenario, { connections: flags.connections, durationS: flags.profileDuration, warmupS: flags.warmup });
  }
  await app.stop();
  const file = largestProfile(dir);
  if (!file) throw new Error(`no .cpuprofile written in ${dir}; see ${app.logFile}`);
  return { ...summarise(file), label };
}

async function main(): Promise<void> {
  const started = performance.now();
  const work = mkdtempSync(path.join(os.tmpdir(), "hireflow-bench-"));
  log(`work folder (logs, blobs, profiles): ${work}`);
  const machine = machineInfo();
  log(`machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB.toFixed(1)} GiB, load ${machine.loadAtStart.join(" ")}`);

  let buildSeconds: number | undefined;
  if (flags.build) {
    log("next build (NEXT_DIST_DIR=.next-bench)…");
    buildSeconds = await buildApp(path.join(work, "build.log"));
    log(`  built in ${buildSeconds.toFixed(0)} s`);
  } else if (!hasBuild()) {
    throw new Error("--no-build given but apps/web/.next-bench holds no build; run without --no-build once");
  }

  const db = await createBenchDatabase();
  cleanups.push(async () => {
    await db.close();
    log(`dropped database ${db.name}`);
  });
  log(`database ${db.name} on ${new URL(db.adminUrl).host}${db.embedded ? " (embedded)" : ""}, migrated; seeding…`);
  const seeded = await seed(db.url, log);
  log(`  seeded in ${seeded.seconds.toFixed(1)} s`);

  const env = serverEnv(db.url, path.join(work, "data"));
  const app = await startApp({ env, unset: UNSET, logFile: path.join(work, "next.log") });
  cleanups.push(() => app.stop());
  log(`server on ${app.url} (pid ${app.pid})`);
  const bare = await startBareServer(db.url, seeded.company.id);
  cleanups.push(() => bare.stop());

  const load = flags.skip.includes("load") ? [] : await loadTests(app, bare, seeded.company, db.url);
  await bare.stop();
  if (load.length) await removeCreatedByLoad(db.url, seeded.company);

  const backends = new DbBackends(db.url);
  await backends.connect();
  cleanups.push(() => backends.close());
  const phaseProbe = cpuProbe(() => app.pids(), backends);
  let resume: ResumeResult = { available: false, reason: "skipped (--skip=resume)" };
  if (!flags.skip.includes("resume")) {
    log("resume pipeline…");
    resume = await runResumeBench(app, seeded.company, phaseProbe).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
    log(`  ${resume.available ? `p50 ${resume.p50.toFixed(0)} ms, p95 ${resume.p95.toFixed(0)} ms, peak RSS ${resume.peakRssMiB.toFixed(0)} MiB` : `not available: ${resume.reason}`}`);
  }
  let webhooks: WebhookResult = { available: false, reason: "skipped (--skip=webhooks)" };
  if (!flags.skip.includes("webhooks")) {
    log("webhooks…");
    webhooks = await runWebhookBench(app, seeded.company, db.url, phaseProbe).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
    log(`  ${webhooks.available ? `${webhooks.delivered}/${webhooks.changes} delivered, ${webhooks.deliveriesPerSecond.toFixed(0)}/s, p50 ${webhooks.p50.toFixed(0)} ms${webhooks.burst ? `; burst ${webhooks.burst.delivered}/${webhooks.burst.events} at ${webhooks.burst.deliveriesPerSecond.toFixed(0)}/s` : ""}${webhooks.resumes?.cpu ? `; with resumes ${webhooks.resumes.delivered}/${webhooks.resumes.changes}, ${(webhooks.resumes.cpu.server + webhooks.resumes.cpu.db).toFixed(2)} ms CPU/change` : ""}` : `not available: ${webhooks.reason}`}`);
  }
  let screening: ScreeningResult | undefined;
  if (!flags.skip.includes("screening")) {
    log("AI screening…");
    screening = await runScreeningBench(app, seeded.company).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
    log(`  ${screening.available ? `local engine ${screening.scoringsPerSecond.toFixed(0)}/s, upload → scored p50 ${screening.p50.toFixed(0)} ms` : `not available: ${screening.reason}`}`);
  }
  let offerLetter: OfferLetterResult | { available: false; reason: string } = { available: false, reason: "skipped (--skip=offers)" };
  if (!flags.skip.includes("offers")) {
    log("offer letter PDF…");
    offerLetter = await runOfferLetterBench().catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
    log(`  ${"p95Ms" in offerLetter ? `p50 ${offerLetter.p50Ms} ms, p95 ${offerLetter.p95Ms} ms` : `not available: ${offerLetter.reason}`}`);
  }
  let scheduling: SchedulingBenchResult = { available: false, reason: "skipped (--skip=scheduling)" };
  if (!flags.skip.includes("scheduling")) {
    log("self-scheduling slots…");
    scheduling = await runSchedulingBench(app, seeded.company, db.url, { probe: phaseProbe, log }).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
    if (!scheduling.available) log(`  not available: ${scheduling.reason}`);
  }
  // Last: they add resume text to every candidate and a stage history to the company, which the
  // phases above must not see.
  let search: SearchBenchResult = { available: false, reason: "skipped (--skip=search)" };
  if (!flags.skip.includes("search")) {
    log("candidate search…");
    search = await runSearchBench(app, seeded.company, db.url, { probe: phaseProbe, log }).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
  }
  let reports: ReportsBenchResult = { available: false, reason: "skipped (--skip=reports)" };
  if (!flags.skip.includes("reports")) {
    log("reports…");
    reports = await runReportsBench(app, seeded.company, db.url, { probe: phaseProbe, log }).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
  }
  // After the reports (which count the company's candidates, not its interviews): 50,000 interviews.
  let interviews: InterviewsBenchResult = { available: false, reason: "skipped (--skip=interviews)" };
  if (!flags.skip.includes("interviews")) {
    log("interviews and scorecards…");
    interviews = await runInterviewsBench(app, seeded.company, db.url, { probe: phaseProbe, log }).catch((error: Error) => ({ available: false as const, reason: `the phase failed: ${error.message}` }));
    if (!interviews.available) log(`  not available: ${interviews.reason}`);
  }
  // After everything that reads the company: it adds two jobs with 5,000 candidates each.
  let pipelines: PipelinesBenchResult = { available: false, reason: "skipped (--skip=pipelines)" };
  if (!flags.skip.includes("pipelines")) {
    log("job pipelines: board and pipeline edit…");
    pipelines = await runPipelinesBench(app, seeded.company, db.url, { probe: phaseProbe, log, only: flags.only }).catch((error: Error) => ({
      available: false as const,
      reason: `the phase failed: ${error.message}`,
    }));
    if (!pipelines.available) log(`  not available: ${pipelines.reason}`);
  }
  const serverPeak = app.peakRssMiB();
  await app.stop();

  const profile = flags.skip.includes("profile") ? undefined : await profileServer(env, work, seeded.company, db.url);

  const results: BenchResults = {
    command: `npm run bench${flags.raw.length ? ` -- ${flags.raw.join(" ")}` : ""}`,
    serverNodeOptions: flags.serverNodeOptions,
    date: new Date().toISOString(),
    machine: { ...machine, loadAtEnd: os.loadavg().map((l) => l.toFixed(2)) },
    versions: { ...versions(), postgres: await serverVersion(db.url) },
    database: { embedded: db.embedded, host: new URL(db.adminUrl).host },
    buildSeconds,
    seed: { seconds: seeded.seconds, counts: seeded.counts },
    connections: flags.connections,
    durationS: flags.duration,
    warmupS: flags.warmup,
    load,
    resume,
    webhooks,
    screening,
    offerLetter,
    scheduling,
    search,
    reports,
    interviews,
    pipelines,
    serverPeak,
    profile,
    totalSeconds: (performance.now() - started) / 1000,
  };
  if (flags.json) writeFileSync(path.resolve(repoRoot, flags.json), JSON.stringify(results, null, 2));
  if (flags.report) {
    const out = path.resolve(repoRoot, flags.out);
    writeReport(out, results);
    log(`wrote ${path.relative(repoRoot, out)}`);
  }
  log(`done in ${(results.totalSeconds / 60).toFixed(1)} min`);
  if (!flags.keepWork) cleanups.push(async () => rmSync(work, { recursive: true, force: true }));
}

try {
  await main();
  await cleanup();
} catch (error) {
  // After Ctrl-C the phases fail on closed servers; the interrupt is the story, not those errors.
  if (!interrupted) console.error("[bench] failed:", error);
  await cleanup();
  process.exitCode = 1;
}
// Keep-alive sockets of fetch/autocannon must not hold the process open once everything is stopped.
process.exit(process.exitCode ?? 0);
