import { type LoadResult } from "./load.ts";
import { type ProfileSummary } from "./profile.ts";
import { PIPELINES, type PipelinesBenchResult } from "./pipelines.ts";
import { type BenchResults } from "./report-results.ts";
import { cpuTotal, f0, f1, f2, mark, median, pct } from "./report-format.ts";
import { floors, isReference } from "./report-targets.ts";
import { type MemorySample, RESUME, type ResumeResult } from "./resume.ts";
import { OFFER_LETTER, type OfferLetterResult } from "./offer-letter.ts";
import { SCREENING, type ScreeningResult } from "./screening.ts";
import { type ReportsBenchResult, type SearchBenchResult, WORKSPACE_P95_TARGET_MS } from "./workspace.ts";
import { REPORTS_BENCH } from "./reports.ts";
import { INTERVIEWS_BENCH, INTERVIEWS_P95_TARGET_MS, type InterviewsBenchResult } from "./interviews.ts";
import { SCHEDULING_BENCH, SCHEDULING_P95_TARGET_MS, type SchedulingBenchResult } from "./scheduling.ts";
import { RESUME_WORDS, WEBHOOKS, type WebhookResult } from "./webhooks.ts";

/** The markdown tables and sections of docs/BENCHMARKS.md, one per phase of the run (renderReport in report.ts puts them together). */

