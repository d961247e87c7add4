import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { runLoad, type LoadResult, type Scenario } from "./load.ts";
import { REPORTS_BENCH } from "./reports.ts";
import { type SeededCompany } from "./seed.ts";

/**
 * Interviews and scorecards (issue 26) at the bench's scale: INTERVIEWS_BENCH.interviews interviews in
 * the measured company, written set-based (INSERT … SELECT generate_series, like seed.ts): five per
 * candidate of its 10,000, spread from 180 days ago to 30 days ahead, one in ten canceled, each
 * with a panel of two of INTERVIEWS_BENCH.panelists members (so each member sits on ~5,000), and a
 * scorecard from each panelist for four in five of the interviews that are over (~58,000 rows, three
 * rated attributes each), picked by a hash of (member, interview) so that every member owes about one
 * in five (~860; a hash of the member alone plus the id made it all or none of a panel, per run). A kit per job carries the attributes.
 *
 * Measured as the web app asks, over HTTP with session cookies and REPORTS_BENCH's light load (people
 * waiting, not the API's 50 connections): "My interviews" (the tRPC query /my-interviews runs) as a
 * member with the `interviewer` role and as an admin who sits on panels too, the sidebar's due count,
 * and a candidate's scorecards with their summary (the query of the candidate page), rotating over
 * the company's candidates. Goal (issue 26): p95 ≤ 300 ms.
 */
export const INTERVIEWS_BENCH = { interviews: 50_000, panelists: 20 } as const;
export const INTERVIEWS_P95_TARGET_MS = 300;

const input = (value: Record<string, unknown>) => `input=${encodeURIComponent(JSON.stringify(value))}`;

export interface InterviewsBenchSetup {
  interviewerCookie: string;
  adminCookie: string;
  interviews: number;
  scorecards: number;
  /** Interviews on the measured interviewer's panel, and how many of their scorecards are due. */
  interviewerPanels: number;
  interviewerDue: number;
  seconds: number;
}

async function session(client: pg.Client, userId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await client.query("INSERT INTO sessions (token_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')", [
    createHash("sha256").update(token).digest("hex"),
    userId,
    randomBytes(32).toString("base64url"),
  ]);
  return `hf_session=${token}`;
}

