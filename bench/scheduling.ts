import { randomBytes } from "node:crypto";
import pg from "pg";
import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { REPORTS_BENCH } from "./reports.ts";
import { type SeededCompany } from "./seed.ts";

/**
 * Self-scheduling's slots (issue 42): a link whose pool is SCHEDULING_BENCH.pool members, each working
 * Mon–Fri 09:00–17:00 in Europe/Berlin with a 10-minute buffer and a cap of 4 a day, each with
 * SCHEDULING_BENCH.feedEvents busy events of their calendar feed in the 14-day window (cached, as a
 * feed is between its reads every few minutes) and SCHEDULING_BENCH.interviews Hireflow interviews.
 * Measured: GET /api/public/scheduling/{token}/slots, the candidate's page's request, with
 * REPORTS_BENCH's light load. Goal (issue 42): p95 ≤ 100 ms.
 */
export const SCHEDULING_BENCH = { pool: 5, feedEvents: 40, interviews: 10, windowDays: 14 } as const;
export const SCHEDULING_P95_TARGET_MS = 100;

export type SchedulingBenchResult = { available: false; reason: string } | { available: true; slots: number; result: LoadResult };

async function prepare(databaseUrl: string, company: SeededCompany): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tag = `bench-scheduling-${randomBytes(3).toString("hex")}`;
    const members = (
      await client.query<{ id: string }>(
        `INSERT INTO users (company_id, email, password_hash, name, role)
         SELECT $1, $2 || '-' || g || '@example.com', 'bench: no password', 'Scheduler ' || g, 'recruiter' FROM generate_series(1, ${SCHEDULING_BENCH.pool}) g
         RETURNING id`,
        [company.id, tag],
      )
    ).rows.map((r) => r.id);
    // The feed's busy time as the cache keeps it: [[start_ms, end_ms], …], an hour each, spread over the window's working days.
    await client.query(
      `INSERT INTO member_availability (user_id, company_id, time_zone, working_hours, buffer_minutes, max_interviews_per_day, busy_calendar_url, feed_busy, feed_fetched_at, feed_checked_at)
       SELECT m.id, $1, 'Europe/Berlin',
              '[{"day":"mon","start":"09:00","end":"17:00"},{"day":"tue","start":"09:00","end":"17:00"},{"day":"wed","start":"09:00","end":"17:00"},{"day":"thu","start":"09:00","end":"17:00"},{"day":"fri","start":"09:00","end":"17:00"}]',
              10, 4, 'https://calendar.example/' || m.id || '.ics',
              (SELECT jsonb_agg(jsonb_build_array(s, s + 3600000) ORDER BY s)
                 FROM (SELECT (extract(epoch FROM date_trunc('hour', now()) + make_interval(hours => (24 + (e * 8 + m.n * 3) % (${SCHEDULING_BENCH.windowDays} * 24))::int)) * 1000)::bigint AS s
                         FROM generate_series(0, ${SCHEDULING_BENCH.feedEvents - 1}) e) ev),
              now(), now()
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM unnest($2::uuid[]) id) m`,
      [company.id, members],
    );
    for (const member of members) {
      await client.query(
        `WITH made AS (
           INSERT INTO interviews (company_id, candidate_id, title, start_at, end_at, time_zone, ical_uid)
           SELECT $1, $2, 'Bench interview', date_trunc('hour', now()) + make_interval(hours => 30 + g * 29), date_trunc('hour', now()) + make_interval(hours => 31 + g * 29),
                  'Europe/Berlin', $3 || '-' || g || '@hireflow.test'
             FROM generate_series(0, ${SCHEDULING_BENCH.interviews - 1}) g
           RETURNING id
         )
         INSERT INTO interview_interviewers (interview_id, user_id, company_id) SELECT id, $4, $1 FROM made`,
        [company.id, company.candidateIds[0]!, `${tag}-${member}`, member],
      );
    }
    const token = randomBytes(32).toString("base64url");
    const link = await client.query<{ id: number }>(
      `INSERT INTO scheduling_links (company_id, candidate_id, title, duration_minutes, window_start, window_end, min_notice_hours, token)
       VALUES ($1, $2, 'Bench interview', 60, now(), now() + interval '${SCHEDULING_BENCH.windowDays} days', 24, $3) RETURNING id`,
      [company.id, company.candidateIds[0]!, token],
    );
    await client.query(`INSERT INTO scheduling_link_interviewers (link_id, user_id, company_id) SELECT $1, id, $2 FROM unnest($3::uuid[]) id`, [link.rows[0]!.id, company.id, members]);
    return token;
  } finally {
    await client.end();
  }
}

export async function runSchedulingBench(app: AppServer, company: SeededCompany, databaseUrl: string, options: { probe?: CpuProbe; log?: (line: string) => void } = {}): Promise<SchedulingBenchResult> {
  const log = options.log ?? (() => {});
  const token = await prepare(databaseUrl, company);
  const path = `/api/public/scheduling/${token}/slots?time_zone=America/New_York`;
  const first = await fetch(`${app.url}${path}`);
  if (first.status !== 200) return { available: false, reason: `the slots answered ${first.status}: ${(await first.text()).slice(0, 300)}` };
  const slots = ((await first.json()) as { data: { slots: unknown[] } }).data.slots.length;
  const result = await runLoad(app.url, { key: "scheduling_slots", label: `GET /api/public/scheduling/{token}/slots (a pool of ${SCHEDULING_BENCH.pool}, ${SCHEDULING_BENCH.windowDays} days, ${SCHEDULING_BENCH.feedEvents} feed events each)`, next: () => ({ path }) }, { ...REPORTS_BENCH }, options.probe);
  log(`  ${result.label}: ${slots} slots, ${result.rps.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, non-2xx ${result.non2xx}`);
  return { available: true, slots, result };
}
