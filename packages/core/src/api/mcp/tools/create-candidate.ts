import { z } from "zod";
import { candidateDetailSchema } from "../../../modules/candidate/contract/candidate.ts";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { candidateLine, defineTool, toolId } from "../tool.ts";

/** POST /api/v1/candidates (candidates.create, JSON variant: no resume file). */
export const createCandidateTool = defineTool({
  name: "create_candidate",
  title: "Create a candidate",
  description: "Adds a candidate to one of the company's jobs (source public_api). The same e-mail twice in one job is refused (conflict).",
  scopes: ["candidates:write"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({
    job_id: toolId("The job the candidate applies to"),
    name: z.string().max(200).describe("Full name"),
    email: z.string().max(254).optional(),
    phone: z.string().max(100).optional(),
    linkedin: z.string().max(2048).optional().describe("LinkedIn profile URL"),
    location: z.string().max(500).optional(),
    stage: z.string().max(100).optional().describe("A stage key of the job (default: its first stage)"),
    notes: z.string().max(2000).optional().describe("A first note"),
  }),
  output: dataEnvelope(candidateDetailSchema),
  run: (caller, args) => caller.candidates.create(args as never),
  summarize: ({ data }) => `Created ${candidateLine(data)}${data.job?.title ? ` for ${data.job.title}` : ""}.`,
});
