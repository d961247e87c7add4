import { type ServiceContext } from "../../kernel/context.ts";
import { type CandidateDetailDto } from "./contract/candidate.ts";
import { AppError } from "../../kernel/errors.ts";
import { type StageType } from "../pipeline/contract/job-stages.ts";
import { cursorSortKey, inOrder, searchCandidateIds } from "./search.ts";
import { DEFAULT_PAGE_SIZE, decodeCursorKey, page } from "../../kernel/pagination.ts";
import { readCandidateRow } from "./read.ts";
import { listCandidateRows } from "./list.ts";
import { candidateSummarySelect, serializeCandidate, serializeCandidateDetail } from "./serialize.ts";

/** Reading candidates for the API: one by id, the list, and the search. */
export async function getCandidate(svc: ServiceContext, id: number): Promise<CandidateDetailDto> {
  const candidate = await readCandidateRow(svc, id);
  if (!candidate) throw AppError.notFound("Candidate", id);
  return serializeCandidateDetail(candidate);
}

export async function listCandidates(
  svc: ServiceContext,
  input: {
    q?: string;
    job_id?: number;
    stage?: string[];
    stage_type?: StageType[];
    email?: string;
    created_after?: string;
    updated_after?: string;
    min_fit_score?: number;
    sort?: "created" | "fit_score";
    limit?: number;
    cursor?: string;
  },
) {
  const limit = input.limit ?? DEFAULT_PAGE_SIZE;
  if (input.q?.trim()) return searchCandidates(svc, input, limit);
  const byFit = input.sort === "fit_score";
  const after = decodeCursorKey(input.cursor);
  if (after && cursorSortKey(after) !== (byFit ? "fit" : "at")) throw new AppError("bad_request", "The cursor belongs to a list with another sort or search; start again without cursor");
  const rows = await listCandidateRows(svc, {
    filters: {
      jobId: input.job_id,
      stages: input.stage,
      stageTypes: input.stage_type,
      email: input.email,
      createdAfter: input.created_after === undefined ? undefined : new Date(input.created_after),
      updatedAfter: input.updated_after === undefined ? undefined : new Date(input.updated_after),
      minFitScore: input.min_fit_score,
    },
    order: byFit ? "fit" : "newest",
    after,
    take: limit + 1,
  });
  return page(rows, limit, serializeCandidate, byFit ? (row) => ({ fit: row.fitScore }) : (row) => ({ at: row.createdAt.toISOString() }));
}

/** GET /candidates?q=…: ranked ids from candidate-search.ts, rows through the scoped client. */
export async function searchCandidates(svc: ServiceContext, input: Parameters<typeof listCandidates>[1], limit: number) {
  const { ids, pagination } = await searchCandidateIds(svc, {
    q: input.q,
    filters: {
      jobId: input.job_id,
      stages: input.stage,
      stageTypes: input.stage_type,
      email: input.email,
      createdAfter: input.created_after,
      updatedAfter: input.updated_after,
      minFitScore: input.min_fit_score,
    },
    sort: input.sort === "fit_score" ? "fit" : input.sort === "created" ? "newest" : "relevance",
    limit,
    cursor: input.cursor,
  });
  const rows = ids.length ? await svc.db.candidate.findMany({ where: { id: { in: ids } }, select: candidateSummarySelect }) : [];
  return { data: inOrder(ids, rows).map(serializeCandidate), pagination };
}
