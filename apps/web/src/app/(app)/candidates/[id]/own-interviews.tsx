import type { ScorecardFormsDto } from "@hireflow/core/interview/contract";
import { InterviewWhen } from "@/components/interview-when";

/**
 * An interviewer's own interviews of the candidate (issue 43 §4): all an interviewer may see of the
 * schedule — when each is in their zone, where, the video call — and the way to its scorecard once it
 * has started (the form's anchor below). From the scorecard forms, which list exactly these interviews.
 */
export function OwnInterviews({ forms, memberZone }: { forms: ScorecardFormsDto; memberZone: string | null }) {
  if (forms.forms.length === 0) return <p className="text-sm text-slate-600">You have no scheduled interview with this candidate.</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label="Your interviews with the candidate" data-testid="own-interviews">
      {forms.forms.map(({ interview, open, scorecard }) => (
        <li key={interview.id} className="space-y-0.5 py-2 text-sm">
          <p className="font-medium text-slate-900">
            {interview.title}
            {interview.kit && <span className="font-normal text-slate-600"> ({interview.kit})</span>}
          </p>
          <p className="text-slate-700">
            <InterviewWhen start={interview.start_at} end={interview.end_at} bookedZone={interview.time_zone} memberZone={memberZone} />
          </p>
          {interview.location && <p className="text-slate-600">{interview.location}</p>}
          {interview.video_url && (
            <p>
              <a href={interview.video_url} target="_blank" rel="noopener noreferrer" className="break-all text-indigo-700 underline">
                Video call<span className="sr-only"> for {interview.title}</span>
              </a>
            </p>
          )}
          <p>
            {forms.locked ? (
              <span className="text-slate-600">Scorecards are closed: the candidate is hired or rejected.</span>
            ) : open ? (
              <a href={`#scorecard-${interview.id}`} className="font-medium text-indigo-700 hover:underline">
                {scorecard ? "Edit your scorecard" : "Submit scorecard"}
                <span className="sr-only"> for {interview.title}</span>
              </a>
            ) : (
              <span className="text-slate-600">The scorecard opens when the interview starts.</span>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
