import { poolOf } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { type CandidateBriefDto, RECENT_TIMELINE_ENTRIES, type ScreeningQuestion, type TimelineEntryDto } from "./contract/board.ts";
import { AppError } from "../../kernel/errors.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { CANDIDATE_COLUMNS, CANDIDATE_JOINED_COLUMNS, CANDIDATE_JOINS, type CandidateSqlRow, toCandidateRow } from "../candidate/read.ts";
import { answerList } from "./board.ts";
import { candidateRead, serializeCandidateDetail } from "../candidate/serialize.ts";

/**
 * MCP get_candidate (issue 24): GET /candidates/{id}'s typed read plus the job's screening questions and
 * the newest timeline entries, in ONE statement on Prisma's own pool: the entries come back as a JSON
 * array already in the contract's shape (json_build_object per entry, created_at as toISOString writes
 * it), so the server neither maps rows nor waits on a second connection. Two statements side by side
 * cost a second pool checkout and PostgreSQL's per-statement work for every call (docs/BENCHMARKS.md,
 * issue 24). The candidate page's procedure (pipeline.candidate) reads the whole timeline; for an
 * assistant that cost about 6 × the CPU of the REST read. The statement filters by the context's
 * company itself (the timeline by the candidate's, which is the same), like candidate-read.ts; a
 * transaction's client goes through Prisma.
 */
const CANDIDATE_BRIEF = {
  name: "hireflow_candidate_brief",
  text: `SELECT ${CANDIDATE_COLUMNS}, ${CANDIDATE_JOINED_COLUMNS}, j.screening_questions AS "screeningQuestions",
      (SELECT coalesce(json_agg(t.entry ORDER BY t.id DESC), '[]')
         FROM (SELECT a.id, json_build_object(
                 'id', a.id, 'type', a.type, 'note', a.note, 'data', a.data, 'added_by', a.added_by,
                 'performer', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'name', u.name, 'email', u.email) END,
                 'created_at', to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) AS entry
                 FROM candidate_activities a LEFT JOIN users u ON u.id = a.performer_id
                WHERE a.company_id = c.company_id AND a.candidate_id = c.id ORDER BY a.id DESC LIMIT $3) t) AS "recentTimeline"
    FROM candidates c ${CANDIDATE_JOINS} WHERE c.company_id = $1 AND c.id = $2`,
};

interface ActivitySqlRow {
  id: number;
  type: TimelineEntryDto["type"];
  note: string | null;
  data: unknown;
  addedBy: TimelineEntryDto["added_by"];
  createdAt: Date;
  performerId: string | null;
  performerName: string | null;
  performerEmail: string | null;
}

function timelineEntry(a: ActivitySqlRow): TimelineEntryDto {
  return {
    id: a.id,
    type: a.type,
    note: a.note,
    data: (a.data as Record<string, unknown> | null) ?? null,
    added_by: a.addedBy,
    performer: a.performerId === null ? null : { id: a.performerId, name: a.performerName, email: a.performerEmail! },
    created_at: a.createdAt.toISOString(),
  };
}

export async function getCandidateBrief(svc: ServiceContext, id: number): Promise<CandidateBriefDto> {
  const base = baseClientOf(svc.db);
  if (!base) return briefThroughPrisma(svc, id);
  const { rows } = await poolOf(base).query<CandidateSqlRow & { screeningQuestions: ScreeningQuestion[] | null; recentTimeline: TimelineEntryDto[] }>({
    ...CANDIDATE_BRIEF,
    values: [svc.companyId, id, RECENT_TIMELINE_ENTRIES],
  });
  const row = rows[0];
  if (!row) throw AppError.notFound("Candidate", id);
  return {
    candidate: serializeCandidateDetail(toCandidateRow(row)),
    answers: answerList(row.answers, row.screeningQuestions ?? []),
    recent_timeline: row.recentTimeline,
  };
}

/** The same read through the scoped Prisma client (inside a transaction). */
async function briefThroughPrisma(svc: ServiceContext, id: number): Promise<CandidateBriefDto> {
  const candidate = await svc.db.candidate.findUnique({ where: { id }, ...candidateRead });
  if (!candidate) throw AppError.notFound("Candidate", id);
  const [job, activities] = await Promise.all([
    candidate.jobId === null ? null : svc.db.job.findUnique({ where: { id: candidate.jobId }, select: { screeningQuestions: true } }),
    svc.db.candidateActivity.findMany({
      where: { candidateId: id },
      include: { performer: { select: { id: true, name: true, email: true } } },
      orderBy: { id: "desc" },
      take: RECENT_TIMELINE_ENTRIES,
    }),
  ]);
  return {
    candidate: serializeCandidateDetail(candidate),
    answers: answerList(candidate.answers, (job?.screeningQuestions ?? []) as ScreeningQuestion[]),
    recent_timeline: activities.map((a) =>
      timelineEntry({
        id: a.id,
        type: a.type,
        note: a.note,
        data: a.data,
        addedBy: a.addedBy,
        createdAt: a.createdAt,
        performerId: a.performer?.id ?? null,
        performerName: a.performer?.name ?? null,
        performerEmail: a.performer?.email ?? null,
      }),
    ),
  };
}
