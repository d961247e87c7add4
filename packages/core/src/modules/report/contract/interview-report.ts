import { z } from "zod";
import { idParam } from "../../../kernel/contract/common.ts";
import { STAGE_TYPES } from "../../pipeline/contract/job-stages.ts";
import { checkReportRange, reportRangeFields, reportRangeSchema } from "./report.ts";

/**
 * The interview reports (issue 26 §4): GET /reports/interviews_per_stage, /reports/time_to_first_interview
 * and /reports/overdue_scorecards (scope reports:read), the web app's Reports page and its CSV. The
 * filters are those of the other reports (job_id, from, to, tz: local days); what the range selects is
 * said per report.
 */
const count = z.number().int().nonnegative();

/** The interview reports' CSV downloads (/api/reports.csv?report=…). */
export const INTERVIEW_REPORT_KINDS = ["interviews_per_stage", "time_to_first_interview", "overdue_scorecards"] as const;
export type InterviewReportKind = (typeof INTERVIEW_REPORT_KINDS)[number];

const jobId = idParam.optional().meta({ description: "One job's report; company-wide without it", example: 12 });

export const interviewsPerStageInput = z.strictObject({ job_id: jobId, ...reportRangeFields("the interview's start") }).superRefine(checkReportRange);
export type InterviewsPerStageInput = z.infer<typeof interviewsPerStageInput>;

export const timeToFirstInterviewInput = z.strictObject({ job_id: jobId, ...reportRangeFields("application date") }).superRefine(checkReportRange);
export type TimeToFirstInterviewInput = z.infer<typeof timeToFirstInterviewInput>;

export const OVERDUE_DEFAULT_HOURS = 24;
export const OVERDUE_MAX_HOURS = 24 * 60;
/** The list of overdue scorecards is cut at this many rows (the longest overdue first); `total` counts all. */
export const OVERDUE_MAX_ROWS = 500;

export const overdueScorecardsInput = z
  .strictObject({
    job_id: jobId,
    ...reportRangeFields("the interview's end"),
    hours: z
      .string()
      .regex(/^[1-9][0-9]{0,4}$/, `Must be a whole number of hours between 1 and ${OVERDUE_MAX_HOURS}`)
      .transform(Number)
      .pipe(z.number().int().max(OVERDUE_MAX_HOURS, `Must be a whole number of hours between 1 and ${OVERDUE_MAX_HOURS}`))
      .optional()
      .meta({
        description: `A scorecard is overdue when its interview ended more than this many hours ago; default ${OVERDUE_DEFAULT_HOURS}`,
        override: ({ jsonSchema }) => {
          delete jsonSchema.pattern;
          Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: OVERDUE_MAX_HOURS, example: OVERDUE_DEFAULT_HOURS });
        },
      }),
  })
  .superRefine(checkReportRange);
export type OverdueScorecardsInput = z.infer<typeof overdueScorecardsInput>;

export const interviewsPerStageReportSchema = z
  .object({
    range: reportRangeSchema,
    by: z.enum(["job_stage", "stage_type"]).meta({ description: "job_stage: one job's stages in its order; stage_type: company-wide, a row per stage type" }),
    totals: z.object({ scheduled: count, completed: count, canceled: count }),
    stages: z.array(
      z.object({
        stage: z.string().meta({ description: "One job's report: the stage's key. Company-wide: the stage type" }),
        name: z.string(),
        type: z.enum(STAGE_TYPES),
        scheduled: count.meta({ description: "Not canceled, not ended yet" }),
        completed: count.meta({ description: "Not canceled, ended" }),
        canceled: count,
      }),
    ),
  })
  .meta({
    id: "InterviewsPerStageReport",
    description:
      "Interviews that start in the range, by the stage of the job's interview plan their kit belongs to; an ad hoc interview (no kit) counts at its candidate's current stage.",
  });

const percentiles = {
  median_days: z.number().nonnegative().nullable(),
  p75_days: z.number().nonnegative().nullable(),
  p90_days: z.number().nonnegative().nullable(),
};

export const timeToFirstInterviewReportSchema = z
  .object({
    range: reportRangeSchema,
    overall: z.object({
      candidates: count.meta({ description: "Candidates who applied in the range" }),
      interviewed: count.meta({ description: "Of those, with an interview that is not canceled" }),
      ...percentiles,
    }),
    jobs: z.array(
      z.object({
        job_id: z.number().int(),
        title: z.string(),
        candidates: count,
        interviewed: count,
        ...percentiles,
      }),
    ),
  })
  .meta({
    id: "TimeToFirstInterviewReport",
    description:
      "Days from application to the start of the candidate's first interview that is not canceled (median, 75th and 90th percentile), for the candidates who applied in the range, company-wide and per job. Candidates without an interview are counted in `candidates` only.",
  });

export const overdueScorecardSchema = z.object({
  interview: z.object({ id: z.number().int(), title: z.string(), start_at: z.string(), end_at: z.string() }),
  candidate: z.object({ id: z.number().int(), name: z.string().nullable() }),
  job: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  interviewer: z.object({ id: z.string(), name: z.string().nullable(), email: z.string() }),
  hours_overdue: z.number().nonnegative().meta({ description: "Hours since the interview ended (one decimal)" }),
});

export const overdueScorecardsReportSchema = z
  .object({
    range: reportRangeSchema,
    hours: z.number().int(),
    total: count.meta({ description: "Scorecards overdue (an interviewer of an interview that ended more than `hours` ago, without a scorecard)" }),
    interviewers: z.array(
      z.object({ id: z.string(), name: z.string().nullable(), email: z.string(), overdue: count, oldest_hours_overdue: z.number().nonnegative() }),
    ),
    scorecards: z.array(overdueScorecardSchema).meta({ description: `The longest overdue first, at most ${OVERDUE_MAX_ROWS}` }),
  })
  .meta({
    id: "OverdueScorecardsReport",
    description:
      "Interviewers who have not submitted their scorecard for an interview that ended more than `hours` ago (and ended in the range). Canceled interviews, and candidates already hired or rejected (their scorecards are closed), are left out.",
  });

export type InterviewsPerStageReportDto = z.infer<typeof interviewsPerStageReportSchema>;
export type TimeToFirstInterviewReportDto = z.infer<typeof timeToFirstInterviewReportSchema>;
export type OverdueScorecardsReportDto = z.infer<typeof overdueScorecardsReportSchema>;
