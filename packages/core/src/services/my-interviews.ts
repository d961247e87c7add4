import { type Prisma } from "@hireflow/db";
import { type ServiceContext } from "../context.ts";
import { MY_INTERVIEWS_LIMIT, type MyInterviewDto, type MyInterviewsDto } from "../contracts/my-interviews.ts";

/**
 * "My interviews" (issue 26 §4): a member's upcoming interviews and the scorecards they still owe —
 * an interview of theirs that is over and still scheduled, without their scorecard, whose candidate is
 * neither hired nor rejected (a scorecard can no longer be submitted then). Each list is one query on
 * the panel's (company_id, user_id) index.
 */
const select = {
  id: true,
  title: true,
  startAt: true,
  endAt: true,
  timeZone: true,
  location: true,
  videoUrl: true,
  candidate: { select: { id: true, name: true, job: { select: { id: true, title: true } } } },
} as const satisfies Prisma.InterviewSelect;

type Row = Prisma.InterviewGetPayload<{ select: typeof select }>;

function serialize(row: Row): MyInterviewDto {
  return {
    id: row.id,
    title: row.title,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt.toISOString(),
    time_zone: row.timeZone,
    location: row.location,
    video_url: row.videoUrl,
    candidate: { id: row.candidate.id, name: row.candidate.name },
    job: row.candidate.job,
  };
}

/** The interviews of `userId` whose scorecard is due at `now`. */
export function scorecardsDueWhere(userId: string, now: Date): Prisma.InterviewWhereInput {
  return {
    status: "scheduled",
    endAt: { lte: now },
    interviewers: { some: { userId } },
    scorecards: { none: { interviewerId: userId } },
    candidate: { hiredAt: null, rejectedAt: null },
  };
}

export async function countScorecardsDue(svc: ServiceContext, userId: string, now = new Date()): Promise<number> {
  return svc.db.interview.count({ where: scorecardsDueWhere(userId, now) });
}

export async function myInterviews(svc: ServiceContext, userId: string, now = new Date()): Promise<MyInterviewsDto> {
  const [upcoming, due, dueCount] = await Promise.all([
    svc.db.interview.findMany({
      where: { status: "scheduled", endAt: { gt: now }, interviewers: { some: { userId } } },
      select,
      orderBy: [{ startAt: "asc" }, { id: "asc" }],
      take: MY_INTERVIEWS_LIMIT,
    }),
    svc.db.interview.findMany({ where: scorecardsDueWhere(userId, now), select, orderBy: [{ endAt: "asc" }, { id: "asc" }], take: MY_INTERVIEWS_LIMIT }),
    countScorecardsDue(svc, userId, now),
  ]);
  return { upcoming: upcoming.map(serialize), scorecards_due: due.map(serialize), scorecards_due_count: dueCount };
}
