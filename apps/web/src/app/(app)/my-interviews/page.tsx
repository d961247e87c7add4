import type { MyInterviewDto } from "@hireflow/core/interview/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { InterviewWhen } from "@/components/interview-when";
import { Card, EmptyState, PageHeader } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { memberTimeZone } from "@/lib/server/member-zone";
import { requireSession } from "@/lib/server/session";

export const metadata: Metadata = { title: "My interviews" };

/**
 * "My interviews" (issue 26 §4), for every member: the scorecards they still owe (interviews that
 * are over without their scorecard) and their upcoming interviews — each from start to end in the
 * member's zone (My availability's, else the device's), with where it is and its video call. "Submit
 * scorecard" lands on that interview's form on the candidate page (its anchor), not just the page.
 */
export default async function MyInterviewsPage() {
  const session = await requireSession("/my-interviews");
  const caller = await serverCaller();
  const [mine, memberZone] = await Promise.all([load(caller.scorecards.myInterviews()), memberTimeZone(caller, session.user.id)]);
  return (
    <>
      <PageHeader title="My interviews" description="Your upcoming interviews and the scorecards you still owe." />
      <div className="space-y-6">
        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">
            Scorecards due <span className="font-normal text-slate-600">({mine.scorecards_due_count})</span>
          </h2>
          {mine.scorecards_due.length === 0 ? (
            <p className="text-sm text-slate-600">No scorecards due.</p>
          ) : (
            <InterviewList interviews={mine.scorecards_due} memberZone={memberZone} testId="scorecards-due-list" action="Submit scorecard" />
          )}
        </Card>
        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Upcoming interviews</h2>
          {mine.upcoming.length === 0 ? (
            <EmptyState title="No upcoming interviews">Interviews you are on the panel of appear here.</EmptyState>
          ) : (
            <InterviewList interviews={mine.upcoming} memberZone={memberZone} testId="upcoming-interviews" action="Open candidate" />
          )}
        </Card>
      </div>
    </>
  );
}

function InterviewList({ interviews, memberZone, testId, action }: { interviews: MyInterviewDto[]; memberZone: string | null; testId: string; action: "Submit scorecard" | "Open candidate" }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid={testId}>
      {interviews.map((interview) => {
        const candidate = interview.candidate.name ?? `Candidate ${interview.candidate.id}`;
        // The due list's link goes to the interview's own form: a candidate may have several of the member's interviews.
        const href = action === "Submit scorecard" ? `/candidates/${interview.candidate.id}#scorecard-${interview.id}` : `/candidates/${interview.candidate.id}`;
        return (
          <li key={interview.id} className="flex flex-wrap items-start justify-between gap-2 py-3 text-sm" data-testid="my-interview" data-interview-id={interview.id}>
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {interview.title} · {candidate}
              </p>
              <p className="text-slate-700">
                <InterviewWhen start={interview.start_at} end={interview.end_at} bookedZone={interview.time_zone} memberZone={memberZone} />
              </p>
              <p className="text-slate-600">
                {[interview.job?.title, interview.location].filter(Boolean).join(" · ")}
                {interview.video_url && (
                  <>
                    {(interview.job || interview.location) && " · "}
                    <a href={interview.video_url} target="_blank" rel="noopener noreferrer" className="break-all text-indigo-700 underline">
                      Video call<span className="sr-only"> for {interview.title} with {candidate}</span>
                    </a>
                  </>
                )}
              </p>
            </div>
            <Link href={href} className="font-medium text-indigo-700 hover:underline">
              {action}
              <span className="sr-only">
                : {interview.title} with {candidate}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
