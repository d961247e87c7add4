import { type ServiceContext } from "../../kernel/context.ts";

/** How much of a fit score was judged (issue 28 item 3): `judged` of the `total` criteria scored. */
export interface FitCoverage {
  judged: number;
  total: number;
}

export const NO_COVERAGE: FitCoverage = { judged: 0, total: 0 };

/**
 * The coverage of each candidate's stored fit, counted in SQL from fit_criteria: the board and the
 * candidate list show it on every card and row without loading the criteria and their evidence.
 * Judged as serializeCandidateDetail counts it: a criterion whose `met` is not null. A raw query
 * bypasses the company scoping, so it filters on the context's company itself.
 */
export async function fitCoverageOf(svc: ServiceContext, candidateIds: readonly number[]): Promise<Map<number, FitCoverage>> {
  if (candidateIds.length === 0) return new Map();
  const rows = await svc.db.$queryRaw<{ id: number; judged: number; total: number }[]>`
    SELECT c.id,
           count(*) FILTER (WHERE (e.value -> 'met') IS DISTINCT FROM 'null'::jsonb)::int AS judged,
           count(*)::int AS total
      FROM candidates c
     CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(c.fit_criteria) = 'array' THEN c.fit_criteria ELSE '[]'::jsonb END) e
     WHERE c.company_id = ${svc.companyId} AND c.id = ANY(${candidateIds}::int[])
     GROUP BY c.id`;
  return new Map(rows.map((row) => [row.id, { judged: row.judged, total: row.total }]));
}
