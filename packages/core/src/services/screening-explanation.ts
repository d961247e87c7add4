import { type ServiceContext } from "../context.ts";
import { type ScreeningQuestion } from "../contracts/job.ts";
import { type CriterionResult } from "../contracts/screening.ts";
import { type DECIDED_BY, type ScreeningExplanationDto } from "../contracts/screening-explanation.ts";
import { AppError } from "../errors.ts";
import { type ScopedDb, type ScopedTx } from "../tenancy.ts";
import { fallbackStage } from "./job-pipeline.ts";
import { qualificationWords } from "./screening-notice.ts";
import { readScreening } from "./screening-settings.ts";

/**
 * The plain-language explanation of the automated tool's part in a decision (issue 25 §3; Colorado's
 * explanation and human review after an adverse outcome; docs/SCREENING.md "Explanation after a
 * rejection"). Built from what is stored — the candidate's fit (each criterion with its evidence),
 * the agent's recorded move (screening_runs.action, the timeline), the job's threshold and the
 * company's screening contact — never recomputed, so it says what the tool did, not what it would do.
 * Read through the scoped client: another company's candidate is a 404.
 */

type Db = ScopedDb | ScopedTx;
type DecidedBy = (typeof DECIDED_BY)[number];

const ACTOR_TO_DECIDER: Record<string, DecidedBy> = { ai_agent: "ai_agent", user: "person", api: "integration", system: "system" };

