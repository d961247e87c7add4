import { z } from "zod";
import { APPLICATION_SOURCES, RESUME_STATUSES } from "./candidate.ts";
import { INT32_MAX, paginationSchema, timestamp } from "../../../kernel/contract/common.ts";
import { searchQuery } from "./search-query.ts";
import { FIT_STATUSES } from "../../screening/contract/screening.ts";
import { PUBLIC_API_STAGES } from "../../pipeline/contract/stages.ts";
import { stageKey } from "../../pipeline/contract/job-stages.ts";

export { SEARCH_QUERY_MAX, searchQuery } from "./search-query.ts";

// Ids are int4 columns: a larger number is a validation error, not a database error.
const id = z.number().int().positive().max(INT32_MAX);

/** Why a candidate matched a search (the list's relevance cue); null without a relevance-sorted search. */
export const SEARCH_MATCHES = ["name", "email", "phone", "resume", "similar_name"] as const;

export const CANDIDATE_LIST_SORTS = ["relevance", "newest", "fit", "name"] as const;
export type CandidateListSort = (typeof CANDIDATE_LIST_SORTS)[number];

/**
 * The web app's company-wide candidate list (UI only: no REST). Every filter is optional; `q`
 * searches. Sorted by relevance when searching, else newest first, unless `sort` says otherwise.
 */
export const listCompanyCandidatesInput = z.strictObject({
  q: searchQuery.optional(),
  job_id: id.optional(),
  /** A stage key (of the chosen job's pipeline; company-wide, the six default keys). */
  stage: stageKey.optional(),
  /** The type of the candidates' stages: company-wide across pipelines. */
  stage_type: z.enum(PUBLIC_API_STAGES).optional(),
  source: z.enum(APPLICATION_SOURCES).optional(),
  min_fit_score: z.number().int().min(0).max(100).optional(),
  /** Applied at or after (inclusive). */
  applied_after: timestamp.optional(),
  /** Applied before (exclusive). */
  applied_before: timestamp.optional(),
  has_resume: z.boolean().optional(),
  sort: z.enum(CANDIDATE_LIST_SORTS).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  cursor: z.string().max(2000).optional(),
});
export type ListCompanyCandidatesInput = z.infer<typeof listCompanyCandidatesInput>;

/** A row of the company-wide list. */
export const candidateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  stage: z.string(),
  stage_name: z.string(),
  stage_type: z.enum(PUBLIC_API_STAGES),
  application_source: z.enum(APPLICATION_SOURCES),
  fit_score: z.number().nullable(),
  fit_status: z.enum(FIT_STATUSES).nullable(),
  /** Of the `fit_total` criteria scored, how many could be judged (fit_score rests on these); 0 of 0 when unscored. */
  fit_judged: z.number().int(),
  fit_total: z.number().int(),
  resume_status: z.enum(RESUME_STATUSES).nullable(),
  job: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  match: z.enum(SEARCH_MATCHES).nullable(),
  created_at: timestamp,
});
export type CandidateListItemDto = z.infer<typeof candidateListItemSchema>;

export const candidateListPageSchema = z.object({ data: z.array(candidateListItemSchema), pagination: paginationSchema });

/** The header's quick switcher (Ctrl+K): a few candidates and jobs for what was typed. */
export const quickSearchInput = z.strictObject({ q: searchQuery });

export const quickSearchResultSchema = z.object({
  candidates: z.array(
    z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable(), stage: z.string(), stage_name: z.string(), job_title: z.string().nullable(), match: z.enum(SEARCH_MATCHES).nullable() }),
  ),
  jobs: z.array(z.object({ id: z.number().int(), title: z.string(), is_active: z.boolean() })),
});
export type QuickSearchResultDto = z.infer<typeof quickSearchResultSchema>;
