import { type ServiceContext } from "../../kernel/context.ts";
import { type CandidateListItemDto, type ListCompanyCandidatesInput, type QuickSearchResultDto } from "./contract/candidate-search.ts";
import { fitCoverageOf, NO_COVERAGE } from "./fit-coverage.ts";
import { fallbackStage } from "../pipeline/stages.ts";
import { DEFAULT_PAGE_SIZE } from "../../kernel/pagination.ts";
import { normalizeSearchText } from "./search-query-parse.ts";
import { type CandidateIdPage, inOrder, matchOf, searchCandidateIds } from "./search.ts";

/** The web app's company-wide candidate list and the header's quick switcher, on top of search.ts. */
/**
 * The header's quick switcher: the best candidate matches and the jobs whose title holds every
 * word of the text (accents and case ignored), active jobs first.
 */
export async function quickSearchIds(svc: ServiceContext, text: string, limits: { candidates: number; jobs: number }) {
  const trimmed = text.trim();
  if (!trimmed) return { candidateIds: [] as number[], ranks: new Map<number, number>(), jobs: [] as { id: number; title: string; is_active: boolean }[] };
  const [page, normalized] = await Promise.all([searchCandidateIds(svc, { q: trimmed, filters: {}, limit: limits.candidates }), normalizeSearchText(svc, trimmed)]);
  const words = normalized.split(" ").filter(Boolean);
  const jobs = words.length
    ? await svc.db.$queryRaw<{ id: number; title: string; is_active: boolean }[]>`
        SELECT j.id, j.title, j.is_active FROM jobs j
         WHERE j.company_id = ${svc.companyId}
           AND public.search_normalize(j.title) LIKE ALL (${words.map((w) => `%${w}%`)}::text[])
         ORDER BY j.is_active DESC, j.id DESC LIMIT ${limits.jobs}`
    : [];
  return { candidateIds: page.ids, ranks: page.ranks, jobs };
}

export const listItemSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  stage: true,
  applicationSource: true,
  fitScore: true,
  fitStatus: true,
  resumeStatus: true,
  createdAt: true,
  job: { select: { id: true, title: true } },
  jobStage: { select: { name: true, type: true } },
} as const;

/** The web app's company-wide candidate list (/candidates): filters, search, sort, keyset pages. */
export async function listCompanyCandidates(svc: ServiceContext, input: ListCompanyCandidatesInput): Promise<{ data: CandidateListItemDto[]; pagination: CandidateIdPage["pagination"] }> {
  const { ids, ranks, pagination } = await searchCandidateIds(svc, {
    q: input.q,
    filters: {
      jobId: input.job_id,
      ...(input.stage !== undefined && { stages: [input.stage] }),
      ...(input.stage_type !== undefined && { stageTypes: [input.stage_type] }),
      source: input.source,
      minFitScore: input.min_fit_score,
      appliedFrom: input.applied_after,
      appliedBefore: input.applied_before,
      hasResume: input.has_resume,
    },
    sort: input.sort,
    limit: input.limit ?? DEFAULT_PAGE_SIZE,
    cursor: input.cursor,
  });
  const [rows, coverage] = await Promise.all([ids.length ? svc.db.candidate.findMany({ where: { id: { in: ids } }, select: listItemSelect }) : [], fitCoverageOf(svc, ids)]);
  return {
    data: inOrder(ids, rows).map((c) => ({
      match: matchOf(ranks.get(c.id)),
      id: c.id,
      name: c.name,
      email: c.email,
      phone: c.phone,
      stage: c.stage,
      stage_name: (c.jobStage ?? fallbackStage(c.stage)).name,
      stage_type: (c.jobStage ?? fallbackStage(c.stage)).type,
      application_source: c.applicationSource,
      fit_score: c.fitScore,
      fit_status: c.fitStatus,
      fit_judged: (coverage.get(c.id) ?? NO_COVERAGE).judged,
      fit_total: (coverage.get(c.id) ?? NO_COVERAGE).total,
      resume_status: c.resumeStatus,
      job: c.job,
      created_at: c.createdAt.toISOString(),
    })),
    pagination,
  };
}

/** The quick switcher (Ctrl+K): up to 6 candidates, best match first, and up to 5 jobs. */
export async function quickSearch(svc: ServiceContext, text: string): Promise<QuickSearchResultDto> {
  const { candidateIds, ranks, jobs } = await quickSearchIds(svc, text, { candidates: 6, jobs: 5 });
  const rows = candidateIds.length
    ? await svc.db.candidate.findMany({
        where: { id: { in: candidateIds } },
        select: { id: true, name: true, email: true, stage: true, job: { select: { title: true } }, jobStage: { select: { name: true } } },
      })
    : [];
  return {
    candidates: inOrder(candidateIds, rows).map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      stage: c.stage,
      stage_name: c.jobStage?.name ?? fallbackStage(c.stage).name,
      job_title: c.job?.title ?? null,
      match: matchOf(ranks.get(c.id)),
    })),
    jobs,
  };
}
