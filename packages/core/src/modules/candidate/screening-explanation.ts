import { type ServiceContext } from "../../kernel/context.ts";
import { type ScreeningQuestion } from "../screening/contract/questions.ts";
import { type CriterionResult } from "../screening/contract/screening.ts";
import { type DECIDED_BY, type ScreeningExplanationDto, type ScreeningExplanationSentDto } from "./contract/screening-explanation.ts";
import { AppError } from "../../kernel/errors.ts";
import { recordAudit } from "../audit/audit.ts";
import { queueScreeningExplanationEmail } from "../mail/candidate-emails.ts";
import { lockCandidate } from "./move/change-stage.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { type ScopedDb, type ScopedTx } from "../../kernel/tenancy.ts";
import { fallbackStage } from "../pipeline/stages.ts";
import { qualificationWords } from "../screening/notice.ts";
import { type DecisionSettings } from "../screening/agent.ts";
import { readScreening } from "../screening/settings.ts";

/**
 * The plain-language explanation of the automated tool's part in a decision (issue 25 §3; Colorado's
 * explanation and human review after an adverse outcome; docs/SCREENING.md "Explanation after a
 * rejection"). Built from what is stored — the candidate's fit (each criterion with its evidence),
 * the agent's recorded move (screening_runs.action, the timeline), the threshold and the company's
 * screening contact — never recomputed, so it says what the tool did, not what it would do.
 * The decision is explained as it was made: from the scoring it was made on (for a person's rejection
 * the last scoring before it; else the run the agent acted on; else the last one) with the settings recorded with
 * it (screening_runs.settings: the threshold, the mode) and its criteria version and engine. Runs
 * recorded before the settings were kept fall back to the job's settings of today, labelled so
 * (`threshold_basis: "current"`). Read through the scoped client: another company's candidate is a 404.
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
  return explain(svc.db, svc.companyId, id);
}

/** The explanation read with `db` (a transaction's, when sending it). */
async function explain(db: Db, companyId: number, id: number): Promise<ScreeningExplanationDto> {
  const candidate = await db.candidate.findUnique({
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
    db.company.findUnique({ where: { id: companyId }, select: { name: true, screeningContact: true } }),
    db.screeningRun.findMany({
      where: { candidateId: id, status: "completed" },
      orderBy: { id: "desc" },
      select: { action: true, settings: true, engine: true, model: true, criteriaHash: true, fitScore: true, criteria: true, createdAt: true },
      take: 100,
    }),
  ]);
  // The agent moves at most once, on a first scoring: its run is the one with an action.
  const run = runs.find((r) => r.action !== null);
  const companyName = company?.name ?? "the company";
  const contact = company?.screeningContact ?? null;
  const settings = readScreening(candidate.job?.screening);
  const questions = (candidate.job?.screeningQuestions as ScreeningQuestion[] | null) ?? [];
  const jobTitle = candidate.job?.title ?? "the job";
  const stageType = candidate.jobStage?.type ?? fallbackStage(candidate.stage).type;
  const rejected = stageType === "rejected";
  const rejectedBy = rejected ? await rejectionDecider(db, candidate) : null;

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
  // The scoring the decision was made on: for a rejection by anyone but the agent, the last one before it (what the
  // person saw); otherwise the one the agent acted on; else the last one.
  const beforeRejection = rejected && rejectedBy !== "ai_agent" && candidate.rejectedAt ? runs.find((r) => r.createdAt <= candidate.rejectedAt!) : undefined;
  const basis = judged ? (beforeRejection ?? run ?? runs[0] ?? null) : null;
  const recordedSettings = (basis?.settings ?? null) as DecisionSettings | null;
  const stored = !judged
    ? []
    : basis && Array.isArray(basis.criteria)
      ? (basis.criteria as unknown as CriterionResult[])
      : Array.isArray(candidate.fitCriteria)
        ? (candidate.fitCriteria as unknown as CriterionResult[])
        : [];
  const criteria = stored.map((c) => ({
    id: c.id,
    type: c.type,
    qualification: qualificationWords(c, questions),
    required: c.required,
    result: resultOf(c.met),
    evidence: c.evidence,
  }));
  const fitScore = basis ? basis.fitScore : candidate.fitScore;
  const score = judged && fitScore !== null ? Math.round(fitScore) : null;
  const thresholdBasis: ScreeningExplanationDto["threshold_basis"] = !judged ? null : recordedSettings ? "decision" : "current";
  const inForce = recordedSettings ?? settings;
  const threshold = judged && inForce.mode === "auto" && inForce.advance ? inForce.advance.min_score : null;
  const engine = !judged ? null : basis ? (basis.engine === "model" && basis.model ? `model:${basis.model}` : basis.engine) : candidate.fitEngine;
  const assessedAt = !judged ? null : (basis?.createdAt ?? candidate.fitScoredAt);
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
      const when = assessedAt ? ` on ${dateWords(assessedAt)}` : "";
      // Explained with the threshold recorded with the scoring; an older scoring only has today's setting, said so.
      const today = thresholdBasis === "current" ? " (under the job's setting today; the setting at the time of the assessment was not recorded)" : "";
      const parts = [
        `An automated screening tool assessed your application for ${jobTitle}${when} against ${plural(criteria.length, "qualification")}: ${met} met, ${notMet} not met, and ${unknown} it could not judge from your application.`,
        score === null
          ? "It could not give a score, because it could judge none of the qualifications."
          : threshold === null
            ? `Its score was ${score} out of 100. No automatic step depended on the score${today}.`
            : `Its score was ${score} out of 100; applications scoring ${threshold} or more were moved forward automatically${today}.`,
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
    engine,
    assessed_at: assessedAt?.toISOString() ?? null,
    criteria_hash: basis?.criteriaHash || null,
    criteria,
    score,
    threshold,
    threshold_basis: thresholdBasis,
    agent_action: agentAction,
    rejected,
    rejected_by: rejectedBy,
    rejected_at: rejected ? (candidate.rejectedAt?.toISOString() ?? null) : null,
    human_review: { contact, how },
    text,
  };
}

