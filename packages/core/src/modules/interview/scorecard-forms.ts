import { type ServiceContext } from "../../kernel/context.ts";
import { type ScorecardFormsDto } from "./contract/scorecard.ts";
import { AppError } from "../../kernel/errors.ts";
import { ownScorecards } from "./scorecards.ts";

/**
 * The candidate page's scorecard forms (issue 26 §4): the candidate's interviews with `userId` on the
 * panel, each with its kit's attributes and the member's own scorecard. Canceled interviews are left
 * out; they take no scorecards.
 */
export async function scorecardForms(svc: ServiceContext, candidateId: number, userId: string): Promise<ScorecardFormsDto> {
  const candidate = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { hiredAt: true, rejectedAt: true } });
  if (!candidate) throw AppError.notFound("Candidate", candidateId);
  const [interviews, own] = await Promise.all([
    svc.db.interview.findMany({
      where: { candidateId, status: "scheduled", interviewers: { some: { userId } } },
      select: { id: true, title: true, startAt: true, endAt: true, status: true, jobInterview: { select: { attributes: true, instructions: true, questions: true } } },
      orderBy: [{ startAt: "asc" }, { id: "asc" }],
    }),
    ownScorecards(svc, candidateId, userId),
  ]);
  const byInterview = new Map(own.map((card) => [card.interview_id, card]));
  return {
    locked: Boolean(candidate.hiredAt || candidate.rejectedAt),
    forms: interviews.map((row) => ({
      interview: { id: row.id, title: row.title, start_at: row.startAt.toISOString(), end_at: row.endAt.toISOString(), status: row.status },
      attributes: row.jobInterview?.attributes ?? [],
      instructions: row.jobInterview?.instructions ?? "",
      questions: row.jobInterview?.questions ?? [],
      scorecard: byInterview.get(row.id) ?? null,
    })),
  };
}
