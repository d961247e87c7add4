import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { runLoad, type LoadResult, type Scenario } from "./load.ts";
import { REPORTS_BENCH } from "./reports.ts";
import { type SeededCompany } from "./seed.ts";
import { percentiles } from "./util.ts";

/**
 * Job pipelines (issue 23) at the bench's scale, in the measured company:
 *
 * - The board of a job with 5,000 candidates: `pipeline.board`, the tRPC query the job page runs (and
 *   re-runs after every move), GET /api/trpc/pipeline.board as a signed-in user — for a job with its
 *   own eight-stage pipeline whose 5,000 candidates are spread over its stages, and for the seed's big
 *   job (default pipeline, 5,000 candidates). Light load as for the reports: REPORTS_BENCH connections
 *   (people waiting for a page), not the API rows' 50. Goal: p95 ≤ 300 ms.
 * - A pipeline edit that re-maps 5,000 candidates: PATCH /api/v1/jobs/{id} with `stages` that drop the
 *   stage holding all 5,000 candidates of a job and add a new one, with `stage_moves` sending them there
 *   (one UPDATE, 5,000 timeline entries, outcomes, the audit entry, in one transaction). One after the
 *   other, PIPELINES.edits times after a warm-up edit; each edit drops the stage the previous one
 *   created (a removed key is never reused). Goal: ≤ 2 s each.
 *
 * The jobs are created through POST /api/v1/jobs with their stages; their candidates are inserted
 * with set-based SQL. It touches the measured company only (two new jobs), and runs after every other
 * phase that reads the company.
 */
export const PIPELINES = { candidates: 5_000, edits: 8, boardP95TargetMs: 300, editTargetMs: 2_000 } as const;

