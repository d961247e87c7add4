import { type ServiceContext } from "../../kernel/context.ts";
import {
  type InterviewReportKind,
  interviewsPerStageInput,
  overdueScorecardsInput,
  timeToFirstInterviewInput,
} from "./contract/interview-report.ts";
import { type ReportRangeDto } from "./contract/report.ts";
import { csvDocument } from "../../kernel/csv.ts";
import { interviewsPerStageReport, overdueScorecardsReport, timeToFirstInterviewReport } from "./interview-reports.ts";

/**
 * The interview reports as CSV (the Reports page's downloads): the numbers of each table. `params`
 * are the query's strings (job_id, from, to, tz, and hours for overdue scorecards), parsed by the
 * same contracts as GET /reports/… (a ZodError is a 400 naming the field).
 */
export async function interviewReportCsv(svc: ServiceContext, kind: InterviewReportKind, params: Record<string, string | undefined>): Promise<{ filename: string; csv: string }> {
  let range: ReportRangeDto;
  let csv: string;
  switch (kind) {
    case "interviews_per_stage": {
      const report = await interviewsPerStageReport(svc, interviewsPerStageInput.parse(pick(params, ["job_id", "from", "to", "tz"])));
      range = report.range;
      csv = csvDocument(
        ["stage", "scheduled", "completed", "canceled", "stage_name", "stage_type"],
        report.stages.map((s) => [s.stage, s.scheduled, s.completed, s.canceled, s.name, s.type]),
      );
      break;
    }
    case "time_to_first_interview": {
      const report = await timeToFirstInterviewReport(svc, timeToFirstInterviewInput.parse(pick(params, ["job_id", "from", "to", "tz"])));
      range = report.range;
      const o = report.overall;
      csv = csvDocument(
        ["job_id", "job_title", "candidates", "interviewed", "median_days", "p75_days", "p90_days"],
        [[null, "All jobs", o.candidates, o.interviewed, o.median_days, o.p75_days, o.p90_days], ...report.jobs.map((j) => [j.job_id, j.title, j.candidates, j.interviewed, j.median_days, j.p75_days, j.p90_days])],
      );
      break;
    }
    case "overdue_scorecards": {
      const report = await overdueScorecardsReport(svc, overdueScorecardsInput.parse(pick(params, ["job_id", "from", "to", "tz", "hours"])));
      range = report.range;
      csv = csvDocument(
        ["interviewer_name", "interviewer_email", "interview_id", "interview_title", "interview_end_at", "hours_overdue", "candidate_id", "candidate_name", "job_title"],
        report.scorecards.map((d) => [d.interviewer.name, d.interviewer.email, d.interview.id, d.interview.title, d.interview.end_at, d.hours_overdue, d.candidate.id, d.candidate.name, d.job?.title ?? null]),
      );
      break;
    }
  }
  const job = range.job_id === null ? "all-jobs" : `job-${range.job_id}`;
  return { filename: `${kind.replace(/_/g, "-")}_${job}_${range.from}_${range.to}.csv`, csv };
}

function pick(params: Record<string, string | undefined>, names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (params[name] ? [[name, params[name]!]] : [])));
}
