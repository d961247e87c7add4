import type { CandidateProfileDto } from "@hireflow/core/board/contract";
import { AutoRefresh } from "@/components/auto-refresh";
import { FitCoverage } from "@/components/fit-coverage";
import { Highlighted } from "@/components/highlighted";
import { Badge, Time } from "@/components/ui";
import { describeCriterion, engineLabel, resultOf } from "@/lib/screening";
import { Row, Section } from "./profile-parts";

/**
 * What the AI agent made of the candidate: the score, the engine, and every criterion with its
 * result in words and the evidence that decided it. Not shown when the job's screening never ran.
 */
export function ScreeningSection({ profile }: { profile: CandidateProfileDto }) {
  const c = profile.candidate;
  const fit = c.fit;
  if (fit.status === null && fit.criteria.length === 0 && c.fit_score === null) return null;
  const resumeBusy = c.resume_status === "pending" || c.resume_status === "processing";
  return (
    <Section title="AI screening">
      <div data-testid="ai-screening">
        {fit.status === "pending" && (
          <p className="text-sm text-slate-700" role="status">
            <Badge tone="amber">Scoring…</Badge> <span className="ml-1">The score appears here when the agent has finished.</span>
            {/* The resume section refreshes the page already while the resume is parsed. */}
            {!resumeBusy && <AutoRefresh />}
          </p>
        )}
        {fit.status === "opted_out" && (
          <p className="text-sm text-slate-800" data-testid="ai-opt-out">
            <Badge tone="indigo">Person review</Badge>{" "}
            <span className="ml-1">The applicant asked that a person, not the automated tool, reviews the application: the AI agent never scores or moves them.</span>
          </p>
        )}
        {fit.status === "failed" && (
          <p className="text-sm font-medium text-red-800" role="status">
            Scoring failed; nothing was moved.
          </p>
        )}
        <dl className="divide-y divide-slate-100 text-sm">
          {fit.status !== "pending" && (
            <Row label="Fit score">
              {c.fit_score !== null ? (
                <span className="text-base font-semibold" data-testid="fit-score">
                  {Math.round(c.fit_score)} <span className="text-sm font-normal text-slate-600">/ 100</span>
                </span>
              ) : (
                <span className="text-slate-700">{fit.status !== "completed" ? "Not scored" : fit.total > 0 ? "None" : "None: no criterion could be judged"}</span>
              )}
              {fit.status === "completed" && fit.total > 0 && (
                <>
                  <span className="text-slate-500" aria-hidden="true">
                    {" · "}
                  </span>
                  <FitCoverage judged={fit.judged} total={fit.total} size="sm" />
                </>
              )}
            </Row>
          )}
          {fit.engine && <Row label="Engine">{engineLabel(fit.engine)}</Row>}
          {fit.scored_at && (
            <Row label="Scored">
              <Time iso={fit.scored_at} />
            </Row>
          )}
        </dl>
        {fit.criteria.length > 0 && (
          <>
            <h3 className="mt-4 text-sm font-medium text-slate-800">Criteria</h3>
            <ul className="mt-2 space-y-3" aria-label="Criteria and evidence">
              {fit.criteria.map((criterion) => {
                const result = resultOf(criterion);
                return (
                  <li key={criterion.id} className="rounded-md p-3 ring-1 ring-slate-200" data-testid="criterion-result">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <p className="min-w-0 font-medium break-words text-slate-900">{describeCriterion(criterion, profile.job?.screening_questions)}</p>
                      <Badge tone={result.tone}>
                        <span aria-hidden="true">{result.icon}</span>
                        <span className="ml-1">{result.label}</span>
                      </Badge>
                    </div>
                    <p className="mt-1 text-xs text-slate-600">
                      {criterion.required ? "Required" : "Optional"} · Weight {criterion.weight}
                    </p>
                    {criterion.evidence && (
                      <blockquote className="mt-2 border-l-2 border-slate-300 pl-3 text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="criterion-evidence">
                        <span className="sr-only">Evidence: </span>
                        <Highlighted text={criterion.evidence} match={criterion.match} />
                      </blockquote>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </Section>
  );
}
