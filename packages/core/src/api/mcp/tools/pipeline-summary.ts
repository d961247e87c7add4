import { z } from "zod";
import { STAGE_TYPES } from "../../../modules/pipeline/contract/job-stages.ts";
import { REPORT_MAX_DAYS } from "../../../modules/report/contract/report.ts";
import { defineTool, READ_ONLY, toolId } from "../tool.ts";

const count = z.number().int().min(0);

const output = z.object({
  data: z.object({
    job: z.object({ id: z.number().int(), title: z.string() }),
    range: z.object({ from: z.string(), to: z.string() }).describe("Application dates counted (UTC): the last two years"),
    fit_buckets: z.array(z.string()).describe("Labels of every fit_counts array, in order"),
    stages: z.array(
      z.object({
        key: z.string(),
        name: z.string(),
        type: z.enum(STAGE_TYPES),
        candidates: count,
        scored: count.describe("Candidates with a fit score"),
        fit_counts: z.array(count).describe("Scored candidates per fit bucket"),
        median_fit_score: z.number().nullable(),
      }),
    ),
    totals: z.object({ candidates: count, scored: count, fit_counts: z.array(count) }),
  }),
});

/**
 * A job's pipeline at a glance: the job (jobs.get: its title, and a 404 for any id not of the
 * caller's company) and the fit-score report of the reports page (reports.fitScores) for it, which
 * counts the candidates per stage and per fit bucket in one query.
 */
export const pipelineSummaryTool = defineTool({
  name: "pipeline_summary",
  title: "Pipeline summary",
  description: "For one job: how many candidates are in each stage of its pipeline, and how their fit scores are distributed (per stage and overall), for candidates who applied in the last two years.",
  scopes: ["jobs:read", "candidates:read"],
  annotations: READ_ONLY,
  input: z.strictObject({ job_id: toolId("The job's id") }),
  output,
  run: async (caller, args) => {
    const { data: job } = await caller.jobs.get({ id: String(args.job_id) } as never);
    const to = new Date();
    const from = new Date(to.getTime() - (REPORT_MAX_DAYS - 1) * 86_400_000);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const { data: report } = await caller.reports.fitScores({ job_id: job.id, from: day(from), to: day(to), tz: "UTC" });
    const stages = report.stages.map((row) => ({
      key: row.stage,
      name: row.name,
      type: row.type,
      candidates: row.candidates,
      scored: row.scored,
      fit_counts: row.counts,
      median_fit_score: row.median,
    }));
    const totals = {
      candidates: stages.reduce((sum, stage) => sum + stage.candidates, 0),
      scored: stages.reduce((sum, stage) => sum + stage.scored, 0),
      fit_counts: report.buckets.map((_, i) => stages.reduce((sum, stage) => sum + (stage.fit_counts[i] ?? 0), 0)),
    };
    return { data: { job: { id: job.id, title: job.title }, range: { from: report.range.from, to: report.range.to }, fit_buckets: report.buckets, stages, totals } };
  },
  summarize: ({ data }) =>
    `${data.job.title}: ${data.totals.candidates} candidate(s). ${data.stages.map((stage) => `${stage.name}: ${stage.candidates}`).join(", ")}. Fit (${data.fit_buckets.join(" | ")}): ${data.totals.fit_counts.join(" | ")}.`,
});