/** Writes the company's interviews, panels and scorecards (once per database) and two signed-in members. */
export async function prepareInterviewsBench(databaseUrl: string, company: SeededCompany): Promise<InterviewsBenchSetup> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = `bench-interviews-${company.id}`;
    let members = (await client.query<{ id: string }>("SELECT id FROM users WHERE company_id = $1 AND email LIKE $2 ORDER BY email", [company.id, `${tag}-%`])).rows.map((r) => r.id);
    if (members.length === 0) {
      // Member 0 is an interviewer (the role My interviews is for), member 1 an admin; the rest recruiters.
      members = (
        await client.query<{ id: string }>(
          `INSERT INTO users (company_id, email, password_hash, name, role)
           SELECT $1, $2 || '-' || lpad(g::text, 2, '0') || '@example.com', 'bench: no password', 'Panelist ' || g,
                  (CASE g WHEN 0 THEN 'interviewer' WHEN 1 THEN 'admin' ELSE 'recruiter' END)::user_role
             FROM generate_series(0, ${INTERVIEWS_BENCH.panelists - 1}) g
            ORDER BY g
           RETURNING id`,
          [company.id, tag],
        )
      ).rows.map((r) => r.id);
      await client.query(
        `INSERT INTO job_interviews (company_id, job_id, stage_key, position, name, duration_minutes, attributes)
         SELECT j.company_id, j.id, 'inprogress', 0, 'Onsite', 60, ARRAY['System design', 'Communication', 'Ownership']
           FROM jobs j WHERE j.company_id = $1`,
        [company.id],
      );
      // Five interviews per candidate, round-robin, spread over 210 days (the last 30 ahead).
      await client.query(
        `WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM candidates WHERE company_id = $1),
              g AS (SELECT g, c.ids[1 + g % cardinality(c.ids)] AS candidate_id,
                           now() - interval '180 days' + make_interval(mins => (g * 7919) % 302400) AS start_at
                      FROM c, generate_series(0, ${INTERVIEWS_BENCH.interviews - 1}) g)
         INSERT INTO interviews (company_id, candidate_id, title, start_at, end_at, time_zone, status, canceled_at, ical_uid, job_interview_id)
         SELECT $1, g.candidate_id, 'Onsite', g.start_at, g.start_at + interval '1 hour', 'Europe/Berlin',
                (CASE WHEN g.g % 10 = 0 THEN 'canceled' ELSE 'scheduled' END)::interview_status,
                CASE WHEN g.g % 10 = 0 THEN g.start_at END,
                'bench-' || $1 || '-' || g.g || '@hireflow.test', k.id
           FROM g JOIN candidates cand ON cand.id = g.candidate_id
           LEFT JOIN LATERAL (SELECT id FROM job_interviews WHERE job_id = cand.job_id AND company_id = $1 LIMIT 1) k ON true
          ORDER BY g.g`,
        [company.id],
      );
      await client.query(
        `INSERT INTO interview_interviewers (interview_id, user_id, company_id)
         SELECT i.id, m.ids[1 + (i.id + p) % cardinality(m.ids)], $1
           FROM interviews i, (SELECT $2::uuid[] AS ids) m, generate_series(0, 7, 7) p
          WHERE i.company_id = $1`,
        [company.id, members],
      );
      await client.query(
        `INSERT INTO scorecards (company_id, interview_id, candidate_id, interviewer_id, ratings, recommendation, notes, submitted_at, updated_at)
         SELECT $1, i.id, i.candidate_id, ii.user_id,
                jsonb_build_array(
                  jsonb_build_object('attribute', 'System design', 'rating', (ARRAY['strong_no', 'no', 'yes', 'strong_yes', 'not_assessed'])[1 + (i.id * 3) % 5]),
                  jsonb_build_object('attribute', 'Communication', 'rating', (ARRAY['strong_no', 'no', 'yes', 'strong_yes'])[1 + (i.id * 5) % 4]),
                  jsonb_build_object('attribute', 'Ownership', 'rating', (ARRAY['strong_no', 'no', 'yes', 'strong_yes'])[1 + (i.id * 7) % 4])),
                (ARRAY['strong_no', 'no', 'yes', 'strong_yes'])[1 + i.id % 4]::scorecard_recommendation,
                'Bench notes for interview ' || i.id, i.end_at + interval '2 hours', i.end_at + interval '2 hours'
           FROM interviews i JOIN interview_interviewers ii ON ii.interview_id = i.id
          WHERE i.company_id = $1 AND i.status = 'scheduled' AND i.end_at < now() AND hashtext(ii.user_id::text || ':' || i.id) % 5 <> 0`,
        [company.id],
      );
      for (const table of ["interviews", "interview_interviewers", "scorecards", "job_interviews"]) await client.query(`VACUUM ANALYZE ${table}`);
    }
    const counts = await client.query<{ interviews: number; scorecards: number; panels: number; due: number }>(
      `SELECT (SELECT count(*) FROM interviews WHERE company_id = $1)::int AS interviews,
              (SELECT count(*) FROM scorecards WHERE company_id = $1)::int AS scorecards,
              (SELECT count(*) FROM interview_interviewers WHERE company_id = $1 AND user_id = $2)::int AS panels,
              (SELECT count(*) FROM interviews i JOIN interview_interviewers ii ON ii.interview_id = i.id AND ii.user_id = $2
                 JOIN candidates c ON c.id = i.candidate_id
                WHERE i.company_id = $1 AND i.status = 'scheduled' AND i.end_at <= now() AND c.hired_at IS NULL AND c.rejected_at IS NULL
                  AND NOT EXISTS (SELECT 1 FROM scorecards s WHERE s.interview_id = i.id AND s.interviewer_id = $2))::int AS due`,
      [company.id, members[0]],
    );
    const row = counts.rows[0]!;
    return {
      interviewerCookie: await session(client, members[0]!),
      adminCookie: await session(client, members[1]!),
      interviews: row.interviews,
      scorecards: row.scorecards,
      interviewerPanels: row.panels,
      interviewerDue: row.due,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

export function interviewScenarios(company: SeededCompany, setup: InterviewsBenchSetup): Scenario[] {
  let next = 0;
  const candidate = () => company.candidateIds[(next++ * 7919) % company.candidateIds.length]!;
  return [
    {
      key: "my_interviews_interviewer",
      label: `GET /api/trpc/scorecards.myInterviews (an interviewer on ${setup.interviewerPanels} panels, ${setup.interviewerDue} scorecards due)`,
      headers: { cookie: setup.interviewerCookie },
      next: () => ({ path: "/api/trpc/scorecards.myInterviews" }),
    },
    {
      key: "my_interviews_admin",
      label: "GET /api/trpc/scorecards.myInterviews (an admin who sits on panels too)",
      headers: { cookie: setup.adminCookie },
      next: () => ({ path: "/api/trpc/scorecards.myInterviews" }),
    },
    {
      key: "scorecards_due_count",
      label: "GET /api/trpc/scorecards.dueCount (the navigation's count, an interviewer)",
      headers: { cookie: setup.interviewerCookie },
      next: () => ({ path: "/api/trpc/scorecards.dueCount" }),
    },
    {
      key: "candidate_scorecards",
      label: "GET /api/trpc/scorecards.listForCandidate (a candidate's scorecards + summary, as an admin; rotating candidates)",
      headers: { cookie: setup.adminCookie },
      next: () => ({ path: `/api/trpc/scorecards.listForCandidate?${input({ id: String(candidate()) })}` }),
    },
  ];
}

export type InterviewsBenchResult = { available: false; reason: string } | { available: true; setup: InterviewsBenchSetup; results: LoadResult[] };

/** Seeds the interviews, checks every request answers 200, then measures each one. */
export async function runInterviewsBench(
  app: AppServer,
  company: SeededCompany,
  databaseUrl: string,
  options: { probe?: CpuProbe; log?: (line: string) => void } = {},
): Promise<InterviewsBenchResult> {
  const log = options.log ?? (() => {});
  const setup = await prepareInterviewsBench(databaseUrl, company);
  log(`  interviews: ${setup.interviews} interviews, ${setup.scorecards} scorecards for company ${company.id} (${setup.seconds.toFixed(1)} s)`);
  const scenarios = interviewScenarios(company, setup);
  for (const scenario of scenarios) {
    const response = await fetch(`${app.url}${scenario.next().path}`, { headers: scenario.headers });
    if (response.status !== 200) return { available: false, reason: `${scenario.label} answered ${response.status}: ${(await response.text()).slice(0, 300)}` };
  }
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    const result = await runLoad(app.url, scenario, { ...REPORTS_BENCH }, options.probe);
    log(`  ${scenario.label}: ${result.rps.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, non-2xx ${result.non2xx}`);
    results.push(result);
  }
  return { available: true, setup, results };
}