function resultOf(met: boolean | null): "met" | "not_met" | "unknown" {
  return met === true ? "met" : met === false ? "not_met" : "unknown";
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function dateWords(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Who put the candidate in their current (rejected) stage: the last move into it, else whoever created them there. */
async function rejectionDecider(db: Db, candidate: { id: number; stage: string }): Promise<DecidedBy | null> {
  const activities = await db.candidateActivity.findMany({
    where: { candidateId: candidate.id, type: { in: ["stage_changed", "created"] } },
    orderBy: { id: "desc" },
    select: { type: true, addedBy: true, data: true },
    take: 50,
  });
  const last = activities.find((a) => a.type === "created" || (a.data as { new_stage?: unknown } | null)?.new_stage === candidate.stage);
  return last ? (ACTOR_TO_DECIDER[last.addedBy] ?? "system") : null;
}

export async function getScreeningExplanation(svc: ServiceContext, id: number): Promise<ScreeningExplanationDto> {
  const candidate = await svc.db.candidate.findUnique({
    where: { id },
    select: {
      id: true,
      stage: true,
      aiOptOut: true,
      fitStatus: true,
      fitScore: true,
      fitEngine: true,
      fitScoredAt: true,
      fitCriteria: true,
      rejectedAt: true,
      job: { select: { title: true, screening: true, screeningQuestions: true } },
      jobStage: { select: { type: true } },
    },
  });
  if (!candidate) throw AppError.notFound("Candidate", id);
  const [company, runs] = await Promise.all([
    svc.db.company.findUnique({ where: { id: svc.companyId }, select: { name: true, screeningContact: true } }),
    // The agent moves at most once, on a first scoring: its run is the one with an action.
    svc.db.screeningRun.findMany({ where: { candidateId: id, status: "completed" }, orderBy: { id: "desc" }, select: { action: true }, take: 100 }),
  ]);
  const run = runs.find((r) => r.action !== null);
  const companyName = company?.name ?? "the company";
  const contact = company?.screeningContact ?? null;
  const settings = readScreening(candidate.job?.screening);
  const questions = (candidate.job?.screeningQuestions as ScreeningQuestion[] | null) ?? [];
  const jobTitle = candidate.job?.title ?? "the job";
  const stageType = candidate.jobStage?.type ?? fallbackStage(candidate.stage).type;
  const rejected = stageType === "rejected";
  const rejectedBy = rejected ? await rejectionDecider(svc.db, candidate) : null;

  const status: ScreeningExplanationDto["status"] = candidate.aiOptOut
    ? "opted_out"
    : candidate.fitStatus === "completed"
      ? "judged"
      : candidate.fitStatus === "pending"
        ? "pending"
        : candidate.fitStatus === "failed"
          ? "failed"
          : settings.mode === "off"
            ? "screening_off"
            : "not_scored";
  const judged = status === "judged";
  const stored = judged && Array.isArray(candidate.fitCriteria) ? (candidate.fitCriteria as unknown as CriterionResult[]) : [];
  const criteria = stored.map((c) => ({
    id: c.id,
    type: c.type,
    qualification: qualificationWords(c, questions),
    required: c.required,
    result: resultOf(c.met),
    evidence: c.evidence,
  }));
  const score = judged && candidate.fitScore !== null ? Math.round(candidate.fitScore) : null;
  const threshold = judged && settings.mode === "auto" && settings.advance ? settings.advance.min_score : null;
  const recorded = (run?.action ?? null) as { action?: unknown; to?: unknown; reason?: unknown } | null;
  const kind = recorded?.action === "advance" || recorded?.action === "reject" ? recorded.action : null;
  const agentAction: ScreeningExplanationDto["agent_action"] = judged && kind ? { action: kind, to_stage: String(recorded?.to ?? ""), reason: String(recorded?.reason ?? "") } : null;

  const how = contact
    ? `To ask that a person at ${companyName} reviews the decision (or for an alternative process or an accommodation), contact ${contact}.`
    : `To ask that a person at ${companyName} reviews the decision (or for an alternative process or an accommodation), reply to the company's message or contact its hiring team.`;

  const lines: string[] = [];
  let summary: string;
  switch (status) {
    case "opted_out":
      summary = `You asked that a person, not the automated tool, reviews your application for ${jobTitle}. The tool did not assess it, and it took no part in any decision about it.`;
      break;
    case "screening_off":
      summary = `${companyName} does not use the automated screening tool for ${jobTitle}. Your application was not assessed by it, and it took no part in any decision about it.`;
      break;
    case "not_scored":
    case "pending":
      summary = `The automated screening tool has not assessed your application for ${jobTitle}, and it took no part in any decision about it.`;
      break;
    case "failed":
      summary = `The automated screening tool tried to assess your application for ${jobTitle} but could not complete it. No result of the tool was used in any decision about it.`;
      break;
    default: {
      const met = criteria.filter((c) => c.result === "met").length;
      const notMet = criteria.filter((c) => c.result === "not_met").length;
      const unknown = criteria.length - met - notMet;
      const when = candidate.fitScoredAt ? ` on ${dateWords(candidate.fitScoredAt)}` : "";
      const parts = [
        `An automated screening tool assessed your application for ${jobTitle}${when} against ${plural(criteria.length, "qualification")}: ${met} met, ${notMet} not met, and ${unknown} it could not judge from your application.`,
        score === null
          ? "It could not give a score, because it could judge none of the qualifications."
          : threshold === null
            ? `Its score was ${score} out of 100. No automatic step depends on the score.`
            : `Its score was ${score} out of 100; applications scoring ${threshold} or more are moved forward automatically.`,
      ];
      if (agentAction?.action === "advance") parts.push("The tool moved your application forward.");
      if (agentAction?.action === "reject") parts.push("The tool declined your application automatically, because a required qualification was not met.");
      summary = parts.join(" ");
      lines.push("", "What the tool judged:");
      for (const c of criteria) {
        const verdict = c.result === "met" ? "met" : c.result === "not_met" ? "not met" : "could not be judged";
        lines.push(`- ${c.qualification}: ${verdict}. ${c.evidence}`);
      }
    }
  }
  let decision = "";
  if (rejected) {
    decision =
      rejectedBy === "ai_agent"
        ? "The decision to decline your application was made by the automated tool, without a person."
        : rejectedBy === "person"
          ? `The decision to decline your application was made by a person on ${companyName}'s hiring team${judged ? ", who could see the tool's assessment" : ""}.`
          : `The decision to decline your application was recorded by ${companyName}${rejectedBy === "integration" ? " through a connected system" : ""}, not by the automated tool.`;
  }
  const text = [`About your application for ${jobTitle} at ${companyName}`, "", summary, ...(decision ? ["", decision] : []), ...lines, "", how].join("\n");

  return {
    candidate_id: candidate.id,
    status,
    tool_used: judged,
    summary: decision ? `${summary} ${decision}` : summary,
    engine: judged ? candidate.fitEngine : null,
    assessed_at: judged ? (candidate.fitScoredAt?.toISOString() ?? null) : null,
    criteria,
    score,
    threshold,
    agent_action: agentAction,
    rejected,
    rejected_by: rejectedBy,
    rejected_at: rejected ? (candidate.rejectedAt?.toISOString() ?? null) : null,
    human_review: { contact, how },
    text,
  };
}
