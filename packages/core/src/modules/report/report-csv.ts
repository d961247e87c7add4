import { type ServiceContext } from "../../kernel/context.ts";
import { type ReportInput, type ReportKind, type ReportRangeDto } from "./contract/report.ts";
import { csvDocument } from "../../kernel/csv.ts";
import { applicationSourceLabel } from "../candidate/contract/application-source.ts";
import { applicationsReport, fitScoresReport, funnelReport, rejectReasonsReport, sourcesReport, timeInStageReport } from "./reports.ts";

/** Ratios with four decimals (0.4286), so a spreadsheet shows the same number the page rounds. */
const decimal = (value: number | null, digits = 4) => (value === null ? null : Number(value.toFixed(digits)));

/**
 * One report as CSV: the numbers of the chart's table, one row per stage, week, source or reason.
 * Stage rows start with `stage` (one job's report: the stage key; company-wide: the stage type) and
 * end with `stage_name` and `stage_type`, so the columns before them are where they always were.
 */
export async function reportCsv(svc: ServiceContext, kind: ReportKind, input: ReportInput): Promise<{ filename: string; csv: string }> {
  let range: ReportRangeDto;
  let csv: string;
  switch (kind) {
    case "funnel": {
      const report = await funnelReport(svc, input);
      range = report.range;
      csv = csvDocument(
        ["stage", "reached", "conversion_from_previous", "rejected_here", "stage_name", "stage_type"],
        report.stages.map((s) => [s.stage, s.reached, decimal(s.conversion), s.rejected, s.name, s.type]),
      );
      break;
    }
    case "time_in_stage": {
      const report = await timeInStageReport(svc, input);
      range = report.range;
      csv = csvDocument(
        ["stage", "completed_stays", "median_seconds", "median_days", "stage_name", "stage_type"],
        report.stages.map((s) => [
          s.stage,
          s.stints,
          s.median_seconds === null ? null : Math.round(s.median_seconds),
          decimal(s.median_seconds === null ? null : s.median_seconds / 86_400, 2),
          s.name,
          s.type,
        ]),
      );
      break;
    }
    case "applications": {
      const report = await applicationsReport(svc, input);
      range = report.range;
      csv = csvDocument(
        ["week_start", "candidates", "partial_week"],
        report.weeks.map((w) => [w.week_start, w.candidates, w.partial]),
      );
      break;
    }
    case "sources": {
      const report = await sourcesReport(svc, input);
      range = report.range;
      csv = csvDocument(
        ["source", "candidates", "share", "hired", "source_label"],
        report.sources.map((s) => [s.source, s.candidates, decimal(s.share), s.hired, applicationSourceLabel(s.source)]),
      );
      break;
    }
    case "fit_scores": {
      const report = await fitScoresReport(svc, input);
      range = report.range;
      csv = csvDocument(
        ["stage", "candidates", "scored", "not_scored", ...report.buckets.map((label) => `fit_${label.replace("–", "_")}`), "median_fit_score", "stage_name", "stage_type"],
        report.stages.map((s) => [s.stage, s.candidates, s.scored, s.candidates - s.scored, ...s.counts, decimal(s.median, 2), s.name, s.type]),
      );
      break;
    }
    case "reject_reasons": {
      const report = await rejectReasonsReport(svc, input);
      range = report.range;
      csv = csvDocument(
        ["reject_reason_id", "reject_reason", "archived", "candidates", "share"],
        report.reasons.map((r) => [r.id, r.name, r.archived, r.candidates, decimal(r.share)]),
      );
      break;
    }
  }
  const job = range.job_id === null ? "all-jobs" : `job-${range.job_id}`;
  return { filename: `${kind.replace(/_/g, "-")}_${job}_${range.from}_${range.to}.csv`, csv };
}
