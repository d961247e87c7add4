import { readFileSync } from "node:fs";
import path from "node:path";
// zod-openapi's augmentation of zod's .meta() (the contracts use it) is part of core's program; the
// bench typechecks core's sources in its own.
import type {} from "zod-openapi";
import { scoreLocally, type ScreeningInput } from "../packages/core/src/modules/screening/engine/index.ts";
import { extractResume } from "../packages/worker/src/resume/index.ts";
import { type AppServer } from "./app.ts";
import { type SeededCompany } from "./seed.ts";
import { percentiles, repoRoot, sleep } from "./util.ts";

/**
 * AI screening (docs/SCREENING.md): how many scorings per second the local engine makes (in this
 * process, on Marcus's parsed resume against a seven-criteria backend job), and the pipeline's
 * latency through the running app: multipart upload of marcus-oneill.pdf → parsed → scored
 * (fit.status completed), UPLOADS one at a time against a job created with screening on.
 */
export const SCREENING = { engineSeconds: 3, uploads: 20, pollMs: 50, timeoutMs: 60_000 } as const;
const PDF = path.join(repoRoot, "packages", "worker", "test", "fixtures", "resumes", "marcus-oneill.pdf");

const CRITERIA = [
  { type: "skill", value: "Go", required: true, weight: 3 },
  { type: "skill", value: "PostgreSQL" },
  { type: "skill", value: "Kafka" },
  { type: "skill", value: "Kubernetes" },
  { type: "min_years", value: 5, weight: 2 },
  { type: "location" },
  { type: "text", value: "Has led a team of engineers" },
] as const;

export type ScreeningResult =
  | { available: false; reason: string }
  | {
      available: true;
      scoringsPerSecond: number;
      microsPerScoring: number;
      uploads: number;
      scored: number;
      p50: number;
      p95: number;
      max: number;
      failures: string[];
    };

async function engineRate(): Promise<{ perSecond: number; micros: number }> {
  const bytes = new Uint8Array(readFileSync(PDF));
  const { text, ...data } = await extractResume(bytes);
  const input: ScreeningInput = {
    criteria: CRITERIA.map((c, i) => ({ id: `c${i}`, value: null, question_id: null, accepted: null, required: false, weight: 1, ...c })),
    resume: { text, data },
    candidate: { location: data.location, answers: null },
    job: { locations: ["London"], locationType: "onsite", questions: [] },
    person: { name: data.name, email: data.email, phone: data.phone, linkedin: data.linkedin },
  };
  for (let i = 0; i < 200; i++) scoreLocally(input); // warm-up
  let n = 0;
  const started = performance.now();
  const until = started + SCREENING.engineSeconds * 1000;
  while (performance.now() < until) {
    for (let i = 0; i < 50; i++) scoreLocally(input);
    n += 50;
  }
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: n / seconds, micros: (seconds * 1e6) / n };
}

async function api(server: AppServer, company: SeededCompany, method: string, route: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${company.apiKey}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

export async function runScreeningBench(server: AppServer, company: SeededCompany): Promise<ScreeningResult> {
  const engine = await engineRate();
  const job = await api(server, company, "POST", "/jobs", { title: "Bench: backend (screened)", locations: ["London"], screening: { mode: "score", criteria: CRITERIA } });
  if (job.status !== 201) return { available: false, reason: `POST /jobs answered ${job.status}: ${JSON.stringify(job.body).slice(0, 200)}` };
  const pdf = new Uint8Array(readFileSync(PDF));
  const failures: string[] = [];
  const times: number[] = [];
  for (let i = 0; i < SCREENING.uploads; i++) {
    const form = new FormData();
    form.append("job_id", String(job.body.data.id));
    form.append("email", `screened-${Date.now().toString(36)}-${i}@example.com`);
    form.append("resume", new Blob([pdf as Uint8Array<ArrayBuffer>], { type: "application/pdf" }), "marcus-oneill.pdf");
    const res = await fetch(`${server.url}/api/v1/candidates`, { method: "POST", headers: { authorization: `Bearer ${company.apiKey}` }, body: form });
    const created = performance.now();
    const text = await res.text();
    if (res.status !== 201) {
      failures.push(`upload ${i}: ${res.status} ${text.slice(0, 200)}`);
      continue;
    }
    const id = (JSON.parse(text) as { data: { id: number } }).data.id;
    for (;;) {
      const got = await api(server, company, "GET", `/candidates/${id}`);
      const status = got.body.data?.fit?.status;
      if (status === "completed") {
        times.push(performance.now() - created);
        break;
      }
      if (status === "failed" || performance.now() - created > SCREENING.timeoutMs) {
        failures.push(`candidate ${id}: fit ${status}`);
        break;
      }
      await sleep(SCREENING.pollMs);
    }
  }
  const [p50, p95, max] = percentiles(times, [50, 95, 100]);
  return {
    available: true,
    scoringsPerSecond: engine.perSecond,
    microsPerScoring: engine.micros,
    uploads: SCREENING.uploads,
    scored: times.length,
    p50: p50 ?? Number.NaN,
    p95: p95 ?? Number.NaN,
    max: max ?? Number.NaN,
    failures: failures.slice(0, 5),
  };
}