/**
 * POST /candidates/{id}/screening_explanation/send and the candidate page's "Send to candidate": the
 * explanation as it reads now, e-mailed to the candidate through the e-mail delivery (SMTP_URL, else
 * kept in the e-mail log), an `email` step in their timeline and an audit entry — one transaction,
 * under the candidate's row lock. Refused (409) for a candidate without an e-mail address and for one
 * the tool never assessed (opted out, not scored, pending, failed, screening off): there is no part
 * of the tool to explain. An erased candidate no longer exists: 404, like any unknown id.
 */
export async function sendScreeningExplanation(svc: ServiceContext, id: number): Promise<ScreeningExplanationSentDto> {
  const result = await svc.db.$transaction(async (tx) => {
    await lockCandidate(tx, svc.companyId, id);
    const candidate = await tx.candidate.findUnique({ where: { id }, select: { id: true, publicId: true, name: true, email: true, job: { select: { title: true } } } });
    if (!candidate) throw AppError.notFound("Candidate", id);
    if (!candidate.email) throw new AppError("conflict", "The candidate has no e-mail address: the explanation cannot be sent");
    const explanation = await explain(tx, svc.companyId, id);
    if (explanation.status !== "judged") throw new AppError("conflict", NOT_SENT[explanation.status]);
    const queued = await queueScreeningExplanationEmail(tx, svc, candidate, explanation.text);
    // The public id and the message only: the audit log keeps nothing personal of a candidate who may be erased later.
    await recordAudit(tx, svc, {
      action: "candidate.screening_explanation_sent",
      target: { type: "candidate", id, label: candidate.publicId },
      data: { email_message_id: queued.id, status: explanation.status, threshold: explanation.threshold, threshold_basis: explanation.threshold_basis },
    });
    return { candidate_id: id, email_message_id: queued.id, status: queued.status, to: candidate.email, subject: queued.subject, explanation };
  });
  notifyEventsCommitted();
  return result;
}

const NOT_SENT: Record<Exclude<ScreeningExplanationDto["status"], "judged">, string> = {
  opted_out: "The candidate asked that a person, not the automated tool, reviews the application: the tool never assessed it, so there is nothing of it to explain",
  screening_off: "The job does not use the automated screening tool: it never assessed this application, so there is nothing of it to explain",
  not_scored: "The automated screening tool never assessed this application: there is nothing of it to explain",
  pending: "The automated screening tool has not assessed this application yet: send the explanation once it has",
  failed: "The automated screening tool's assessment of this application failed and was not used: there is nothing of it to explain",
};
