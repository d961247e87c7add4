import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { runLoad, type LoadResult, type Scenario } from "./load.ts";
import { type SeededCompany } from "./seed.ts";

/**
 * Reports (/reports) at the bench's scale: the seeded company's 10,000 candidates (of 200,000) and
 * their activities, company-wide, over the default range (the 90 days up to today, which holds
 * every seeded candidate). Measured the way the web app asks for them, over HTTP with a session
 * cookie: each report's tRPC query (what the page runs, one per chart), the funnel of one job, the
 * page itself (server-rendered: the jobs list and all six reports), and a CSV download.
 *
 * The bench's seed writes no stage changes, which would leave the funnel's and the time-in-stage
 * report's history empty; prepareReportsBench() first gives the company's candidates a history
 * that ends in their current stage (about two stage changes per candidate, ~21,000 rows), fit
 * scores for two thirds, a mix of sources and reject reasons. It touches that company only.
 *
 * Latency is what a person opening the page waits for, so the load is light: REPORTS_BENCH
 * connections (two people at once on the bench's two cores), not the API rows' 50.
 */
export const REPORTS_BENCH = { connections: 2, durationS: 10, warmupS: 3 } as const;

const PROCEDURES = [
  ["funnel", "report_funnel"],
  ["timeInStage", "report_time_in_stage"],
  ["applications", "report_applications"],
  ["sources", "report_sources"],
  ["fitScores", "report_fit_scores"],
  ["rejectReasons", "report_reject_reasons"],
] as const;

const input = (value: Record<string, unknown>) => `input=${encodeURIComponent(JSON.stringify(value))}`;

export interface ReportsBenchSetup {
  /** A signed-in session of a user of the company (Cookie header value). */
  cookie: string;
  stageChanges: number;
  seconds: number;
}

/**
 * Writes the company's stage-change history (once), fit scores and sources, and a user with a
 * session; returns the cookie. Every candidate's history starts in "prospect" and walks the path
 * to its current stage ("rejected" ones leave the path at a stage chosen by id).
 */
