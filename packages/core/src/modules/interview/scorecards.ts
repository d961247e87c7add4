import { type Prisma } from "@hireflow/db";
import { isInterviewerOnly, seesAllScorecards, type UserRole } from "../../kernel/roles.ts";
import { actorKind, actorUserId, type ServiceContext } from "../../kernel/context.ts";
import {
  ATTRIBUTE_RATINGS,
  type AttributeRating,
  type CandidateScorecardsDto,
  RECOMMENDATIONS,
  type ScorecardDto,
  type ScorecardSummaryDto,
  type SubmitScorecardInput,
} from "./contract/scorecard.ts";
import { AppError } from "../../kernel/errors.ts";
import { tenantRow } from "../../kernel/tenancy.ts";
import { candidateUrl, notifyEventsCommitted, recordEvent } from "../../kernel/outbox.ts";
import { leadsCandidateJob } from "../job/hiring-team.ts";

/**
 * Scorecards (issue 26 §3). One per (interview, interviewer): submitting again edits it, until the
 * candidate is hired or rejected. Each submission is a `scorecard` entry in the candidate's timeline
 * and a `scorecard.submitted` event, written in the one transaction with the change; neither carries
 * the notes. No anchoring: a member on the candidate's panel sees the others' scorecards only after
 * submitting their own (scorecardView).
 */
const scorecardInclude = {
  interviewer: { select: { id: true, name: true, email: true } },
  interview: { select: { title: true, startAt: true } },
} as const satisfies Prisma.ScorecardInclude;

type ScorecardRow = Prisma.ScorecardGetPayload<{ include: typeof scorecardInclude }>;

function ratingsOf(row: { ratings: Prisma.JsonValue }): ScorecardDto["ratings"] {
  return Array.isArray(row.ratings) ? (row.ratings as ScorecardDto["ratings"]) : [];
}

