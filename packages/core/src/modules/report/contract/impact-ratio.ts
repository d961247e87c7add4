import { z } from "zod";
import { idParam } from "../../../kernel/contract/common.ts";
import { STAGE_TYPES } from "../../pipeline/contract/job-stages.ts";
import { REPORTED_RACES, REPORTED_SEXES } from "../../candidate/contract/self-identification.ts";

/**
 * GET /reports/impact_ratios (issue 25 §2): NYC Local Law 144's bias audit tables from the company's
 * own data. docs/SCREENING.md "Impact ratios" says what each number means.
 */
export const IMPACT_RATIO_MODES = ["selection", "scoring"] as const;
export type ImpactRatioMode = (typeof IMPACT_RATIO_MODES)[number];
/** A category under this share of the sample is shown but never the reference (LL144's 2 % rule). */
export const SMALL_CATEGORY_SHARE = 0.02;
const MAX_DAYS = 731;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const day = (description: string, example: string) =>
  z.iso
    .date("Must be a date (YYYY-MM-DD)")
    .refine((value) => !DATE.test(value) || (value >= "2000-01-01" && value <= "2100-12-31"), "Must be between 2000-01-01 and 2100-12-31")
    .meta({ description, example });

export const impactRatioInput = z
  .strictObject({
    job_id: idParam.optional().meta({ description: "One job's applicants; company-wide without it", example: 12 }),
    from: day("First application date (UTC) of the sample, included; default: 364 days before `to`", "2026-01-01").optional(),
    to: day("Last application date (UTC) of the sample, included; default: today", "2026-12-31").optional(),
    mode: z
      .enum(IMPACT_RATIO_MODES, { error: "Must be selection or scoring" })
      .optional()
      .meta({
        description: "selection (default): the share of each category the AI agent moved forward; scoring: the share scoring above the sample's median fit score",
      }),
    selected_stage_type: z
      .enum(STAGE_TYPES, { error: `Must be one of: ${STAGE_TYPES.join(", ")}` })
      .optional()
      .meta({ description: "Selection mode only: count as selected whoever reached a stage of this type, instead of the agent's advance" }),
  })
  .superRefine((input, ctx) => {
    if (input.selected_stage_type !== undefined && input.mode === "scoring") {
      ctx.addIssue({ code: "custom", path: ["selected_stage_type"], message: "Only with mode=selection" });
    }
    const valid = (value: string | undefined) => value === undefined || DATE.test(value);
    if (!valid(input.from) || !valid(input.to)) return;
    const { from, to } = resolveImpactRatioRange(input);
    if (from > to) ctx.addIssue({ code: "custom", path: [input.from ? "from" : "to"], message: `Must not be after to (${to})` });
    else if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MAX_DAYS) {
      ctx.addIssue({ code: "custom", path: ["from"], message: `The range must be at most ${MAX_DAYS} days (two years)` });
    }
  });

export type ImpactRatioInput = z.infer<typeof impactRatioInput>;

/** The dates a report covers: `to` defaults to today (UTC), `from` to a year's 365 days ending at `to`. */
export function resolveImpactRatioRange(input: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = input.to ?? now.toISOString().slice(0, 10);
  const from = input.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

const rate = z.number().min(0).max(1).meta({ description: "Rounded to 3 decimal places", example: 0.543 });
const rowFields = {
  n: z.number().int().nonnegative().meta({ description: "Applicants of the category in the sample" }),
  rate: rate.meta({ description: "selection: selected ÷ n; scoring: share of n scoring above the median. 3 decimal places" }),
  impact_ratio: z.number().nonnegative().nullable().meta({
    description: "rate ÷ the highest rate of a category that is not excluded_small, 3 decimal places; null when that rate is 0 (nobody selected)",
    example: 0.823,
  }),
  excluded_small: z.boolean().meta({ description: "Under 2 % of the sample: shown, never the reference rate" }),
};
const sex = z.enum(REPORTED_SEXES);
const race = z.enum(REPORTED_RACES);

export const impactRatioSexRow = z.object({ sex, ...rowFields });
export const impactRatioRaceRow = z.object({ race_ethnicity: race, ...rowFields });
export const impactRatioIntersectionalRow = z.object({ sex, race_ethnicity: race, ...rowFields });

export const impactRatioReportSchema = z
  .object({
    mode: z.enum(IMPACT_RATIO_MODES),
    job_id: z.number().int().nullable(),
    from: z.string().meta({ description: "YYYY-MM-DD (UTC)" }),
    to: z.string().meta({ description: "YYYY-MM-DD (UTC), included" }),
    selected_stage_type: z.enum(STAGE_TYPES).nullable().meta({ description: "Selection mode: the stage type that counted as selected; null: the AI agent's advance" }),
    sample_size: z.number().int().nonnegative().meta({ description: "Applicants of the range assessed by the AI screening tool (a completed scoring); scoring mode: with a fit score" }),
    median_score: z.number().nullable().optional().meta({ description: "Scoring mode: the sample's median fit score (null for an empty sample)" }),
    opted_out: z
      .number()
      .int()
      .nonnegative()
      .meta({ description: "Applicants of the range (and job) who asked that a person, not the tool, reviews them (ai_opt_out): never assessed, so excluded from the sample" }),
    unknown: z.object({
      sex: z.number().int().nonnegative().meta({ description: "Sample members without a sex answer (none, or declined)" }),
      race_ethnicity: z.number().int().nonnegative().meta({ description: "Sample members without a race/ethnicity answer (none, or declined)" }),
    }),
    engines: z.array(z.object({ engine: z.string(), model: z.string().nullable() })).meta({ description: "The screening engines (and model ids) whose completed scorings of the sample the report rests on" }),
    criteria_hash: z.string().nullable().meta({ description: "SHA-256 of the job's current screening criteria (as in the screening audit); null company-wide or with screening off" }),
    tables: z.object({
      sex: z.array(impactRatioSexRow),
      race_ethnicity: z.array(impactRatioRaceRow),
      intersectional: z.array(impactRatioIntersectionalRow),
    }),
  })
  .meta({ id: "ImpactRatioReport" });

export type ImpactRatioReportDto = z.infer<typeof impactRatioReportSchema>;
export type ImpactRatioRow = z.infer<typeof impactRatioSexRow> | z.infer<typeof impactRatioRaceRow> | z.infer<typeof impactRatioIntersectionalRow>;
