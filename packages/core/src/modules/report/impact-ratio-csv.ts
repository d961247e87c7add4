import { type ImpactRatioReportDto } from "./contract/impact-ratio.ts";
import { csvDocument } from "../../kernel/csv.ts";

/** Three decimals always (0.500), the digits the page shows; the JSON carries the same values. */
export const threePlaces = (value: number | null | undefined) => (value === null || value === undefined ? "" : value.toFixed(3));

/**
 * The impact-ratio report as one CSV: a row per category of each table (`table` says which), then the
 * report's facts as `#`-free key rows a spreadsheet keeps apart (table = "sample").
 */
export function impactRatioCsv(report: ImpactRatioReportDto): { filename: string; csv: string } {
  const rows: unknown[][] = [
    ...report.tables.sex.map((r) => ["sex", r.sex, "", r.n, threePlaces(r.rate), threePlaces(r.impact_ratio), r.excluded_small]),
    ...report.tables.race_ethnicity.map((r) => ["race_ethnicity", "", r.race_ethnicity, r.n, threePlaces(r.rate), threePlaces(r.impact_ratio), r.excluded_small]),
    ...report.tables.intersectional.map((r) => ["intersectional", r.sex, r.race_ethnicity, r.n, threePlaces(r.rate), threePlaces(r.impact_ratio), r.excluded_small]),
    ["unknown", "unknown", "", report.unknown.sex, "", "", ""],
    ["unknown", "", "unknown", report.unknown.race_ethnicity, "", "", ""],
    ["sample", "", "", report.sample_size, "", "", ""],
    // Asked for a person, not the tool: never assessed, so not in the sample.
    ["opted_out", "", "", report.opted_out, "", "", ""],
  ];
  const job = report.job_id === null ? "all-jobs" : `job-${report.job_id}`;
  return {
    filename: `impact-ratios-${report.mode}-${job}-${report.from}-${report.to}.csv`,
    csv: csvDocument(["table", "sex", "race_ethnicity", "n", "rate", "impact_ratio", "excluded_small"], rows),
  };
}
