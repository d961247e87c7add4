import { readFileSync } from "node:fs";
import path from "node:path";
import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { type SeededCompany } from "./seed.ts";
import { mapLimit, percentiles, repoRoot, sleep } from "./util.ts";

/**
 * Resume pipeline: first SINGLE uploads one at a time (the pipeline's own latency), then UPLOADS
 * multipart POST /api/v1/candidates with the one-page PDF, CONCURRENCY at a time (each worker
 * uploads, then polls GET /api/v1/candidates/{id} every POLL_MS until resume_status is completed or
 * failed). Measures 201 → completed, CPU per upload, and the server's memory: RSS sampled during
 * the phase, and VmHWM (peak since start) of the server's processes.
 */
export const RESUME = { uploads: 50, concurrency: 10, single: 5, pollMs: 100, timeoutMs: 60_000 } as const;
const PDF = path.join(repoRoot, "packages", "worker", "test", "fixtures", "resumes", "priya-raman.pdf");

export type ResumeResult =
  | { available: false; reason: string }
  | {
      available: true;
      uploads: number;
      completed: number;
      failed: number;
      timedOut: number;
      uploadP50: number;
      p50: number;
      p95: number;
      max: number;
      seconds: number;
      peakRssMiB: number;
      hwmMiB: number;
      /** The server's own account of its memory (GET /api/bench/memory) before the phase and at its largest RSS. */
      memory?: { before: MemorySample; peak: MemorySample };
      /** CPU per upload over the phase (upload, parsing, saving, and the polling GETs): server and PostgreSQL. */
      cpu?: { server: number; db: number };
      /** 201 → completed of single uploads, one at a time, before the concurrent run: the unloaded pipeline. */
      single: { p50: number; max: number; n: number };
      failures: string[];
    };

/** MiB, as GET /api/bench/memory reports them (the server process; its workers are in `rss` only). */
export interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, { size: number; used: number }>;
}

async function memorySample(server: AppServer): Promise<MemorySample | undefined> {
  const response = await fetch(`${server.url}/api/bench/memory`).catch(() => undefined);
  return response?.ok ? ((await response.json()) as MemorySample) : undefined;
}

function upload(server: AppServer, company: SeededCompany, pdf: Uint8Array, i: number): Promise<Response> {
  const form = new FormData();
  form.append("job_id", String(company.jobIds[1]));
  form.append("email", `resume-${Date.now().toString(36)}-${i}@example.com`);
  form.append("resume", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "priya-raman.pdf");
  return fetch(`${server.url}/api/v1/candidates`, { method: "POST", headers: { authorization: `Bearer ${company.apiKey}` }, body: form });
}

/** Is the multipart variant there? One upload tells: 201 with resume_status "pending". */
async function multipartMissing(server: AppServer, company: SeededCompany, pdf: Uint8Array): Promise<string | undefined> {
  const response = await upload(server, company, pdf, -1);
  const text = await response.text();
  if (response.status === 201 && /"resume_status":"(pending|processing|completed)"/.test(text)) return undefined;
  return `multipart POST /api/v1/candidates answered ${response.status}: ${text.slice(0, 200)}`;
}

function rssMiB(server: AppServer): number {
  let kb = 0;
  for (const pid of server.pids()) {
    try {
      kb += Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
    } catch {
      // exited
    }
  }
  return kb / 1024;
}

interface Outcome {
  status: "completed" | "failed" | "timeout";
  ms: number;
  uploadMs: number;
}

async function uploadAndWait(server: AppServer, company: SeededCompany, pdf: Uint8Array, i: number, failures: string[]): Promise<Outcome> {
  const sent = performance.now();
  const response = await upload(server, company, pdf, i);
  const created = performance.now();
  const text = await response.text();
  const id = response.status === 201 ? (JSON.parse(text) as { data: { id: number } }).data.id : undefined;
  if (id === undefined) {
    failures.push(`upload ${i}: ${response.status} ${text.slice(0, 200)}`);
    return { status: "failed", ms: Number.NaN, uploadMs: created - sent };
  }
  for (;;) {
    const r = await fetch(`${server.url}/api/v1/candidates/${id}`, { headers: { authorization: `Bearer ${company.apiKey}` } });
    const body = await r.text();
    const now = performance.now();
    const status = r.status === 200 ? (JSON.parse(body) as { data: { resume_status: string | null } }).data.resume_status : undefined;
    if (r.status !== 200) failures.push(`GET candidate ${id}: ${r.status} ${body.slice(0, 200)}`);
    if (status === "completed") return { status, ms: now - created, uploadMs: created - sent };
    if (status === "failed") {
      failures.push(`candidate ${id}: resume_status failed`);
      return { status, ms: Number.NaN, uploadMs: created - sent };
    }
    if (now - created > RESUME.timeoutMs) return { status: "timeout", ms: Number.NaN, uploadMs: created - sent };
    await sleep(RESUME.pollMs);
  }
}

export async function runResumeBench(server: AppServer, company: SeededCompany, probe?: CpuProbe): Promise<ResumeResult> {
  const pdf = new Uint8Array(readFileSync(PDF));
  const missing = await multipartMissing(server, company, pdf);
  if (missing) return { available: false, reason: missing };

  const failures: string[] = [];
  const single: Outcome[] = [];
  for (let i = 0; i < RESUME.single; i++) single.push(await uploadAndWait(server, company, pdf, 1000 + i, failures));
  const [singleP50, singleMax] = percentiles(single.filter((o) => o.status === "completed").map((o) => o.ms), [50, 100]);

  let peakRss = rssMiB(server);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMiB(server))), 50);
  const memoryBefore = await memorySample(server);
  let memoryPeak = memoryBefore;
  // The server's breakdown every 250 ms; the one taken at the largest RSS is kept.
  const memorySampler = setInterval(() => {
    void memorySample(server).then((sample) => {
      if (sample && (!memoryPeak || sample.rss > memoryPeak.rss)) memoryPeak = sample;
    });
  }, 250);
  const before = await probe?.sample();
  const started = performance.now();
  let outcomes: Outcome[];
  try {
    outcomes = await mapLimit(Array.from({ length: RESUME.uploads }, (_, i) => i), RESUME.concurrency, (i) => uploadAndWait(server, company, pdf, i, failures));
  } finally {
    clearInterval(sampler);
    clearInterval(memorySampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const after = await probe?.sample();
  const done = outcomes.filter((o) => o.status === "completed").map((o) => o.ms);
  const [p50, p95, max] = percentiles(done, [50, 95, 100]);
  const [uploadP50] = percentiles(outcomes.map((o) => o.uploadMs), [50]);
  return {
    available: true,
    uploads: RESUME.uploads,
    completed: done.length,
    failed: outcomes.filter((o) => o.status === "failed").length,
    timedOut: outcomes.filter((o) => o.status === "timeout").length,
    uploadP50: uploadP50!,
    p50: p50!,
    p95: p95!,
    max: max!,
    seconds,
    peakRssMiB: peakRss,
    hwmMiB: server.peakRssMiB().reduce((sum, p) => sum + p.mib, 0),
    ...(memoryBefore && memoryPeak ? { memory: { before: memoryBefore, peak: memoryPeak } } : {}),
    cpu: before && after ? { server: (after.server - before.server) / RESUME.uploads, db: (after.db - before.db) / RESUME.uploads } : undefined,
    single: { p50: singleP50!, max: singleMax!, n: RESUME.single },
    failures: failures.slice(0, 5),
  };
}