function serialize(row: ScorecardRow): ScorecardDto {
  return {
    id: row.id,
    interview_id: row.interviewId,
    interview_title: row.interview.title,
    candidate_id: row.candidateId,
    interviewer: { id: row.interviewer.id, name: row.interviewer.name, email: row.interviewer.email },
    ratings: ratingsOf(row),
    recommendation: row.recommendation,
    notes: row.notes,
    submitted_at: row.submittedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const emptyTally = () => Object.fromEntries(ATTRIBUTE_RATINGS.map((rating) => [rating, 0])) as Record<AttributeRating, number>;

/** Each attribute's ratings across the scorecards given, and their recommendations tally. */
export function summarize(scorecards: readonly Pick<ScorecardDto, "ratings" | "recommendation">[]): ScorecardSummaryDto {
  const byAttribute = new Map<string, Record<AttributeRating, number>>();
  const recommendations = Object.fromEntries(RECOMMENDATIONS.map((value) => [value, 0])) as ScorecardSummaryDto["recommendations"];
  for (const card of scorecards) {
    recommendations[card.recommendation] += 1;
    for (const { attribute, rating } of card.ratings) {
      const tally = byAttribute.get(attribute) ?? emptyTally();
      tally[rating] += 1;
      byAttribute.set(attribute, tally);
    }
  }
  return { attributes: [...byAttribute].map(([attribute, ratings]) => ({ attribute, ratings })), recommendations };
}

/** A member whose view of scorecards applies: the signed-in member, or the one an API key names with on_behalf_of. */
interface Viewer {
  userId: string;
  role: UserRole;
}

/**
 * Who is reading: the signed-in member (an on_behalf_of naming anyone else is a 400), the member an API
 * key names with on_behalf_of (a 400 unless a member of the company), or null — an API key alone and
 * background work see every scorecard.
 */
async function viewerOf(svc: ServiceContext, onBehalfOf: string | undefined): Promise<Viewer | null> {
  const userId = actorUserId(svc.actor);
  if (userId !== null) {
    if (onBehalfOf !== undefined && onBehalfOf !== userId) {
      throw AppError.validation([{ field: "on_behalf_of", message: "A signed-in member reads as themself; on_behalf_of is for API keys" }]);
    }
    return svc.role ? { userId, role: svc.role } : null;
  }
  if (onBehalfOf === undefined) return null;
  const member = await svc.db.user.findUnique({ where: { id: onBehalfOf }, select: { id: true, role: true } });
  if (!member) throw AppError.validation([{ field: "on_behalf_of", message: `No member with id ${onBehalfOf} in this company (GET /users lists them)` }]);
  return { userId: member.id, role: member.role };
}

/**
 * What a viewer sees of a candidate's scorecards — the no-anchoring rule (issue 26 §3), decided here
 * alone for the REST endpoints, the web app and the MCP tool:
 *   - "all": no viewer (an API key, background work), an owner or admin, a hiring team lead of the
 *     candidate's job, a member on none of the candidate's interview panels, or one on a panel who has
 *     submitted their own scorecard for the candidate;
 *   - "own": a member on one of the candidate's panels, whatever their role, who has not submitted yet;
 *   - "not_theirs": a member with the role interviewer on none of the candidate's panels (the
 *     candidate is not theirs: a 404, as for a signed-in interviewer in trpc.ts).
 */
export type ScorecardView = "all" | "own" | "not_theirs";

export async function scorecardView(svc: ServiceContext, viewer: Viewer | null, candidateId: number): Promise<ScorecardView> {
  if (!viewer || seesAllScorecards(viewer.role)) return "all";
  const { userId } = viewer;
  const [panels, submitted, lead] = await Promise.all([
    svc.db.interviewInterviewer.count({ where: { userId, interview: { candidateId } } }),
    svc.db.scorecard.count({ where: { candidateId, interviewerId: userId } }),
    leadsCandidateJob(svc.db, userId, candidateId),
  ]);
  if (lead) return "all";
  if (panels === 0) return isInterviewerOnly(viewer.role) ? "not_theirs" : "all";
  return submitted > 0 ? "all" : "own";
}

export async function listCandidateScorecards(svc: ServiceContext, candidateId: number, onBehalfOf?: string): Promise<CandidateScorecardsDto> {
  // The candidate first: another company's is a 404 whatever on_behalf_of names.
  const candidate = await svc.db.candidate.findUnique({ where: { id: candidateId }, select: { id: true } });
  if (!candidate) throw AppError.notFound("Candidate", candidateId);
  const viewer = await viewerOf(svc, onBehalfOf);
  const [view, rows] = await Promise.all([
    scorecardView(svc, viewer, candidateId),
    svc.db.scorecard.findMany({ where: { candidateId }, include: scorecardInclude, orderBy: [{ interview: { startAt: "asc" } }, { id: "asc" }] }),
  ]);
  if (view === "not_theirs") throw AppError.notFound("Candidate", candidateId);
  const visible = (view === "all" ? rows : rows.filter((row) => row.interviewerId === viewer?.userId)).map(serialize);
  return { scorecards: visible, summary: summarize(visible), hidden_count: rows.length - visible.length };
}

export async function getScorecard(svc: ServiceContext, id: number, onBehalfOf?: string): Promise<ScorecardDto> {
  const row = await svc.db.scorecard.findUnique({ where: { id }, include: scorecardInclude });
  if (!row) throw AppError.notFound("Scorecard", id);
  const viewer = await viewerOf(svc, onBehalfOf);
  if (viewer && row.interviewerId !== viewer.userId) {
    const view = await scorecardView(svc, viewer, row.candidateId);
    // An interviewer reaches only the candidates they are on a panel of; another candidate's scorecard is not found.
    if (view === "not_theirs") throw AppError.notFound("Scorecard", id);
    if (view === "own") throw new AppError("forbidden", "Submit your own scorecard for this candidate first: the others' stay hidden until then (no anchoring)");
  }
  return serialize(row);
}

/** Who submits: the signed-in member, or with an API key the member named by on_behalf_of (required then). */
function submitterOf(svc: ServiceContext, input: SubmitScorecardInput): string {
  const userId = actorUserId(svc.actor);
  if (userId !== null) {
    if (input.on_behalf_of !== undefined && input.on_behalf_of !== userId) {
      throw AppError.validation([{ field: "on_behalf_of", message: "A signed-in member submits their own scorecard; on_behalf_of is for API keys" }]);
    }
    return userId;
  }
  if (input.on_behalf_of === undefined) {
    throw AppError.validation([{ field: "on_behalf_of", message: "With an API key, name the interviewer submitting: a member id (GET /users) on the interview's panel" }]);
  }
  return input.on_behalf_of;
}

/** The kit's attributes rated in its order, each one given at most once; an attribute the kit lacks is a 400 naming it. */
function normalizeRatings(attributes: readonly string[], ratings: SubmitScorecardInput["ratings"]): ScorecardDto["ratings"] {
  const given = new Map<string, AttributeRating>();
  const problems: { field: string; message: string }[] = [];
  ratings.forEach(({ attribute, rating }, index) => {
    if (!attributes.includes(attribute)) {
      const known = attributes.length ? `one of ${attributes.map((name) => JSON.stringify(name)).join(", ")}` : "none: the interview has no kit with attributes";
      problems.push({ field: `ratings[${index}].attribute`, message: `${JSON.stringify(attribute)} is not an attribute of the interview's kit (${known})` });
    } else if (given.has(attribute)) {
      problems.push({ field: `ratings[${index}].attribute`, message: `${JSON.stringify(attribute)} is rated twice` });
    } else given.set(attribute, rating);
  });
  if (problems.length) throw AppError.validation(problems, "Ratings must name the attributes of the interview's kit, each once");
  return attributes.map((attribute) => ({ attribute, rating: given.get(attribute) ?? "not_assessed" }));
}

export async function submitScorecard(svc: ServiceContext, input: SubmitScorecardInput): Promise<ScorecardDto> {
  return (await saveScorecard(svc, input)).scorecard;
}

/** A submission and whether it made the member's scorecard (`created`) or replaced the one they had (the REST API answers 201 or 200). */
export async function saveScorecard(svc: ServiceContext, input: SubmitScorecardInput): Promise<{ scorecard: ScorecardDto; created: boolean }> {
  const result = await svc.db.$transaction(async (tx) => {
    // One submission of an interview at a time: the second of two concurrent first submissions edits the first.
    await tx.$queryRaw`SELECT 1 FROM interviews WHERE id = ${input.id} AND company_id = ${svc.companyId} FOR UPDATE`;
    const interview = await tx.interview.findUnique({
      where: { id: input.id },
      select: {
        id: true,
        title: true,
        startAt: true,
        status: true,
        jobInterview: { select: { attributes: true } },
        interviewers: { select: { userId: true } },
        candidate: { select: { id: true, publicId: true, name: true, email: true, hiredAt: true, rejectedAt: true, job: { select: { id: true, title: true } } } },
      },
    });
    if (!interview) throw AppError.notFound("Interview", input.id);
    const interviewerId = submitterOf(svc, input);
    if (!interview.interviewers.some((member) => member.userId === interviewerId)) {
      if (userIsApi(svc)) {
        const member = await tx.user.findUnique({ where: { id: interviewerId }, select: { id: true } });
        if (!member) throw AppError.validation([{ field: "on_behalf_of", message: `No member with id ${interviewerId} in this company (GET /users lists them)` }]);
      }
      throw new AppError("forbidden", `Member ${interviewerId} is not an interviewer of interview ${interview.id}; only its panel submits scorecards for it`);
    }
    if (interview.status === "canceled") throw new AppError("conflict", `Interview ${interview.id} is canceled; it takes no scorecards`);
    const { candidate } = interview;
    if (candidate.hiredAt || candidate.rejectedAt) {
      throw new AppError("conflict", `Candidate ${candidate.id} is ${candidate.hiredAt ? "hired" : "rejected"}: scorecards can no longer be submitted or edited`);
    }
    const ratings = normalizeRatings(interview.jobInterview?.attributes ?? [], input.ratings);
    const existing = await tx.scorecard.findUnique({ where: { interviewId_interviewerId: { interviewId: interview.id, interviewerId } }, select: { id: true, notes: true } });
    const data = { ratings: ratings as Prisma.InputJsonValue, recommendation: input.recommendation, notes: input.notes ?? existing?.notes ?? "" };
    const saved = existing
      ? await tx.scorecard.update({ where: { id: existing.id }, data, include: scorecardInclude })
      : await tx.scorecard.create({ data: tenantRow<Prisma.ScorecardUncheckedCreateInput>({ ...data, ...firstSubmission(), interviewId: interview.id, candidateId: candidate.id, interviewerId }), include: scorecardInclude });
    const event = existing ? "updated" : "submitted";
    await tx.candidateActivity.create({
      data: tenantRow<Prisma.CandidateActivityUncheckedCreateInput>({
        candidateId: candidate.id,
        type: "scorecard",
        addedBy: actorKind(svc.actor),
        performerId: interviewerId,
        // What happened, not what was said: the timeline is read by members who may not see the scorecard yet.
        data: { event, scorecard_id: saved.id, interview_id: interview.id, interview_title: interview.title } as Prisma.InputJsonValue,
      }),
    });
    const { notes: _notes, ...withoutNotes } = serialize(saved);
    await recordEvent(tx, "scorecard.submitted", {
      scorecard: withoutNotes,
      first_submission: !existing,
      interview: { id: interview.id, title: interview.title, start_at: interview.startAt.toISOString() },
      candidate: { id: candidate.id, public_id: candidate.publicId, name: candidate.name, email: candidate.email, url: candidateUrl(candidate.id) },
      job: { id: candidate.job?.id ?? null, title: candidate.job?.title ?? null },
      company: { id: svc.companyId },
      changed_by: actorKind(svc.actor),
      changed_by_user_id: actorUserId(svc.actor),
    });
    return { scorecard: serialize(saved), created: !existing };
  });
  notifyEventsCommitted();
  return result;
}

function userIsApi(svc: ServiceContext): boolean {
  return svc.actor.type === "api";
}

/** A member's own scorecards for a candidate (always visible to them). */
export async function ownScorecards(svc: ServiceContext, candidateId: number, userId: string): Promise<ScorecardDto[]> {
  const rows = await svc.db.scorecard.findMany({ where: { candidateId, interviewerId: userId }, include: scorecardInclude, orderBy: { id: "asc" } });
  return rows.map(serialize);
}

/** One instant for both: a scorecard never edited has updated_at equal to submitted_at (the page shows "edited" otherwise). */
function firstSubmission() {
  const now = new Date();
  return { submittedAt: now, updatedAt: now };
}