export async function prepareReportsBench(databaseUrl: string, company: SeededCompany): Promise<ReportsBenchSetup> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM candidate_activities WHERE company_id = $1 AND type = 'stage_changed'", [company.id]);
    let stageChanges = existing.rows[0]!.n;
    if (stageChanges === 0) {
      const inserted = await client.query(
        `INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, data, created_at)
         SELECT c.company_id, c.id, 'stage_changed', 'user',
                jsonb_build_object('previous_stage', p.path[i], 'new_stage', p.path[i + 1]),
                least(now(), c.created_at + make_interval(mins => i * (30 + c.id % 600)))
           FROM candidates c
          CROSS JOIN LATERAL (SELECT CASE c.stage
              WHEN 'applied' THEN ARRAY['prospect', 'applied']
              WHEN 'phonescreen' THEN ARRAY['prospect', 'applied', 'phonescreen']
              WHEN 'inprogress' THEN ARRAY['prospect', 'applied', 'phonescreen', 'inprogress']
              WHEN 'hired' THEN ARRAY['prospect', 'applied', 'phonescreen', 'inprogress', 'hired']
              WHEN 'rejected' THEN (ARRAY['prospect', 'applied', 'phonescreen', 'inprogress'])[1:1 + (c.id / 7) % 4] || ARRAY['rejected']
              ELSE ARRAY['prospect'] END AS path) p
          CROSS JOIN LATERAL generate_series(1, array_length(p.path, 1) - 1) i
          WHERE c.company_id = $1
          ORDER BY c.id, i`,
        [company.id],
      );
      stageChanges = inserted.rowCount ?? 0;
      await client.query(
        `UPDATE candidates SET fit_score = CASE WHEN id % 3 = 0 THEN NULL ELSE (id * 37) % 101 END,
                application_source = (ARRAY['public_api', 'self_apply', 'manual', 'import'])[1 + (id / 3) % 4]::application_source
          WHERE company_id = $1`,
        [company.id],
      );
      // Reject reasons (the company's defaults) for the rejected ones, one in eight without a reason.
      await client.query(
        `UPDATE candidates c SET reject_reason_id = r.ids[1 + c.id % (cardinality(r.ids) + 1)]
           FROM (SELECT array_agg(id ORDER BY position) AS ids FROM reject_reasons WHERE company_id = $1) r
          WHERE c.company_id = $1 AND c.stage = 'rejected'`,
        [company.id],
      );
      await client.query("VACUUM ANALYZE candidates");
      await client.query("VACUUM ANALYZE candidate_activities");
    }
    // The impact-ratio report's inputs (issue 25): self-identification answers for nine in ten (one in
    // twelve of those declining), and a completed scoring for each scored candidate, one in four of them
    // advanced by the agent. Once per database, like the history above.
    const selfIds = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM candidate_self_identifications WHERE company_id = $1", [company.id]);
    if (selfIds.rows[0]!.n === 0) {
      await client.query(
        `INSERT INTO candidate_self_identifications (company_id, candidate_id, sex, race_ethnicity)
         SELECT c.company_id, c.id,
                (ARRAY['female', 'male', 'female', 'male', 'decline'])[1 + (c.id * 7) % 5],
                (ARRAY['hispanic_latino', 'white', 'black', 'native_hawaiian_pacific_islander', 'asian', 'american_indian_alaska_native', 'two_or_more', 'white', 'decline', 'asian', 'white', 'black'])[1 + (c.id * 13) % 12]
           FROM candidates c WHERE c.company_id = $1 AND c.id % 10 <> 0`,
        [company.id],
      );
      await client.query(
        `INSERT INTO screening_runs (company_id, job_id, candidate_id, trigger, status, engine, criteria_hash, input_hash, fit_score, criteria, action, created_at)
         SELECT c.company_id, c.job_id, c.id, 'initial', 'completed', 'local', 'bench', 'bench', c.fit_score, '[]'::jsonb,
                CASE WHEN c.id % 4 = 0 THEN '{"action": "advance"}'::jsonb END, c.created_at
           FROM candidates c WHERE c.company_id = $1 AND c.job_id IS NOT NULL AND c.fit_score IS NOT NULL`,
        [company.id],
      );
      await client.query("VACUUM ANALYZE candidate_self_identifications");
      await client.query("VACUUM ANALYZE screening_runs");
    }
    const token = randomBytes(32).toString("base64url");
    const user = await client.query<{ id: string }>(
      "INSERT INTO users (company_id, email, password_hash, name) VALUES ($1, $2, 'bench: no password', 'Bench reports') RETURNING id",
      [company.id, `bench-reports-${randomBytes(6).toString("hex")}@example.com`],
    );
    await client.query("INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')", [
      createHash("sha256").update(token).digest("hex"),
      user.rows[0]!.id,
      randomBytes(32).toString("base64url"),
    ]);
    return { cookie: `hf_session=${token}`, stageChanges, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

/** The reports' requests, as the signed-in user of `cookie`. */
export function reportScenarios(company: SeededCompany, cookie: string): Scenario[] {
  const headers = { cookie };
  const bigJob = company.jobIds[0]!;
  return [
    ...PROCEDURES.map(([procedure, key]) => ({
      key,
      label: `GET /api/trpc/reports.${procedure} (company-wide, 90 days)`,
      headers,
      next: () => ({ path: `/api/trpc/reports.${procedure}?${input({})}` }),
    })),
    {
      key: "report_funnel_job",
      label: "GET /api/trpc/reports.funnel (one job: 5,000 candidates)",
      headers,
      next: () => ({ path: `/api/trpc/reports.funnel?${input({ job_id: bigJob })}` }),
    },
    {
      key: "report_impact_ratios",
      label: "GET /api/trpc/reports.impactRatios (company-wide, 365 days, selection)",
      headers,
      next: () => ({ path: `/api/trpc/reports.impactRatios?${input({ mode: "selection" })}` }),
    },
    {
      key: "report_impact_ratios_scoring",
      label: "GET /api/trpc/reports.impactRatios (company-wide, 365 days, scoring)",
      headers,
      next: () => ({ path: `/api/trpc/reports.impactRatios?${input({ mode: "scoring" })}` }),
    },
    { key: "reports_page", label: "GET /reports (the page: jobs list + six reports, server-rendered)", headers, next: () => ({ path: "/reports" }) },
    { key: "report_csv", label: "GET /api/reports.csv?report=funnel (company-wide)", headers, next: () => ({ path: "/api/reports.csv?report=funnel" }) },
  ];
}

export type ReportsBenchResult = { available: false; reason: string } | { available: true; setup: ReportsBenchSetup; results: LoadResult[] };

/** Prepares the company, checks every request answers 200, then measures each one. */
export async function runReportsBench(
  app: AppServer,
  company: SeededCompany,
  databaseUrl: string,
  options: { probe?: CpuProbe; log?: (line: string) => void; only?: string[] } = {},
): Promise<ReportsBenchResult> {
  const log = options.log ?? (() => {});
  const setup = await prepareReportsBench(databaseUrl, company);
  log(`  reports: ${setup.stageChanges} stage changes for company ${company.id} (${setup.seconds.toFixed(1)} s)`);
  const scenarios = reportScenarios(company, setup.cookie).filter((s) => !options.only || options.only.includes(s.key));
  for (const scenario of scenarios) {
    const response = await fetch(`${app.url}${scenario.next().path}`, { headers: scenario.headers });
    if (response.status !== 200) return { available: false, reason: `${scenario.label} answered ${response.status}: ${(await response.text()).slice(0, 300)}` };
  }
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    const result = await runLoad(app.url, scenario, { connections: REPORTS_BENCH.connections, durationS: REPORTS_BENCH.durationS, warmupS: REPORTS_BENCH.warmupS }, options.probe);
    log(`  ${scenario.label}: ${result.rps.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, non-2xx ${result.non2xx}`);
    results.push(result);
  }
  return { available: true, setup, results };
}
