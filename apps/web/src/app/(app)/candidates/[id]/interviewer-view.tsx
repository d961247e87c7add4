import type { CandidateProfileDto } from "@hireflow/core/board/contract";
import { type ReactNode } from "react";
import { Badge, PageHeader } from "@/components/ui";
import { stageTone } from "@/lib/stages";
import { ScreeningSection } from "./ai-screening-section";
import { ResumeSection } from "./resume-section";

/** The candidate page of a member with the role interviewer: their interviews of the candidate, the profile, resume, fit and scorecards; no stage, notes or scheduling. */
export function InterviewerView({ profile, interviews, scorecards }: { profile: CandidateProfileDto; interviews: ReactNode; scorecards: ReactNode }) {
  const c = profile.candidate;
  const name = c.name ?? c.email ?? `Candidate ${c.id}`;
  return (
    <>
      <PageHeader
        back={{ href: "/my-interviews", label: "My interviews" }}
        title={name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {profile.job?.title ?? "No job"}
            {c.stage && <Badge tone={stageTone(c.stage_type)}>{c.stage_name}</Badge>}
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          {interviews}
          {scorecards}
          <ScreeningSection profile={profile} />
        </div>
        <div className="space-y-6">
          <ResumeSection profile={profile} />
        </div>
      </div>
    </>
  );
}
