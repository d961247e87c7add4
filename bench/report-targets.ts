import { type LoadResult } from "./load.ts";
import { type BenchResults } from "./report-results.ts";
import { cpuTotal, f0, f1, f2, median, pct } from "./report-format.ts";

// The floors a run measures against, and the targets of docs/BENCHMARKS.md checked from the results.

/** Rows that are not API endpoints under test: the floors and the diagnostic 401 row. */
export const isReference = (l: LoadResult) => l.key.startsWith("next_constant") || l.key.startsWith("bare") || l.key.startsWith("diag_");

export function floors(load: LoadResult[]) {
  const constant = load.filter((r) => r.key.startsWith("next_constant"));
  return {
    next: median(constant.map((r) => r.rps)),
    nextRuns: constant.map((r) => r.rps),
    bare: load.find((r) => r.key === "bare")?.rps ?? Number.NaN,
    bareJob: load.find((r) => r.key === "bare_job"),
  };
}

/** Server + PostgreSQL CPU per request: what an endpoint costs, whatever the load generator beside it costs. */
const serverAndDb = (l: LoadResult) => (l.cpu ? l.cpu.server + l.cpu.db : Number.NaN);

/**
 * Issue 44: GET job and GET candidate ≥ 35 % of the job floor (node:http + pg, one primary-key read of a job),
 * by throughput and by server + PostgreSQL CPU per request. The load generator shares the 2 cores, so the
 * floor's throughput is partly autocannon's; the CPU share is the one it cannot bound.
 */
export function jobFloorTargets(r: BenchResults): Target[] {
  const floor = floors(r.load).bareJob;
  if (!floor) return [];
  const list: Target[] = [];
  for (const key of ["get_job", "get_candidate"]) {
    const l = r.load.find((row) => row.key === key);
    if (!l) continue;
    const byRps = l.rps / floor.rps;
    const byCpu = serverAndDb(floor) / serverAndDb(l);
    list.push({ name: `${l.label} ≥ 35 % of the job floor (req/s)`, measured: `${pct(byRps)} (${f0(l.rps)} ÷ ${f0(floor.rps)})`, met: byRps >= 0.35 });
    list.push({
      name: `${l.label} ≥ 35 % of the job floor (server + PostgreSQL CPU/request)`,
      measured: `${pct(byCpu)} (${f2(serverAndDb(floor))} ÷ ${f2(serverAndDb(l))} ms)`,
      met: Number.isNaN(byCpu) ? undefined : byCpu >= 0.35,
    });
  }
  return list;
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
  // Issue 41: GET one offer (versions, approvals) within 20 % of GET candidate's CPU per request.
  const offer = get("get_offer");
  if (offer?.cpu && rest?.cpu) {
    const ratio = cpuTotal(offer) / cpuTotal(rest);
    list.push({ name: `${offer.label} CPU/request ≤ 1.2 × ${rest.label}`, measured: `${ratio.toFixed(2)} × (${offer.rps.toFixed(0)} vs ${rest.rps.toFixed(0)} req/s)`, met: ratio <= 1.2 });
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
    // Issue 44: delivery keeps pace with the changes; the backlog is not the latency.
    const exact = w.delivered === w.changes && w.duplicates === 0;
    list.push({ name: "Webhook deliveries/s ≥ 0.95 × PATCH req/s, each change delivered once", measured: `${f0(w.deliveriesPerSecond)}/s vs ${f0(w.patchRps)}/s (${pct(w.deliveriesPerSecond / w.patchRps)})`, met: exact && w.deliveriesPerSecond >= 0.95 * w.patchRps });
    list.push({ name: "Webhook PATCH → receipt p50 ≤ 500 ms, p95 ≤ 1 s", measured: `${f0(w.p50)} ms, ${f0(w.p95)} ms`, met: exact && w.p50 <= 500 && w.p95 <= 1000 });
    const b = w.burst;
    list.push({
      name: "Webhook deliveries/s ≥ 500 with the PATCHes not limiting (a burst of committed events), each delivered once",
      measured: b ? `${f0(b.deliveriesPerSecond)}/s, ${b.delivered}/${b.events} delivered, ${b.duplicates} duplicates` : "not measured",
      met: b ? b.delivered === b.events && b.duplicates === 0 && b.deliveriesPerSecond >= 500 : undefined,
    });
  } else {
    list.push({ name: "Webhook PATCH → receipt p50 ≤ 1 s, ≥ 200 deliveries/s", measured: "not available", met: undefined });
  }
  return list;
}
