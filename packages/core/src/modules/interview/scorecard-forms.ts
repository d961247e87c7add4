import { type ServiceContext } from "../../kernel/context.ts";
import { type ScorecardFormsDto } from "./contract/scorecard.ts";
import { AppError } from "../../kernel/errors.ts";
import { ownScorecards } from "./scorecards.ts";
import { interviewWhenWhere, interviewWhenWhereSelect } from "./when-where.ts";

/**
 * The candidate page's scorecard forms (issue 26 §4, issue 43 §2): the candidate's interviews with
 * `userId` on the panel, each with when and where it is, its kit's attributes and the member's own
 * scorecard. A form is open once the interview has started (at `now`): before, there is nothing to
 * rate. Canceled interviews are left out; they take no scorecards.
 */
export async function scorecardForms(svc: ServiceContext, candidateId: number, userId: string, now = new Date()): Promise<ScorecardFormsDto> {
  const candidate = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { hiredAt: true, rejectedAt: true } });
  if (!candidate) throw AppError.notFound("Candidate", candidateId);
  const [interviews, own] = await Promise.all([
    svc.db.interview.findMany({
      where: { candidateId, status: "scheduled", interviewers: { some: { userId } } },
      select: {
        ...interviewWhenWhereSelect,
        status: true,
        jobInterview: { select: { name: true, attributes: true, instructions: true, questions: true } },
      },
      orderBy: [{ startAt: "asc" }, { id: "asc" }],
    }),
    ownScorecards(svc, candidateId, userId),
  ]);
  const byInterview = new Map(own.map((card) => [card.interview_id, card]));
  return {
    locked: Boolean(candidate.hiredAt || candidate.rejectedAt),
    forms: interviews.map((row) => ({
      interview: {
        ...interviewWhenWhere(row),
        kit: row.jobInterview && row.jobInterview.name !== row.title ? row.jobInterview.name : null,
        status: row.status,
      },
      open: row.startAt <= now,
      attributes: row.jobInterview?.attributes ?? [],
      instructions: row.jobInterview?.instructions ?? "",
      questions: row.jobInterview?.questions ?? [],
      scorecard: byInterview.get(row.id) ?? null,
    })),
  };
}
