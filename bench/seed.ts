import { createHash, randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Seeds the benchmark database with set-based SQL (INSERT … SELECT generate_series): 20 companies,
 * 25 jobs each (500), 10,000 candidates each (200,000) with a `created` activity and a note each
 * (400,000 activity rows). Half of a company's candidates apply to its first job, so that job's
 * list is 200 pages of 25 deep; the rest spread over the other 24 jobs. Candidate ids interleave
 * across companies, as they do in a shared table.
 */
export const SEED = { companies: 20, jobsPerCompany: 25, candidatesPerCompany: 10_000, boardJobs: 1_000, offers: 2_000 } as const;

/** The company whose careers site publishes SEED.boardJobs open jobs (the feed and job board rows, issue 27). */
export const BOARD_SLUG = "bench-job-board";

export interface SeededCompany {
  id: number;
  /** Careers slug: its public job board (the seed's jobs are all open and public). */
  slug: string;
  apiKey: string;
  /**
   * Issue 24: a member (recruiter) who connected an app by OAuth: the grant (candidates:read, jobs:read)
   * and an access token of it, stored as the OAuth code stores them (packages/core/src/modules/identity/oauth/token-grants.ts:
   * SHA-256 of an hfo_at_ secret). The token is minted for a server's origin once that server runs
   * (mintOAuthAccessToken): a token is bound to the resource it was issued for (RFC 8707), and the
   * bench's servers listen on ports chosen at start.
   */
  oauth: { userId: string; grantId: number; accessToken?: string };
  /** Job ids, first = the big job (half of the candidates). */
  jobIds: number[];
  candidateIds: number[];
  /** Issue 41: the measured company's offers (sent, version 2, an approved one-step chain). */
  offerIds: number[];
}

export interface SeedResult {
  seconds: number;
  counts: Record<string, number>;
  /** The company the load tests act as. */
  company: SeededCompany;
}

const BENCH_OAUTH_CLIENT = "hfc_bench0000000000";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function apiKeySecret(): string {
  let body = "";
  for (const byte of randomBytes(80)) if (byte < 248 && body.length < 40) body += BASE62[byte % 62];
  return `hf_live_${body}`;
}

const STATEMENTS: Array<[label: string, sql: string]> = [
  [
    "companies",
    `INSERT INTO companies (name, slug)
     SELECT 'Bench Company ' || g, 'bench-company-' || g FROM generate_series(1, ${SEED.companies}) g`,
  ],
  [
    "departments",
    `INSERT INTO departments (company_id, name)
     SELECT c.id, d.name FROM companies c CROSS JOIN unnest(ARRAY['Engineering', 'Sales', 'Operations']) AS d(name)`,
  ],
  [
    "jobs",
    `INSERT INTO jobs (company_id, department_id, title, description, locations, location_type, salary_min, salary_max, salary_currency)
     SELECT c.id,
            (SELECT d.id FROM departments d WHERE d.company_id = c.id ORDER BY d.id OFFSET g % 3 LIMIT 1),
            (ARRAY['Software Engineer', 'Account Executive', 'Support Specialist', 'Data Analyst', 'Product Designer'])[1 + g % 5] || ' ' || g,
            'Join the team. We are hiring for role ' || g || '.',
            ARRAY['Berlin', 'Remote'], 'hybrid', 50000 + g * 1000, 90000 + g * 1000, 'EUR'
       FROM companies c CROSS JOIN generate_series(1, ${SEED.jobsPerCompany}) g
      ORDER BY c.id, g`,
  ],
  [
    "candidates",
    `WITH company_jobs AS (
       SELECT company_id, array_agg(id ORDER BY id) AS ids FROM jobs GROUP BY company_id
     )
     INSERT INTO candidates (company_id, job_id, name, email, phone, location, stage, application_source, lead_type, created_at, updated_at)
     SELECT cj.company_id,
            CASE WHEN n % 2 = 0 THEN cj.ids[1] ELSE cj.ids[2 + (n / 2) % (${SEED.jobsPerCompany} - 1)] END,
            (ARRAY['Priya', 'Marcus', 'Ana', 'Wei', 'Fatima', 'Lars', 'Chidi', 'Sofia'])[1 + n % 8] || ' Candidate ' || n,
            'candidate' || n || '.c' || cj.company_id || '@example.com',
            '+4930' || lpad((n * 7919 % 10000000)::text, 7, '0'),
            'Berlin',
            (ARRAY['prospect', 'applied', 'phonescreen', 'inprogress', 'hired', 'rejected'])[1 + n % 6],
            'public_api', 'sourced',
            now() - make_interval(mins => (${SEED.candidatesPerCompany} - n) * 3),
            now() - make_interval(mins => (${SEED.candidatesPerCompany} - n) * 3)
       FROM generate_series(1, ${SEED.candidatesPerCompany}) n CROSS JOIN company_jobs cj
      ORDER BY n, cj.company_id`,
  ],
  [
    "activities",
    `INSERT INTO candidate_activities (company_id, candidate_id, type, note, added_by, data, created_at)
     SELECT c.company_id, c.id, a.type::activity_type,
            CASE WHEN a.type = 'note_added' THEN 'Phone screen went well; strong on ' || c.stage || '. Follow up next week about availability and expectations.' END,
            'api',
            CASE WHEN a.type = 'created' THEN jsonb_build_object('source', 'public_api', 'stage', c.stage) END,
            c.created_at
       FROM candidates c CROSS JOIN (VALUES ('created'), ('note_added')) AS a(type)
      ORDER BY c.id, a.type`,
  ],
  [
    "board_jobs",
    `WITH board AS (INSERT INTO companies (name, slug) VALUES ('Bench Job Board', '${BOARD_SLUG}') RETURNING id),
     department AS (INSERT INTO departments (company_id, name) SELECT id, 'Engineering' FROM board RETURNING id, company_id)
     INSERT INTO jobs (company_id, department_id, title, description, locations, location_type, location_details, employment_type, salary_min, salary_max, salary_currency, screening_questions)
     SELECT d.company_id, d.id, 'Software Engineer ' || g,
            'Join the team & build the product. We are hiring for role ' || g || E'.\n\nYou will own services end to end.',
            ARRAY['Berlin'], 'onsite', '[{"city": "Berlin", "region": "Berlin", "country": "DE", "postal_code": "10115"}]', 'full_time',
            50000 + g * 10, 90000 + g * 10, 'EUR', '[{"id": "visa", "label": "Do you need a visa?", "type": "yes_no", "required": true}]'
       FROM department d CROSS JOIN generate_series(1, ${SEED.boardJobs}) g`,
  ],
];

export async function seed(databaseUrl: string, log: (line: string) => void): Promise<SeedResult> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off");
    const counts: Record<string, number> = {};
    for (const [label, sql] of STATEMENTS) {
      const t = performance.now();
      const result = await client.query(sql);
      counts[label] = result.rowCount ?? 0;
      log(`  ${label}: ${counts[label]} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }

    // One API key per company; only the hash is stored, as the app does.
    const companies = (await client.query<{ id: number }>("SELECT id FROM companies ORDER BY id")).rows;
    const secrets = companies.map(() => apiKeySecret());
    await client.query(
      `INSERT INTO api_keys (company_id, name, prefix, secret_hash)
       SELECT company_id, 'bench', left(secret, 12), hash FROM unnest($1::int[], $2::text[], $3::text[]) AS k(company_id, secret, hash)`,
      [companies.map((c) => c.id), secrets, secrets.map((s) => createHash("sha256").update(s).digest("hex"))],
    );
    counts.api_keys = companies.length;

    // Issue 24: a recruiter of the measured company, an app (a dynamically registered public client) and
    // the member's consent for it. Only the token itself waits for the server (mintOAuthAccessToken).
    const member = (
      await client.query<{ id: string }>(
        `INSERT INTO users (company_id, email, name, password_hash, role) VALUES ($1, 'bench-recruiter@example.com', 'Bench Recruiter', 'not-a-password-hash', 'recruiter') RETURNING id`,
        [companies[0]!.id],
      )
    ).rows[0]!;
    await client.query(
      `INSERT INTO oauth_clients (id, kind, name, client_uri, redirect_uris) VALUES ($1, 'dynamic', 'Bench MCP client', 'https://assistant.example', ARRAY['http://127.0.0.1:33418/callback'])`,
      [BENCH_OAUTH_CLIENT],
    );
    const grant = (
      await client.query<{ id: number }>(
        `INSERT INTO oauth_grants (company_id, user_id, client_id, scopes, resource) VALUES ($1, $2, $3, ARRAY['candidates:read', 'jobs:read'], 'http://bench.invalid/api/mcp') RETURNING id`,
        [companies[0]!.id, member.id, BENCH_OAUTH_CLIENT],
      )
    ).rows[0]!;
    counts.oauth_grants = 1;

    // Issue 41: 2,000 of the measured company's candidates hold a sent offer at version 2 (two versions kept)
    // whose one-step chain the recruiter approved, so GET /offers/{id} reads what a real offer carries.
    const offers = await client.query(
      `WITH picked AS (
         SELECT id, job_id FROM candidates WHERE company_id = $1 AND job_id IS NOT NULL ORDER BY id LIMIT ${SEED.offers}
       ), made AS (
         INSERT INTO offers (company_id, candidate_id, job_id, status, version, start_date, job_title, salary_amount, salary_currency,
                             salary_period, bonus_amount, bonus_currency, expires_at, notes, approval_steps, approver_ids,
                             approval_round, approval_step, sent_at, created_by_id)
         SELECT $1, p.id, p.job_id, 'sent', 2, DATE '2027-02-01', 'Senior Engineer', 90000 + p.id % 1000, 'EUR', 'year', 5000, 'EUR',
                now() + interval '30 days', 'Relocation discussed.', jsonb_build_array(jsonb_build_object('approver_ids', jsonb_build_array($2::text), 'required', 1)),
                ARRAY[$2::uuid], 1, 1, now(), $2::uuid
           FROM picked p
         RETURNING id, company_id
       ), versions AS (
         INSERT INTO offer_versions (company_id, offer_id, number, start_date, job_title, salary_amount, salary_currency, salary_period,
                                     bonus_amount, bonus_currency, expires_at, letter_key, letter_html, letter_sha256, token_hash)
         SELECT m.company_id, m.id, v, DATE '2027-02-01', 'Senior Engineer', 85000 + v * 5000, 'EUR', 'year', 5000, 'EUR', now() + interval '30 days',
                'offers/bench/' || m.id || '-' || v || '.pdf', '<p>Dear candidate, we are delighted to offer you the role.</p>',
                md5(m.id || '-' || v) || md5(v || '-' || m.id), md5(random()::text) || md5(random()::text)
           FROM made m CROSS JOIN generate_series(1, 2) v
         RETURNING offer_id
       )
       INSERT INTO offer_approvals (company_id, offer_id, version, round, step, approver_id, decision, comment)
       SELECT m.company_id, m.id, 2, 1, 0, $2::uuid, 'approve', 'Within band.' FROM made m`,
      [companies[0]!.id, member.id],
    );
    counts.offers = offers.rowCount ?? 0;

    const t = performance.now();
    await client.query("VACUUM ANALYZE");
    log(`  VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const companyId = companies[0]!.id;
    const jobIds = (await client.query<{ id: number }>("SELECT id FROM jobs WHERE company_id = $1 ORDER BY id", [companyId])).rows.map((r) => r.id);
    const candidateIds = (await client.query<{ id: number }>("SELECT id FROM candidates WHERE company_id = $1 ORDER BY id", [companyId])).rows.map((r) => r.id);
    const offerIds = (await client.query<{ id: number }>("SELECT id FROM offers WHERE company_id = $1 ORDER BY id", [companyId])).rows.map((r) => r.id);
    return {
      seconds: (performance.now() - started) / 1000,
      counts,
      company: {
        id: companyId,
        slug: (await client.query<{ slug: string }>("SELECT slug FROM companies WHERE id = $1", [companyId])).rows[0]!.slug,
        apiKey: secrets[0]!,
        oauth: { userId: member.id, grantId: grant.id },
        jobIds,
        candidateIds,
        offerIds,
      },
    };
  } finally {
    await client.end();
  }
}

/**
 * An access token of the seeded grant for the server at `origin`, as the token endpoint issues one
 * (issueTokens: an hfo_at_ secret, 256 random bits, stored as its SHA-256, valid 1 h): the grant is
 * bound to `origin`/api/mcp — the resource an MCP client asks for — and the token is kept in
 * `company.oauth.accessToken`. Binding the grant again NOTIFYs every server (its cached tokens go), so
 * call it before the load, not during it.
 */
export async function mintOAuthAccessToken(databaseUrl: string, company: SeededCompany, origin: string): Promise<string> {
  const token = `hfo_at_${randomBytes(32).toString("base64url")}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("UPDATE oauth_grants SET resource = $1 WHERE id = $2", [`${origin}/api/mcp`, company.oauth.grantId]);
    await client.query(`INSERT INTO oauth_tokens (grant_id, kind, token_hash, expires_at) VALUES ($1, 'access', $2, now() + interval '1 hour')`, [
      company.oauth.grantId,
      createHash("sha256").update(token).digest("hex"),
    ]);
  } finally {
    await client.end();
  }
  company.oauth.accessToken = token;
  return token;
}
