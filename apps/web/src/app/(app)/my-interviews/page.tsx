import type { MyInterviewDto } from "@hireflow/core/interview/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { Card, EmptyState, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";

export const metadata: Metadata = { title: "My interviews" };

/**
 * "My interviews" (issue 26 §4), for every member: the scorecards they still owe (interviews that
 * are over without their scorecard) and their upcoming interviews, each linking to the candidate page
 * where the scorecard form is.
 */
export default async function MyInterviewsPage() {
  await requireSession("/my-interviews");
  const caller = await serverCaller();
  const mine = await load(caller.scorecards.myInterviews());
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
            <InterviewList interviews={mine.scorecards_due} testId="scorecards-due-list" action="Submit scorecard" />
          )}
        </Card>
        <Card className="p-5">
          <h2 className="mb-3 text-base font-semibold text-slate-900">Upcoming interviews</h2>
          {mine.upcoming.length === 0 ? (
            <EmptyState title="No upcoming interviews">Interviews you are on the panel of appear here.</EmptyState>
          ) : (
            <InterviewList interviews={mine.upcoming} testId="upcoming-interviews" action="Open candidate" />
          )}
        </Card>
      </div>
    </>
  );
}

function InterviewList({ interviews, testId, action }: { interviews: MyInterviewDto[]; testId: string; action: string }) {
  return (
    <ul className="divide-y divide-slate-100" data-testid={testId}>
      {interviews.map((interview) => {
        const candidate = interview.candidate.name ?? `Candidate ${interview.candidate.id}`;
        return (
          <li key={interview.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div>
              <p className="font-medium text-slate-900">
                {interview.title} · {candidate}
              </p>
              <p className="text-slate-600">
                <Time iso={interview.start_at} />
                {interview.job && ` · ${interview.job.title}`}
                {interview.location && ` · ${interview.location}`}
              </p>
            </div>
            <Link href={`/candidates/${interview.candidate.id}`} className="font-medium text-indigo-700 hover:underline">
              {action}
              <span className="sr-only">: {candidate}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
