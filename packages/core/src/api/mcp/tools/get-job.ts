import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { jobSchema } from "../../../modules/job/contract/job.ts";
import { defineTool, READ_ONLY, toolId } from "../tool.ts";

/** GET /api/v1/jobs/{id} (jobs.get): the job with its screening criteria and its pipeline (`stages`). */
export const getJobTool = defineTool({
  name: "get_job",
  title: "Get a job",
  description: "One job: description, locations, salary, its screening criteria (`screening`) and its pipeline stages in order (`stages`, the keys move_candidate and search_candidates take).",
  scopes: ["jobs:read"],
  annotations: READ_ONLY,
  input: z.strictObject({ id: toolId("The job's id") }),
  output: dataEnvelope(jobSchema),
  run: (caller, args) => caller.jobs.get({ id: String(args.id) } as never),
  summarize: ({ data: job }) =>
    `Job #${job.id} ${job.title} (${job.is_active ? "open" : "closed"}). Stages: ${job.stages.map((stage) => `${stage.name} [${stage.key}]`).join(" → ")}.`,
});
