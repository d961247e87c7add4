import pg from "pg";
import { rotation, type Scenario } from "./load.ts";

/**
 * Candidate search under load (issue 15 §1: p95 ≤ 300 ms with 200,000 candidates and 400,000
 * activities): `GET /api/v1/candidates?q=<name fragment>` and `?q=<skill>` as the seeded company.
 *
 * The bench seed (seed.ts) gives candidates names but no resumes, so `seedResumeText()` first gives
 * every candidate a resume text (set-based SQL, deterministic: the same data every run), about 300
 * words with about six skills out of SKILLS. It updates every candidate row, so PostgreSQL computes
 * the generated search columns and their GIN indexes: run it once after `seed()`, before the app
 * takes load (it ends with VACUUM ANALYZE).
 */
export const SKILLS = [
  "python", "typescript", "javascript", "react", "kubernetes", "docker", "terraform", "postgresql", "kafka", "golang",
  "rust", "java", "kotlin", "swift", "django", "graphql", "figma", "salesforce", "tableau", "excel",
  "pandas", "tensorflow", "linux", "ansible", "jenkins", "negotiation", "recruiting", "payroll", "accounting", "seo",
] as const;

const FILLER = [
  "experience", "team", "project", "worked", "developed", "managed", "responsible", "design", "customer", "support",
  "led", "built", "improved", "process", "systems", "data", "analysis", "reporting", "stakeholders", "delivery",
  "quality", "testing", "deployment", "production", "service", "platform", "migration", "performance", "security", "agile",
  "mentored", "engineers", "product", "roadmap", "strategy", "sales", "pipeline", "revenue", "growth", "marketing",
  "operations", "logistics", "university", "bachelor", "master", "degree", "science", "languages", "english", "german",
];

export async function seedResumeText(databaseUrl: string, log: (line: string) => void = () => {}): Promise<{ seconds: number; candidates: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SET synchronous_commit = off");
    // 1,000 distinct resumes (word k of resume t: a skill when hash(t, k) falls in the skill band,
    // about 2 %, else filler); candidate c gets resume c % 1000. Each skill is in about 18 % of them.
    const result = await client.query(
      `WITH texts AS (
         SELECT t, 'Curriculum vitae. ' || string_agg(
                  CASE WHEN abs(hashint4(t * 613 + k)::bigint) % 100 < 2
                       THEN ($1::text[])[1 + abs(hashint4(t * 31 + k)::bigint) % cardinality($1::text[])]
                       ELSE ($2::text[])[1 + abs(hashint4(t * 17 + k)::bigint) % cardinality($2::text[])] END,
                  ' ' ORDER BY k) AS text
           FROM generate_series(0, 999) AS t CROSS JOIN generate_series(1, 300) AS k
          GROUP BY t
       )
       UPDATE candidates c SET resume_text = texts.text, resume_status = 'completed'
         FROM texts WHERE texts.t = c.id % 1000`,
      [SKILLS, FILLER],
    );
    const t = performance.now();
    await client.query("VACUUM ANALYZE candidates");
    log(`  resume text for ${result.rowCount} candidates; VACUUM ANALYZE in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return { seconds: (performance.now() - started) / 1000, candidates: result.rowCount ?? 0 };
  } finally {
    await client.end();
  }
}

/**
 * What people type into the search box: the start of a first name, a first name with the start of
 * a surname, a whole name, a name with a typo; read from the company's own candidates so that
 * every query finds someone.
 */
function nameFragments(names: string[]): string[] {
  const fragments = new Set<string>();
  for (const name of names) {
    const [first = "", ...rest] = name.split(/\s+/);
    const last = rest.join(" ");
    if (first.length >= 3) fragments.add(first.slice(0, 3).toLowerCase());
    if (first.length >= 4) fragments.add(first.toLowerCase());
    if (last) fragments.add(`${first} ${last.slice(0, Math.max(3, Math.ceil(last.length / 2)))}`.toLowerCase());
    fragments.add(name);
    // A typo: two letters swapped inside the first name.
    if (first.length >= 5) fragments.add(`${first.slice(0, 2)}${first[3]}${first[2]}${first.slice(4)}`.toLowerCase());
  }
  return [...fragments];
}

/**
 * The search scenarios for runLoad() against `baseUrl`, acting with `apiKey` (the seeded company's
 * key). Reads up to 200 of the company's candidate names over the API for the name fragments, and
 * checks that a name and a skill query each find someone (a skill finds no one before
 * seedResumeText()).
 */
export async function searchScenarios(baseUrl: string, apiKey: string): Promise<Scenario[]> {
  const headers = { authorization: `Bearer ${apiKey}` };
  const names: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 2; page++) {
    const response = await fetch(`${baseUrl}/api/v1/candidates?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { headers });
    const body = (await response.json()) as { data: { name: string | null }[]; pagination: { next_cursor: string | null } };
    if (response.status !== 200) throw new Error(`GET /api/v1/candidates answered ${response.status}`);
    names.push(...body.data.map((c) => c.name).filter((n): n is string => !!n));
    cursor = body.pagination.next_cursor;
    if (!cursor) break;
  }
  if (!names.length) throw new Error("the seeded company has no named candidates to search for");

  for (const q of [names[0]!, SKILLS[0]]) {
    const response = await fetch(`${baseUrl}/api/v1/candidates?q=${encodeURIComponent(q)}`, { headers });
    const body = (await response.json()) as { data?: unknown[] };
    if (response.status !== 200) throw new Error(`GET /api/v1/candidates?q=${q} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
    if (!body.data?.length) throw new Error(`GET /api/v1/candidates?q=${q} found no one${q === SKILLS[0] ? " (run seedResumeText() after seed())" : ""}`);
  }

  const fragment = rotation(nameFragments(names));
  const skill = rotation([...SKILLS, ...SKILLS.slice(0, 10).map((s, i) => `${s} ${SKILLS[(i * 7 + 3) % SKILLS.length]}`)]);
  return [
    {
      key: "search_name",
      label: "GET /api/v1/candidates?q=<name fragment> (page 1)",
      headers,
      next: () => ({ path: `/api/v1/candidates?q=${encodeURIComponent(fragment())}` }),
    },
    {
      key: "search_skill",
      label: "GET /api/v1/candidates?q=<skill> (page 1)",
      headers,
      next: () => ({ path: `/api/v1/candidates?q=${encodeURIComponent(skill())}` }),
    },
  ];
}