export function loadTable(r: BenchResults): string[] {
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
export function ceilingTable(r: BenchResults): string[] {
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

export function resumeSection(r: ResumeResult): string[] {
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
export function memoryTable(memory: Extract<ResumeResult, { available: true }>["memory"]): string[] {
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

export function workspaceSection(search: SearchBenchResult | undefined, reports: ReportsBenchResult | undefined): string[] {
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

export function schedulingSection(r: SchedulingBenchResult | undefined): string[] {
  if (!r) return ["Skipped in this run."];
  if (!r.available) return [`**Not available in this run:** ${r.reason}`];
  const l = r.result;
  return [
    `A scheduling link of the measured company whose pool is ${SCHEDULING_BENCH.pool} members (Mon–Fri 09:00–17:00 Europe/Berlin, 10-minute buffer, at most 4 a day), each with ${SCHEDULING_BENCH.feedEvents} busy events of their calendar feed (cached, as between two reads of a feed) and ${SCHEDULING_BENCH.interviews} interviews in the ${SCHEDULING_BENCH.windowDays}-day window; ${r.slots} slots offered. The candidate's page's request, ${REPORTS_BENCH.connections} connections, ${REPORTS_BENCH.warmupS} s warm-up, ${REPORTS_BENCH.durationS} s. Goal (issue 42): p95 ≤ ${SCHEDULING_P95_TARGET_MS} ms.`,
    "",
    `| request | req/s | p50 ms | p95 ms | p99 ms | non-2xx | p95 ≤ ${SCHEDULING_P95_TARGET_MS} ms |`,
    "|---|---:|---:|---:|---:|---:|---|",
    `| ${l.label} | ${f1(l.rps)} | ${f1(l.p50)} | ${f1(l.p95)} | ${f1(l.p99)} | ${l.non2xx} | ${mark(l.p95 <= SCHEDULING_P95_TARGET_MS && l.non2xx === 0)} |`,
  ];
}

export function interviewsSection(r: InterviewsBenchResult | undefined): string[] {
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

export function pipelinesSection(p: PipelinesBenchResult | undefined): string[] {
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

export function screeningSection(r: ScreeningResult | undefined): string[] {
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

export function webhookSection(w: WebhookResult): string[] {
  if (!w.available) return [`**Not available in this run:** ${w.reason}`];
  return [
    `${WEBHOOKS.changes} stage changes (PATCH /api/v1/candidates/{id}, distinct candidates, ${WEBHOOKS.concurrency} in flight), after a warm-up that is not counted (${WEBHOOKS.warmup} changes before the endpoint exists, ${WEBHOOKS.warmup} delivered), to a node:http receiver on 127.0.0.1 subscribed to candidate.stage_changed. Latency runs from sending the PATCH to the receiver reading the delivery; deliveries/s is deliveries ÷ (last receipt − first PATCH). CPU per change covers the PATCH, the outbox, the fan-out and the delivery.`,
    "",
    "| delivered | duplicates | PATCH failures | PATCH req/s | deliveries/s | backlog after the last PATCH | PATCH → receipt p50 | p95 | max | CPU ms/change: server | PostgreSQL |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${w.delivered}/${w.changes} | ${w.duplicates} | ${w.patchFailures} | ${f0(w.patchRps)} | ${f0(w.deliveriesPerSecond)} | ${f1(w.drainSeconds)} s | ${f0(w.p50)} ms | ${f0(w.p95)} ms | ${f0(w.max)} ms | ${f2(w.cpu?.server ?? Number.NaN)} | ${f2(w.cpu?.db ?? Number.NaN)} |`,
    "",
    `CPU ms per change by phase: the PATCH with its outbox publish is measured alone first (${WEBHOOKS.changes} changes of other candidates before the endpoint exists); the fan-out and the delivery are the rest.`,
    "",
    "| phase | server | PostgreSQL | total |",
    "|---|---:|---:|---:|",
    ...cpuPhases(w),
    "",
    ...burstRows(w.burst),
    ...resumeRows(w.resumes),
  ];
}

function resumeRows(r: Extract<WebhookResult, { available: true }>["resumes"]): string[] {
  if (!r) return [];
  return [
    "",
    `Candidates with a resume: ${r.changes} more changes (delivered, ${WEBHOOKS.concurrency} in flight) of candidates that were first given a resume's text (${RESUME_WORDS} words, every one distinct, the length of a parsed one- to two-page resume; the seed's candidates have none).`,
    "",
    "| delivered | duplicates | PATCH → receipt p50 | p95 | CPU ms/change: server | PostgreSQL | total |",
    "|---:|---:|---:|---:|---:|---:|---:|",
    `| ${r.delivered}/${r.changes} | ${r.duplicates} | ${f0(r.p50)} ms | ${f0(r.p95)} ms | ${f2(r.cpu?.server ?? Number.NaN)} | ${f2(r.cpu?.db ?? Number.NaN)} | ${f2((r.cpu?.server ?? Number.NaN) + (r.cpu?.db ?? Number.NaN))} |`,
  ];
}

function burstRows(b: Extract<WebhookResult, { available: true }>["burst"]): string[] {
  if (!b) return [];
  return [
    `The delivery path alone (PATCHes not limiting it): every stage change above committed again at once as a copy of its outbox row, then one PATCH wakes the publisher as any commit does; deliveries/s is deliveries ÷ (last receipt − that PATCH).`,
    "",
    "| events | delivered | duplicates | deliveries/s | first receipt | last receipt | CPU ms/delivery: server | PostgreSQL |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| ${b.events} | ${b.delivered} | ${b.duplicates} | ${f0(b.deliveriesPerSecond)} | ${f0(b.firstMs)} ms | ${f0(b.lastMs)} ms | ${f2(b.cpu?.server ?? Number.NaN)} | ${f2(b.cpu?.db ?? Number.NaN)} |`,
  ];
}

function cpuPhases(w: Extract<WebhookResult, { available: true }>): string[] {
  const all = w.cpu;
  const patch = w.patchOnlyCpu;
  if (!all || !patch) return ["| (no CPU probe in this run) | | | |"];
  const row = (name: string, server: number, db: number) => `| ${name} | ${f2(server)} | ${f2(db)} | ${f2(server + db)} |`;
  return [row("PATCH + outbox publish", patch.server, patch.db), row("fan-out + delivery", all.server - patch.server, all.db - patch.db), row("whole path", all.server, all.db)];
}

export function profileSection(p: ProfileSummary | undefined): string[] {
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

/** The offer letter PDF rendered in the bench process (bench/offer-letter.ts): target p95 ≤ 150 ms (issue 41). */
export function offerLetterSection(r: OfferLetterResult | { available: false; reason: string } | undefined): string[] {
  if (!r) return ["Skipped in this run (--skip=offers)."];
  if (!("p95Ms" in r)) return [`**Not available in this run:** ${r.reason}`];
  return [
    `The default letter filled with an offer's terms (names in Polish, Swedish, Cyrillic and Greek) and rendered to a PDF by \`renderLetterPdf\`, ${OFFER_LETTER.samples} renders one after another after ${OFFER_LETTER.warmUp} warm-up renders; each is a whole new document (fonts parsed and subset, PDF written). Target: p95 ≤ 150 ms.`,
    "",
    "| renders | p50 | p95 | max | target p95 ≤ 150 ms |",
    "|---:|---:|---:|---:|---|",
    `| ${r.samples} | ${r.p50Ms} ms | ${r.p95Ms} ms | ${r.maxMs} ms | ${r.p95Ms <= 150 ? "met" : "missed"} |`,
  ];
}
