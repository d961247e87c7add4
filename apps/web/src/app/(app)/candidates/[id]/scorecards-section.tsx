import { RATING_LABELS, RECOMMENDATIONS, type CandidateScorecardsDto, type ScorecardFormsDto } from "@hireflow/core/interview/contract";
import { InterviewWhen } from "@/components/interview-when";
import { Badge, type BadgeTone, Time } from "@/components/ui";
import { ScorecardForm } from "./scorecard-form";

const TONE: Record<string, BadgeTone> = { strong_no: "red", no: "amber", yes: "green", strong_yes: "green", not_assessed: "slate" };
const SCALE = [...RECOMMENDATIONS, "not_assessed"] as const;

/**
 * The candidate's scorecards (issue 26 §4): the signed-in member's forms for their interviews that
 * have started (one that has not yet says when its form opens), the summary (each attribute's ratings
 * across the interviewers, the recommendations tally) and each scorecard — only those the member may
 * see (no anchoring: scorecards.listForCandidate decides). `memberZone`: the zone the member set in My
 * availability, else null (the device's is used).
 */
export function ScorecardsSection({ forms, scorecards, memberZone }: { forms: ScorecardFormsDto; scorecards: CandidateScorecardsDto; memberZone: string | null }) {
  const { summary } = scorecards;
  const later = forms.locked ? [] : forms.forms.filter((form) => !form.open);
  return (
    <div className="space-y-6">
      {forms.locked && forms.forms.length > 0 && <p className="text-sm text-slate-600">The candidate is hired or rejected: scorecards can no longer be changed.</p>}
      {forms.forms
        .filter((form) => form.open)
        .map((form) => (
          <ScorecardForm key={form.interview.id} form={form} locked={forms.locked} memberZone={memberZone} />
        ))}
      {later.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-700" aria-label="Scorecards not open yet" data-testid="scorecards-not-open">
          {later.map((form) => (
            <li key={form.interview.id}>
              Your scorecard for <strong className="font-medium text-slate-900">{form.interview.title}</strong> opens when the interview starts:{" "}
              <InterviewWhen start={form.interview.start_at} end={form.interview.end_at} bookedZone={form.interview.time_zone} memberZone={memberZone} />
            </li>
          ))}
        </ul>
      )}
      {scorecards.hidden_count > 0 && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="scorecards-hidden">
          {scorecards.hidden_count === 1 ? "One scorecard is" : `${scorecards.hidden_count} scorecards are`} hidden until you submit your own, so that your feedback is your own.
        </p>
      )}
      {scorecards.scorecards.length === 0 ? (
        scorecards.hidden_count === 0 && <p className="text-sm text-slate-600">No scorecards yet.</p>
      ) : (
        <>
          <div data-testid="scorecard-summary">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Summary</h3>
            <p className="mb-3 text-sm text-slate-700">
              Recommendations:{" "}
              {RECOMMENDATIONS.map((value) => `${RATING_LABELS[value]} ${summary.recommendations[value]}`).join(" · ")}
            </p>
            {summary.attributes.length > 0 && (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Each attribute's ratings across the interviewers</caption>
                  <thead>
                    <tr className="text-xs text-slate-600">
                      <th scope="col" className="py-1 pr-3 font-medium">Attribute</th>
                      {SCALE.map((rating) => (
                        <th key={rating} scope="col" className="px-2 py-1 text-right font-medium">{RATING_LABELS[rating]}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {summary.attributes.map((row) => (
                      <tr key={row.attribute}>
                        <th scope="row" className="py-1 pr-3 font-medium text-slate-800">{row.attribute}</th>
                        {SCALE.map((rating) => (
                          <td key={rating} className="px-2 py-1 text-right tabular-nums text-slate-900">{row.ratings[rating]}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
          <ul className="space-y-4" aria-label="Scorecards">
            {scorecards.scorecards.map((card) => (
              <li key={card.id} className="rounded-md p-3 ring-1 ring-slate-200" data-testid="scorecard">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <strong className="text-slate-900">{card.interviewer.name ?? card.interviewer.email}</strong>
                  <span className="text-slate-600">{card.interview_title}</span>
                  <Badge tone={TONE[card.recommendation]}>{RATING_LABELS[card.recommendation]}</Badge>
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {card.ratings.map((rating) => (
                    <div key={rating.attribute} className="contents">
                      <dt className="text-slate-600">{rating.attribute}</dt>
                      <dd className="text-slate-900">{RATING_LABELS[rating.rating]}</dd>
                    </div>
                  ))}
                </dl>
                {card.notes && <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{card.notes}</p>}
                <p className="mt-2 text-xs text-slate-600">
                  Submitted <Time iso={card.submitted_at} />
                  {card.updated_at !== card.submitted_at && (
                    <>
                      {" "}· edited <Time iso={card.updated_at} />
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
