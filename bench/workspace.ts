import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { runLoad, type LoadResult } from "./load.ts";
import { runReportsBench, REPORTS_BENCH, type ReportsBenchResult } from "./reports.ts";
import { searchScenarios, seedResumeText } from "./search.ts";
import { type SeededCompany } from "./seed.ts";

/**
 * The recruiter workspace (issue 15) at the bench's scale: candidate search (`GET /api/v1/candidates?q=`)
 * and the reports, each with the light load of people waiting for an answer (REPORTS_BENCH: two
 * connections), not the API rows' 50. Target: p95 ≤ 300 ms for every row.
 */
export const WORKSPACE_P95_TARGET_MS = 300;

export type SearchBenchResult = { available: false; reason: string } | { available: true; seedSeconds: number; candidates: number; results: LoadResult[] };

export async function runSearchBench(
  app: AppServer,
  company: SeededCompany,
  databaseUrl: string,
  options: { probe?: CpuProbe; log?: (line: string) => void } = {},
): Promise<SearchBenchResult> {
  const log = options.log ?? (() => {});
  const seeded = await seedResumeText(databaseUrl, log);
  log(`  search: resume text for ${seeded.candidates} candidates in ${seeded.seconds.toFixed(1)} s`);
  const scenarios = await searchScenarios(app.url, company.apiKey);
  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    const result = await runLoad(app.url, scenario, { ...REPORTS_BENCH }, options.probe);
    log(`  ${scenario.label}: ${result.rps.toFixed(1)} req/s, p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, non-2xx ${result.non2xx}`);
    results.push(result);
  }
  return { available: true, seedSeconds: seeded.seconds, candidates: seeded.candidates, results };
}

export { runReportsBench, type ReportsBenchResult };
