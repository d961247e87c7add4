import { APPLICATION_SOURCES } from "@hireflow/core/candidate/contract";
import { CANDIDATE_LIST_SORTS, type CandidateListSort, type ListCompanyCandidatesInput, SEARCH_QUERY_MAX } from "@hireflow/core/candidate/contract";
import { isStageType, type JobStage } from "@/lib/stages";

/**
 * The candidate list's view lives in the URL, so a link reproduces it: `q`, `job`, `stage` (with a
 * job, one of its stage keys; company-wide, a stage type — see stageFilter),
 * `source`, `fit` (score at least), `from`/`to` (applied between, dates in UTC, both inclusive),
 * `resume` (yes/no), `sort` and `cursor`. Values that do not parse are left out, never an error.
 */
export interface CandidateFilters {
  q: string;
  job: string;
  stage: string;
  source: string;
  fit: string;
  from: string;
  to: string;
  resume: string;
  sort: string;
}

export const FILTER_KEYS = ["q", "job", "stage", "source", "fit", "from", "to", "resume", "sort"] as const satisfies readonly (keyof CandidateFilters)[];

export const SORT_LABELS: Record<CandidateListSort, string> = {
  relevance: "Best match",
  newest: "Newest",
  fit: "Fit score",
  name: "Name",
};

type Params = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The filters of the URL, invalid ones blanked. */
export function readFilters(params: Params): CandidateFilters {
  const value = (key: string) => first(params[key]).trim();
  const fit = value("fit");
  return {
    q: first(params.q).slice(0, SEARCH_QUERY_MAX),
    job: /^[1-9][0-9]{0,9}$/.test(value("job")) && Number(value("job")) <= 2_147_483_647 ? value("job") : "",
    stage: /^[a-z0-9_]{1,40}$/.test(value("stage")) ? value("stage") : "",
    source: (APPLICATION_SOURCES as readonly string[]).includes(value("source")) ? value("source") : "",
    fit: /^(100|[1-9]?[0-9])$/.test(fit) ? fit : "",
    from: validDate(value("from")) ? value("from") : "",
    to: validDate(value("to")) ? value("to") : "",
    resume: value("resume") === "yes" || value("resume") === "no" ? value("resume") : "",
    sort: (CANDIDATE_LIST_SORTS as readonly string[]).includes(value("sort")) ? value("sort") : "",
  };
}

export function readCursor(params: Params): string | undefined {
  const cursor = first(params.cursor);
  return /^[A-Za-z0-9_-]{1,2000}$/.test(cursor) ? cursor : undefined;
}

const DAY = 86_400_000;

/**
 * The stage filter as the procedure takes it. With a job chosen, `stage` is a key of its pipeline;
 * a stage type that is not one of its keys (a link made company-wide) filters by that type.
 * Company-wide, a stage type filters by type across every job's pipeline (any other value as a key).
 * `jobStages` are the chosen job's stages, when known.
 */
export function stageFilter(filters: Pick<CandidateFilters, "job" | "stage">, jobStages?: readonly Pick<JobStage, "key">[]): Pick<ListCompanyCandidatesInput, "stage" | "stage_type"> {
  const value = filters.stage;
  if (!value) return {};
  const isKey = filters.job ? (jobStages?.some((stage) => stage.key === value) ?? true) : false;
  if (!isKey && isStageType(value)) return { stage_type: value };
  return { stage: value };
}

/** The procedure's input for these filters (`jobStages`: the chosen job's stages, when known). */
export function toInput(filters: CandidateFilters, cursor: string | undefined, limit: number, jobStages?: readonly Pick<JobStage, "key">[]): ListCompanyCandidatesInput {
  const q = filters.q.trim();
  return {
    ...(q && { q }),
    ...(filters.job && { job_id: Number(filters.job) }),
    ...stageFilter(filters, jobStages),
    ...(filters.source && { source: filters.source as ListCompanyCandidatesInput["source"] }),
    ...(filters.fit && { min_fit_score: Number(filters.fit) }),
    ...(filters.from && { applied_after: new Date(`${filters.from}T00:00:00.000Z`).toISOString() }),
    ...(filters.to && { applied_before: new Date(Date.parse(`${filters.to}T00:00:00.000Z`) + DAY).toISOString() }),
    ...(filters.resume && { has_resume: filters.resume === "yes" }),
    ...(filters.sort && { sort: filters.sort as CandidateListSort }),
    ...(cursor && { cursor }),
    limit,
  };
}

/** `/candidates?…` for these filters (empty ones left out), optionally at a cursor. */
export function candidatesHref(filters: Partial<CandidateFilters>, cursor?: string | null): string {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  if (cursor) search.set("cursor", cursor);
  const query = search.toString();
  return query ? `/candidates?${query}` : "/candidates";
}

export const hasFilters = (filters: CandidateFilters) => FILTER_KEYS.some((key) => key !== "sort" && filters[key]);
