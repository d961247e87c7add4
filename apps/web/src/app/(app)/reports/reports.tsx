import { FIT_BUCKETS, OVERDUE_DEFAULT_HOURS, type ReportInput } from "@hireflow/core/report/contract";
import Link from "next/link";
import { Alert } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { duration, percent } from "./format";
import {
  ApplicationsChart,
  FitScoresChart,
  FunnelChart,
  InterviewsPerStageChart,
  OffersChart,
  RejectReasonsChart,
  SourcesChart,
  TimeInStageChart,
  TimeToFirstInterviewChart,
} from "./report-charts";
import { ReportSection, ReportTable } from "./report-section";

const dayCount = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)} days`);

/** Every report for the filters, each a section with its chart, table and CSV link. */
export async function Reports({ input }: { input: ReportInput }) {
  const caller = await serverCaller();
  const [{ data: funnel }, { data: timeInStage }, { data: rejectReasons }, { data: applications }, { data: sources }, { data: fitScores }] = await Promise.all([
    load(caller.reports.funnel(input)),
    load(caller.reports.timeInStage(input)),
    load(caller.reports.rejectReasons(input)),
    load(caller.reports.applications(input)),
    load(caller.reports.sources(input)),
    load(caller.reports.fitScores(input)),
  ]);
  // The interview and offer reports take the same filters (query strings, as GET /reports/… does).
  const interviewInput = { ...(input.job_id !== undefined && { job_id: String(input.job_id) }), from: input.from, to: input.to, tz: input.tz };
  const [{ data: interviewsPerStage }, { data: timeToFirstInterview }, { data: overdue }, { data: offers }] = await Promise.all([
    load(caller.reports.interviewsPerStage(interviewInput)),
    load(caller.reports.timeToFirstInterview(interviewInput)),
    load(caller.reports.overdueScorecards(interviewInput)),
    load(caller.reports.offers(interviewInput)),
  ]);
  const range = funnel.range;
  // One job's reports follow its own stages; company-wide, jobs' stages differ, so they count by type.
  const byType = funnel.by === "stage_type";
  return (
    <div className="grid gap-6">
      {funnel.candidates === 0 && <Alert tone="indigo">No candidates applied in this range: every count below is zero.</Alert>}

      <ReportSection
        report="funnel"
        range={range}
        title="Funnel"
        description={
          <>
            How far the {funnel.candidates} candidates got
            {byType ? ", by stage type (each job's stages count as their type: Phone screen, In progress, …)" : " through the job's stages"}. A candidate
            reached a stage when it is their current stage, a later one, or any stage in their history; rejected candidates count up to the furthest
            stage they reached ({funnel.rejected} rejected).
          </>
        }
        chart={<FunnelChart report={funnel} />}
      >
        <ReportTable
          caption="Funnel: candidates who reached each stage"
          head={["Stage", "Reached", "Conversion from the previous stage", "Rejected after reaching it"]}
          rows={funnel.stages}
          rowKey={(s) => s.stage}
          cells={(s) => [s.name, s.reached, percent(s.conversion), s.rejected]}
        />
      </ReportSection>

      <ReportSection
        report="time_in_stage"
        range={range}
        title="Median time in stage"
        description={`From the stage-change history: each stay from entering a stage until the next stage change${byType ? ", by stage type" : ""}. Stays still going on are not counted.`}
        chart={<TimeInStageChart report={timeInStage} />}
      >
        <ReportTable
          caption="Median time in each stage"
          head={["Stage", "Completed stays", "Median time"]}
          rows={timeInStage.stages}
          rowKey={(s) => s.stage}
          cells={(s) => [s.name, s.stints, duration(s.median_seconds)]}
        />
      </ReportSection>

      <ReportSection
        report="reject_reasons"
        range={range}
        title="Reject reasons"
        description={`Why the ${rejectReasons.rejected} candidates who are rejected now were rejected: the reason chosen when they were moved to a rejected stage.`}
        chart={<RejectReasonsChart report={rejectReasons} />}
      >
        <ReportTable
          caption="Rejected candidates per reject reason"
          head={["Reason", "Candidates", "Share"]}
          rows={rejectReasons.reasons}
          rowKey={(r) => r.id ?? "none"}
          cells={(r) => [
            <>
              {r.name}
              {r.archived && <span className="font-normal text-slate-600"> (archived)</span>}
            </>,
            r.candidates,
            percent(r.share),
          ]}
        />
      </ReportSection>

      <ReportSection
        report="interviews_per_stage"
        range={range}
        title="Interviews per stage"
        description={`Interviews that start in this range (${interviewsPerStage.totals.completed} completed, ${interviewsPerStage.totals.scheduled} still to come, ${interviewsPerStage.totals.canceled} canceled), by the stage whose interview plan their kit belongs to${byType ? " (by stage type)" : ""}; an interview without a kit counts at the candidate's current stage.`}
        chart={<InterviewsPerStageChart report={interviewsPerStage} />}
      >
        <ReportTable
          caption="Interviews per stage"
          head={["Stage", "Completed", "Scheduled", "Canceled"]}
          rows={interviewsPerStage.stages}
          rowKey={(s) => s.stage}
          cells={(s) => [s.name, s.completed, s.scheduled, s.canceled]}
        />
      </ReportSection>

      <ReportSection
        report="time_to_first_interview"
        range={range}
        title="Time to first interview"
        description={`Days from application to the first interview that is not canceled, for the candidates who applied in this range: ${timeToFirstInterview.overall.interviewed} of ${timeToFirstInterview.overall.candidates} had one.`}
        chart={<TimeToFirstInterviewChart report={timeToFirstInterview} />}
      >
        <ReportTable
          caption="Days from application to first interview"
          head={["Job", "Interviewed", "Median", "75th pct.", "90th pct."]}
          rows={[{ job_id: 0, title: "All jobs", ...timeToFirstInterview.overall }, ...timeToFirstInterview.jobs]}
          rowKey={(j) => j.job_id}
          cells={(j) => [
            j.title,
            <>
              {j.interviewed} of {j.candidates}
            </>,
            dayCount(j.median_days),
            dayCount(j.p75_days),
            dayCount(j.p90_days),
          ]}
        />
      </ReportSection>

      <ReportSection
        report="overdue_scorecards"
        range={range}
        title="Scorecards overdue"
        description={`Interviewers who have not submitted their scorecard for an interview that ended more than ${OVERDUE_DEFAULT_HOURS} hours ago (and in this range): ${overdue.total} overdue. Canceled interviews and hired or rejected candidates are left out.`}
        chart={
          <ReportTable
            caption="Overdue scorecards per interviewer"
            head={["Interviewer", "Overdue", "Oldest"]}
            rows={overdue.interviewers}
            rowKey={(m) => m.id}
            cells={(m) => [m.name ?? m.email, m.overdue, duration(m.oldest_hours_overdue * 3600)]}
          />
        }
        wide
      >
        {overdue.total === 0 ? (
          <p className="text-sm text-slate-700">No scorecard is overdue.</p>
        ) : (
          <ReportTable
            caption="Overdue scorecards, the longest overdue first"
            head={["Interviewer", "Interview", "Candidate", "Ended", "Overdue by"]}
            scroll
            rows={overdue.scorecards}
            rowKey={(d) => `${d.interview.id}-${d.interviewer.id}`}
            textCells={2}
            cells={(d) => [
              d.interviewer.name ?? d.interviewer.email,
              d.interview.title,
              <Link href={`/candidates/${d.candidate.id}`} className="text-indigo-700 underline">
                {d.candidate.name ?? `Candidate ${d.candidate.id}`}
              </Link>,
              <>{d.interview.end_at.slice(0, 16).replace("T", " ")} UTC</>,
              duration(d.hours_overdue * 3600),
            ]}
          />
        )}
      </ReportSection>

      <ReportSection
        report="offers"
        range={range}
        title="Offers"
        description={
          <>
            The offers <em>sent</em> in this range ({offers.overall.sent}) and what became of them: {offers.overall.accepted} accepted,{" "}
            {offers.overall.declined} declined, {offers.overall.expired} expired, {offers.overall.withdrawn} withdrawn, {offers.overall.open} still
            open. The acceptance rate is accepted ÷ (accepted + declined + expired). Time to hire: the days from the candidate&rsquo;s application
            to their acceptance, for the offers <em>accepted</em> in this range ({offers.overall.hires}).
          </>
        }
        chart={
          offers.overall.sent === 0 && offers.overall.hires === 0 ? (
            <p className="text-sm text-slate-700">No offer was sent or accepted in this range.</p>
          ) : (
            <OffersChart report={offers} />
          )
        }
        wide
      >
        <ReportTable
          caption="Offers per job: sent, answers, acceptance rate and days to hire"
          head={["Job", "Sent", "Accepted", "Declined", "Expired", "Acceptance rate", "Median days to hire", "75th pct.", "90th pct."]}
          rows={[{ job_id: 0, title: "All jobs", ...offers.overall }, ...offers.jobs]}
          rowKey={(j) => j.job_id}
          cells={(j) => [j.title, j.sent, j.accepted, j.declined, j.expired, percent(j.acceptance_rate), dayCount(j.median_days), dayCount(j.p75_days), dayCount(j.p90_days)]}
        />
      </ReportSection>

      <ReportSection
        report="applications"
        range={range}
        title="Applications per week"
        description={`New candidates per week (Monday to Sunday, ${range.tz}): ${applications.total} in total. The first and last weeks may cover only part of the week.`}
        chart={<ApplicationsChart report={applications} />}
      >
        <ReportTable
          caption="New candidates per week"
          head={["Week of", "Candidates"]}
          scroll
          rows={applications.weeks}
          rowKey={(w) => w.week_start}
          cells={(w) => [
            <>
              {w.week_start}
              {w.partial && <span className="font-normal text-slate-600"> (part of the week)</span>}
            </>,
            w.candidates,
          ]}
        />
      </ReportSection>

      <ReportSection
        report="sources"
        range={range}
        title="Source mix"
        description="Where the candidates came from, and how many of each are hired now."
        chart={<SourcesChart report={sources} />}
      >
        <ReportTable
          caption="Candidates per application source"
          head={["Source", "Candidates", "Share", "Hired"]}
          rows={sources.sources}
          rowKey={(s) => s.source}
          cells={(s) => [applicationSourceLabel(s.source), s.candidates, percent(s.share), s.hired]}
        />
      </ReportSection>

      <ReportSection
        report="fit_scores"
        range={range}
        title="Fit scores by stage"
        description="The AI screening's fit scores of the candidates in each stage they are in now. The chart shows each stage's shares, so stages of any size compare: if later stages hold only one band of scores, screening may be skewed."
        chart={
          <>
            {fitScores.stages.every((s) => s.scored === 0) && (
              <p className="text-sm text-slate-700">
                None of these candidates has a fit score: AI screening is off for their jobs, or they were not scored yet (see a job&rsquo;s &ldquo;AI
                screening&rdquo; settings).
              </p>
            )}
            <FitScoresChart report={fitScores} />
          </>
        }
        wide
      >
        <ReportTable
          caption="Candidates per fit-score band in each stage"
          head={["Stage", "Candidates", "Scored", ...FIT_BUCKETS.map((b) => `Fit ${b.label}`), "Median fit"]}
          rows={fitScores.stages}
          rowKey={(s) => s.stage}
          cells={(s) => [s.name, s.candidates, s.scored, ...s.counts, s.median === null ? "—" : s.median.toFixed(0)]}
        />
      </ReportSection>
    </div>
  );
}
