import { z } from "zod";
import { APPLICATION_SOURCES } from "../../candidate/contract/candidate.ts";
import { INT32_MAX } from "../../../kernel/contract/common.ts";
import { isValidTimeZone, TIME_ZONE_MESSAGE } from "../../../kernel/contract/time-zone.ts";
import { STAGE_TYPES } from "../../pipeline/contract/job-stages.ts";

/**
 * Contracts of the reports (/reports in the web app; UI-only procedures, no REST). Every report
 * describes one cohort: the candidates who applied (were created) between `from` and `to`, local
 * dates in `tz`, company-wide or for one job. docs: docs/WEB-APP.md "Reports".
 */

/**
 * The company-wide funnel's path: the stage types in their natural order. "rejected" leaves it: the
 * funnel reports it beside the path. One job's funnel follows that job's own stages instead (every
 * stage that is not of type rejected, in the job's order).
 */
export const FUNNEL_STAGES = ["prospect", "applied", "phonescreen", "inprogress", "hired"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
/** The company-wide rows of the stage reports: every stage type, in order. */
export const REPORT_STAGES = STAGE_TYPES;
export type ReportStage = (typeof REPORT_STAGES)[number];
/** The reject-reasons row of rejected candidates without a reason. */
export const NO_REJECT_REASON = "No reason given";

/** Fit-score buckets: [min, max) and the last one closed, 80–100. */
export const FIT_BUCKETS = [
  { label: "0–19", min: 0, max: 20 },
  { label: "20–39", min: 20, max: 40 },
  { label: "40–59", min: 40, max: 60 },
  { label: "60–79", min: 60, max: 80 },
  { label: "80–100", min: 80, max: 100 },
] as const;

export const REPORT_KINDS = ["funnel", "time_in_stage", "applications", "sources", "fit_scores", "reject_reasons"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Without `from`, a report covers the 90 days up to `to` (default: today in `tz`). */
export const REPORT_DEFAULT_DAYS = 90;
/** At most two years (731 days, both ends included) per report. */
export const REPORT_MAX_DAYS = 731;
const MIN_DATE = "2000-01-01";
const MAX_DATE = "2100-12-31";
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const id = z.number().int().positive().max(INT32_MAX);

const reportDate = (example: string, description: string) =>
  z.iso
    .date("Must be a date (YYYY-MM-DD)")
    .refine((value) => !DATE.test(value) || (value >= MIN_DATE && value <= MAX_DATE), `Must be between ${MIN_DATE} and ${MAX_DATE}`)
    .meta({ example, description });

/** The canonical IANA name of a time zone Intl knows ("europe/berlin" → "Europe/Berlin"), else null. */
export function canonicalTimeZone(value: string): string | null {
  return isValidTimeZone(value) ? new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone : null;
}

const timeZone = z
  .string()
  .max(64, TIME_ZONE_MESSAGE)
  .refine((value) => canonicalTimeZone(value) !== null, TIME_ZONE_MESSAGE)
  .meta({ example: "Europe/Berlin", description: "IANA time zone of the dates and the week boundaries (Monday 00:00); default UTC" });

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(tz: string, now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** `date` moved by `days` (calendar arithmetic on YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

export interface ReportRange {
  from: string;
  to: string;
  tz: string;
}

/** The range a report covers: defaults filled in (to = today in tz, from = 90 days before), tz canonical. */
export function resolveReportRange(input: { from?: string; to?: string; tz?: string }, now = new Date()): ReportRange {
  const tz = canonicalTimeZone(input.tz ?? "UTC") ?? "UTC";
  const to = input.to ?? todayIn(tz, now);
  const from = input.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  return { from, to, tz };
}

/** The range's fields of a report input (`from`, `to`, `tz`); `what` says which date the range is of. */
export function reportRangeFields(what = "application date") {
  return {
    from: reportDate("2026-01-01", `First day of the range (${what}, in tz); default: 90 days before \`to\``).optional(),
    to: reportDate("2026-03-31", "Last day of the range, included; default: today in tz").optional(),
    tz: timeZone.optional(),
  };
}

/** The range rules of a report input (from ≤ to, at most REPORT_MAX_DAYS), once each field is valid. */
export function checkReportRange(input: { from?: string; to?: string; tz?: string }, ctx: z.RefinementCtx): void {
  // Field issues are reported by the fields; the range is checked once each of them is valid.
  const valid = (value: unknown) => value === undefined || (typeof value === "string" && DATE.test(value));
  if (!valid(input.from) || !valid(input.to) || (input.tz !== undefined && canonicalTimeZone(input.tz) === null)) return;
  const range = resolveReportRange(input);
  if (range.from > range.to) {
    ctx.addIssue({ code: "custom", path: [input.from ? "from" : "to"], message: `Must not be after ${input.from ? `to (${range.to})` : `from (${range.from})`}` });
  } else if (daysBetween(range.from, range.to) > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: "custom", path: [input.to && !input.from ? "to" : "from"], message: `The range must be at most ${REPORT_MAX_DAYS} days (two years)` });
  }
}

export const reportInput = z
  .strictObject({
    job_id: id.optional().meta({ description: "One job's report; company-wide without it" }),
    ...reportRangeFields(),
  })
  .superRefine(checkReportRange);

export type ReportInput = z.infer<typeof reportInput>;

const count = z.number().int().nonnegative();

export const reportRangeSchema = z.object({
  from: z.string().meta({ description: "First day, YYYY-MM-DD in tz" }),
  to: z.string().meta({ description: "Last day (included), YYYY-MM-DD in tz" }),
  tz: z.string(),
  job_id: z.number().int().nullable(),
});

/**
 * A stage row of a report. One job's report has a row per stage of its pipeline (`stage` is the
 * key); a company-wide report has a row per stage type (`stage` is the type, `name` the default
 * pipeline's name of it), since jobs' stages differ.
 */
const stageRow = {
  stage: z.string().meta({ description: "One job's report: the stage's key. Company-wide: the stage type" }),
  name: z.string().meta({ description: "The stage's name (company-wide: the type's name in the default pipeline)" }),
  type: z.enum(STAGE_TYPES),
};

/** `job_stage`: rows are one job's stages; `stage_type`: company-wide, rows are the stage types. */
const stagesBy = z.enum(["job_stage", "stage_type"]);

export const funnelReportSchema = z.object({
  range: reportRangeSchema,
  by: stagesBy,
  /** Candidates who applied in the range (the funnel's first row: everyone reached "prospect"). */
  candidates: count,
  /** Of those, how many are rejected now. */
  rejected: count,
  stages: z.array(
    z.object({
      ...stageRow,
      /** Candidates whose furthest stage on the path is this one or a later one. */
      reached: count,
      /** reached / the previous stage's reached; null for the first stage or when the previous is 0. */
      conversion: z.number().min(0).max(1).nullable(),
      /** Rejected candidates whose furthest stage was this one (where they dropped out). */
      rejected: count,
    }),
  ),
});

export const timeInStageReportSchema = z.object({
  range: reportRangeSchema,
  by: stagesBy,
  stages: z.array(
    z.object({
      ...stageRow,
      /** Completed stays in the stage (entered, then left by a stage change). */
      stints: count,
      median_seconds: z.number().nonnegative().nullable(),
    }),
  ),
});

export const applicationsReportSchema = z.object({
  range: reportRangeSchema,
  total: count,
  weeks: z.array(
    z.object({
      /** Monday of the week, YYYY-MM-DD in tz. */
      week_start: z.string(),
      candidates: count,
      /** The range covers only part of this week (its first or last). */
      partial: z.boolean(),
    }),
  ),
});

export const sourcesReportSchema = z.object({
  range: reportRangeSchema,
  total: count,
  sources: z.array(
    z.object({
      source: z.enum(APPLICATION_SOURCES),
      candidates: count,
      /** candidates / total; null when there are none. */
      share: z.number().min(0).max(1).nullable(),
      /** Of those, hired now. */
      hired: count,
    }),
  ),
});

export const fitScoresReportSchema = z.object({
  range: reportRangeSchema,
  by: stagesBy,
  /** Labels of `counts`, in order (FIT_BUCKETS). */
  buckets: z.array(z.string()),
  stages: z.array(
    z.object({
      ...stageRow,
      candidates: count,
      scored: count,
      /** Candidates per bucket of fit score, in the order of `buckets`. */
      counts: z.array(count),
      median: z.number().min(0).max(100).nullable(),
    }),
  ),
});

export const rejectReasonsReportSchema = z.object({
  range: reportRangeSchema,
  /** Candidates of the range in a rejected-type stage now. */
  rejected: count,
  reasons: z.array(
    z.object({
      /** The reject reason; null for the row of rejected candidates without one (NO_REJECT_REASON). */
      id: z.number().int().nullable(),
      name: z.string(),
      /** An archived reason: listed only while candidates of the range carry it. */
      archived: z.boolean(),
      candidates: count,
      /** candidates / rejected; null when none is rejected. */
      share: z.number().min(0).max(1).nullable(),
    }),
  ),
});

export type ReportRangeDto = z.infer<typeof reportRangeSchema>;
export type FunnelReportDto = z.infer<typeof funnelReportSchema>;
export type TimeInStageReportDto = z.infer<typeof timeInStageReportSchema>;
export type ApplicationsReportDto = z.infer<typeof applicationsReportSchema>;
export type SourcesReportDto = z.infer<typeof sourcesReportSchema>;
export type FitScoresReportDto = z.infer<typeof fitScoresReportSchema>;
export type RejectReasonsReportDto = z.infer<typeof rejectReasonsReportSchema>;
