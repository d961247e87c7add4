import { poolOf, type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../../kernel/context.ts";
import { MY_INTERVIEWS_LIMIT, type MyInterviewDto, type MyInterviewsDto } from "./contract/my-interviews.ts";
import { baseClientOf } from "../../kernel/tenancy.ts";
import { type InterviewWhenWhereRow, interviewWhenWhere, interviewWhenWhereSelect } from "./when-where.ts";

/**
 * "My interviews" (issue 26 §4): a member's upcoming interviews and the scorecards they still owe —
 * an interview of theirs that is over and still scheduled, without their scorecard, whose candidate is
 * neither hired nor rejected (a scorecard can no longer be submitted then). An erased candidate's
 * interviews are gone with the candidate.
 *
 * Typed SQL on Prisma's pool, one statement per list (the due list carries the count due), each
 * starting from the member's panel seats — interview_interviewers (company_id, user_id, interview_id),
 * index-only — joined to the company's scheduled interviews on interviews_my_interviews_idx (company_id,
 * status, end_at) INCLUDE (id, start_at, candidate_id), also index-only; the member's scorecard is an
 * anti-join on scorecards (interview_id, interviewer_id), the closed candidates one on the partial
 * candidates_closed_idx. Only the page's rows (at most MY_INTERVIEWS_LIMIT) read the interviews' and
 * candidates' rows. Through Prisma, the panel was an EXISTS on interview_interviewers by user_id alone
 * (no index leads with it): each of the three statements scanned the member's whole panel index and
 * probed every interview (~60 ms each with 50,000 interviews; docs/BENCHMARKS.md, issue 26).
 * Raw SQL bypasses the company-scoping extension: every table is filtered by company_id here. A
 * transaction's client (no pool of its own) reads through Prisma instead.
 */
const COLUMNS = `i.id, i.title, i.start_at AS "startAt", i.end_at AS "endAt", i.time_zone AS "timeZone", i.location,
      i.video_url AS "videoUrl", c.id AS "candidateId", c.name AS "candidateName", j.id AS "jobId", j.title AS "jobTitle"`;

/** The page's rows ($1 company): each interview with its candidate and the candidate's job. */
const DETAILS = `JOIN interviews i ON i.id = p.id
    JOIN candidates c ON c.id = i.candidate_id AND c.company_id = $1
    LEFT JOIN jobs j ON j.id = c.job_id AND j.company_id = $1`;

/** The member's ($2) seats on the company's ($1) still-scheduled panels. */
const SEATS = `FROM interview_interviewers ii
    JOIN interviews i ON i.id = ii.interview_id AND i.company_id = $1
   WHERE ii.company_id = $1 AND ii.user_id = $2::uuid AND i.status = 'scheduled'`;

/** Of those, the ones over at $3 without the member's scorecard, the candidate neither hired nor rejected. */
const DUE = `SELECT i.id, i.end_at ${SEATS} AND i.end_at <= $3
     AND NOT EXISTS (SELECT 1 FROM scorecards s WHERE s.interview_id = i.id AND s.interviewer_id = $2::uuid)
     AND NOT EXISTS (SELECT 1 FROM candidates x WHERE x.company_id = $1 AND x.id = i.candidate_id AND (x.hired_at IS NOT NULL OR x.rejected_at IS NOT NULL))`;

const UPCOMING_SQL = {
  name: "hireflow_my_interviews_upcoming",
  text: `SELECT ${COLUMNS}
    FROM (SELECT i.id, i.start_at ${SEATS} AND i.end_at > $3 ORDER BY i.start_at, i.id LIMIT $4) p ${DETAILS}
   ORDER BY p.start_at, p.id`,
};
/**
 * The oldest due first, each row with how many are due in all. MATERIALIZED: computed once for both;
 * inlined, the planner walked the interviews in end_at order to stop at the LIMIT, probing the panel
 * for each of the company's past interviews.
 */
const DUE_SQL = {
  name: "hireflow_my_interviews_due",
  text: `WITH due AS MATERIALIZED (${DUE})
  SELECT ${COLUMNS}, (SELECT count(*) FROM due)::int AS total
    FROM (SELECT id, end_at FROM due ORDER BY end_at, id LIMIT $4) p ${DETAILS}
   ORDER BY p.end_at, p.id`,
};
const DUE_COUNT_SQL = { name: "hireflow_my_interviews_due_count", text: `SELECT count(*)::int AS count FROM (${DUE}) due` };

interface SqlRow extends InterviewWhenWhereRow {
  candidateId: number;
  candidateName: string | null;
  jobId: number | null;
  jobTitle: string | null;
}

function fromSql(row: SqlRow): MyInterviewDto {
  return {
    ...interviewWhenWhere(row),
    candidate: { id: row.candidateId, name: row.candidateName },
    job: row.jobId === null ? null : { id: row.jobId, title: row.jobTitle! },
  };
}

export async function countScorecardsDue(svc: ServiceContext, userId: string, now = new Date()): Promise<number> {
  const base = baseClientOf(svc.db);
  if (!base) return countThroughPrisma(svc, userId, now);
  const { rows } = await poolOf(base).query<{ count: number }>({ ...DUE_COUNT_SQL, values: [svc.companyId, userId, now] });
  return rows[0]!.count;
}

export async function myInterviews(svc: ServiceContext, userId: string, now = new Date()): Promise<MyInterviewsDto> {
  const base = baseClientOf(svc.db);
  if (!base) return myInterviewsThroughPrisma(svc, userId, now);
  const pool = poolOf(base);
  const values = [svc.companyId, userId, now, MY_INTERVIEWS_LIMIT];
  const [upcoming, due] = await Promise.all([
    pool.query<SqlRow>({ ...UPCOMING_SQL, values }),
    pool.query<SqlRow & { total: number }>({ ...DUE_SQL, values }),
  ]);
  return {
    upcoming: upcoming.rows.map(fromSql),
    scorecards_due: due.rows.map(fromSql),
    // Every row carries the count; no row, none due.
    scorecards_due_count: due.rows[0]?.total ?? 0,
  };
}

// The same two lists through the scoped Prisma client (a transaction's client; and the reference the
// typed statements are tested against in my-interviews.test.ts).

const select = {
  ...interviewWhenWhereSelect,
  candidate: { select: { id: true, name: true, job: { select: { id: true, title: true } } } },
} as const satisfies Prisma.InterviewSelect;

type Row = Prisma.InterviewGetPayload<{ select: typeof select }>;

function serialize({ candidate, ...interview }: Row): MyInterviewDto {
  return fromSql({ ...interview, candidateId: candidate.id, candidateName: candidate.name, jobId: candidate.job?.id ?? null, jobTitle: candidate.job?.title ?? null });
}

/** The interviews of `userId` whose scorecard is due at `now`. */
function scorecardsDueWhere(userId: string, now: Date): Prisma.InterviewWhereInput {
  return {
    status: "scheduled",
    endAt: { lte: now },
    interviewers: { some: { userId } },
    scorecards: { none: { interviewerId: userId } },
    candidate: { hiredAt: null, rejectedAt: null },
  };
}

function countThroughPrisma(svc: ServiceContext, userId: string, now: Date): Promise<number> {
  return svc.db.interview.count({ where: scorecardsDueWhere(userId, now) });
}

export async function myInterviewsThroughPrisma(svc: ServiceContext, userId: string, now = new Date()): Promise<MyInterviewsDto> {
  const [upcoming, due, dueCount] = await Promise.all([
    svc.db.interview.findMany({
      where: { status: "scheduled", endAt: { gt: now }, interviewers: { some: { userId } } },
      select,
      orderBy: [{ startAt: "asc" }, { id: "asc" }],
      take: MY_INTERVIEWS_LIMIT,
    }),
    svc.db.interview.findMany({ where: scorecardsDueWhere(userId, now), select, orderBy: [{ endAt: "asc" }, { id: "asc" }], take: MY_INTERVIEWS_LIMIT }),
    countThroughPrisma(svc, userId, now),
  ]);
  return { upcoming: upcoming.map(serialize), scorecards_due: due.map(serialize), scorecards_due_count: dueCount };
}