const BOARD_STAGES = [
  { key: "prospect", name: "Prospect", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: "recruiter_screen", name: "Recruiter screen", type: "phonescreen" },
  { key: "technical_interview", name: "Technical interview", type: "inprogress" },
  { key: "onsite", name: "Onsite", type: "inprogress" },
  { key: "offer", name: "Offer", type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
];

/** The edit job's pipeline with its crowded stage `screen_<n>` (type inprogress) before the outcomes. */
const editStages = (n: number) => [
  { key: "prospect", name: "Prospect", type: "prospect" },
  { key: "applied", name: "Applied", type: "applied" },
  { key: `screen_${n}`, name: `Screen (version ${n})`, type: "inprogress" },
  { key: "hired", name: "Hired", type: "hired" },
  { key: "rejected", name: "Rejected", type: "rejected" },
];

export interface PipelineEditResult {
  edits: number;
  candidates: number;
  p50: number;
  p95: number;
  max: number;
  /** Every edit's time in ms, in order. */
  times: number[];
  /** CPU ms per edit: the server's processes and the database backends. */
  cpu?: { server: number; db: number };
}

export type PipelinesBenchResult =
  | { available: false; reason: string }
  | { available: true; setupSeconds: number; boardJobId: number; editJobId: number; board: LoadResult[]; edit: PipelineEditResult };

async function createJob(app: AppServer, company: SeededCompany, title: string, stages: object[]): Promise<number> {
  const response = await fetch(`${app.url}/api/v1/jobs`, {
    method: "POST",
    headers: { authorization: `Bearer ${company.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ title, locations: ["Berlin"], stages }),
  });
  const body = (await response.json()) as { data?: { id: number } };
  if (response.status !== 201 || !body.data) throw new Error(`POST /api/v1/jobs (${title}) answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.id;
}

/** `count` candidates of the company in a job, the i-th in stages[i % stages.length], applied over the last weeks. */
async function insertCandidates(client: pg.Client, companyId: number, jobId: number, stages: string[], count: number, tag: string): Promise<void> {
  await client.query(
    `INSERT INTO candidates (company_id, job_id, name, email, location, stage, application_source, lead_type, created_at, updated_at)
     SELECT $1::int, $2::int, 'Pipeline ' || $5::text || ' ' || n, 'pipeline-' || $5::text || '-' || n || '.c' || $1::int || '@example.com', 'Berlin',
            ($3::text[])[1 + n % cardinality($3::text[])], 'public_api', 'applied',
            now() - make_interval(mins => ($4 - n) * 5), now() - make_interval(mins => ($4 - n) * 5)
       FROM generate_series(1, $4::int) n`,
    [companyId, jobId, stages, count, tag],
  );
}

/** A user of the company with a session: the Cookie header value. */
async function sessionCookie(client: pg.Client, companyId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const user = await client.query<{ id: string }>(
    "INSERT INTO users (company_id, email, password_hash, name) VALUES ($1, $2, 'bench: no password', 'Bench pipelines') RETURNING id",
    [companyId, `bench-pipelines-${randomBytes(6).toString("hex")}@example.com`],
  );
  await client.query("INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')", [
    createHash("sha256").update(token).digest("hex"),
    user.rows[0]!.id,
    randomBytes(32).toString("base64url"),
  ]);
  return `hf_session=${token}`;
}

const boardPath = (jobId: number) => `/api/trpc/pipeline.board?input=${encodeURIComponent(JSON.stringify({ job_id: jobId }))}`;

export function boardScenarios(cookie: string, boardJobId: number, company: SeededCompany): Scenario[] {
  const headers = { cookie };
  return [
    { key: "pipeline_board_custom", label: "GET /api/trpc/pipeline.board (a job with its own 8 stages, 5,000 candidates)", headers, next: () => ({ path: boardPath(boardJobId) }) },
    { key: "pipeline_board_default", label: "GET /api/trpc/pipeline.board (the seed's big job: default pipeline, 5,000 candidates)", headers, next: () => ({ path: boardPath(company.jobIds[0]!) }) },
  ];
}

export async function runPipelinesBench(
  app: AppServer,
  company: SeededCompany,
  databaseUrl: string,
  options: { probe?: CpuProbe; log?: (line: string) => void; only?: string[] } = {},
): Promise<PipelinesBenchResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let cookie: string;
  let boardJobId: number;
  let editJobId: number;
  try {
    boardJobId = await createJob(app, company, "Pipeline bench: board", BOARD_STAGES);
    editJobId = await createJob(app, company, "Pipeline bench: edit", editStages(0));
    await insertCandidates(client, company.id, boardJobId, BOARD_STAGES.map((s) => s.key), PIPELINES.candidates, "board");
    await insertCandidates(client, company.id, editJobId, ["screen_0"], PIPELINES.candidates, "edit");
    await client.query("VACUUM ANALYZE candidates");
    cookie = await sessionCookie(client, company.id);
  } finally {
    await client.end();
  }
  const setupSeconds = (performance.now() - started) / 1000;
  log(`  pipelines: jobs ${boardJobId} (board) and ${editJobId} (edit) with ${PIPELINES.candidates} candidates each (${setupSeconds.toFixed(1)} s)`);

  const wanted = (key: string) => !options.only || options.only.includes(key);
  const board: LoadResult[] = [];
  for (const scenario of boardScenarios(cookie, boardJobId, company).filter((s) => wanted(s.key))) {
    const response = await fetch(`${app.url}${scenario.next().path}`, { headers: scenario.headers });
    if (response.status !== 200) return { available: false, reason: `${scenario.label} answered ${response.status}: ${(await response.text()).slice(0, 300)}` };
    const result = await runLoad(app.url, scenario, { ...REPORTS_BENCH }, options.probe);
    log(`  ${scenario.label}: ${result.rps.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, non-2xx ${result.non2xx}`);
    board.push(result);
  }

  const edit = async (n: number): Promise<number> => {
    const t = performance.now();
    const response = await fetch(`${app.url}/api/v1/jobs/${editJobId}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${company.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ stages: editStages(n + 1), stage_moves: { [`screen_${n}`]: `screen_${n + 1}` } }),
    });
    const text = await response.text();
    const ms = performance.now() - t;
    if (response.status !== 200) throw new Error(`PATCH /api/v1/jobs/${editJobId} (screen_${n} → screen_${n + 1}) answered ${response.status}: ${text.slice(0, 300)}`);
    return ms;
  };
  // A warm-up edit (JIT, the plans), then the measured ones, one after the other.
  const warm = await edit(0);
  log(`  pipeline edit: warm-up ${warm.toFixed(0)} ms`);
  const before = await options.probe?.sample();
  const times: number[] = [];
  for (let i = 1; i <= PIPELINES.edits; i++) times.push(await edit(i));
  const after = await options.probe?.sample();
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  try {
    const last = `screen_${PIPELINES.edits + 1}`;
    const { rows } = await check.query<{ stage: string; n: number }>("SELECT stage, count(*)::int AS n FROM candidates WHERE job_id = $1 GROUP BY stage", [editJobId]);
    if (rows.length !== 1 || rows[0]!.stage !== last || rows[0]!.n !== PIPELINES.candidates) {
      return { available: false, reason: `after the edits the job's candidates are in ${JSON.stringify(rows)}, not all ${PIPELINES.candidates} in ${last}` };
    }
  } finally {
    await check.end();
  }
  const [p50, p95, max] = percentiles(times, [50, 95, 100]);
  const cpu = before && after ? { server: (after.server - before.server) / times.length, db: (after.db - before.db) / times.length } : undefined;
  log(`  pipeline edit re-mapping ${PIPELINES.candidates}: p50 ${p50!.toFixed(0)} ms, p95 ${p95!.toFixed(0)} ms, max ${max!.toFixed(0)} ms (${times.length} edits)`);
  return {
    available: true,
    setupSeconds,
    boardJobId,
    editJobId,
    board,
    edit: { edits: times.length, candidates: PIPELINES.candidates, p50: p50!, p95: p95!, max: max!, times, cpu },
  };
}
