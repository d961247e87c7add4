import { z } from "zod";
import { candidateDetailSchema } from "../../../modules/candidate/contract/candidate.ts";
import { candidateLine, defineTool, toolId } from "../tool.ts";

const output = z.object({
  data: candidateDetailSchema,
  moved: z.boolean().describe("false when the candidate already was in that stage (nothing recorded)"),
});

/**
 * The pipeline's move (pipeline.move, the procedure behind the board's drag and drop and the stage
 * menu), which keeps a free-text reason in the timeline; then the candidate as GET /candidates/{id}
 * shows it. A stage change records candidate.stage_changed like PATCH /candidates/{id}.
 */
export const moveCandidateTool = defineTool({
  name: "move_candidate",
  title: "Move a candidate",
  description:
    "Moves a candidate to another stage of its job's pipeline (a stage key from get_job, or a stage type such as phonescreen or rejected). An optional reason is kept in the timeline; reject_reason_id (a company reject reason) only with a move to a rejected stage. Moving a candidate out of the stage the AI agent moved them to (its advance or its rejection) needs override_reason. No e-mail is sent.",
  scopes: ["candidates:write", "candidates:read"],
  // Destructive: a move to a rejected stage rejects the candidate (and a later move out of an AI agent's
  // stage needs an override), so clients ask before running it.
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  input: z.strictObject({
    candidate_id: toolId("The candidate's id"),
    stage: z.string().max(100).describe("The target stage key (or stage type)"),
    reason: z.string().max(500).optional().describe("Why, kept in the timeline"),
    reject_reason_id: toolId("A reject reason, with a move to a rejected stage").optional(),
    override_reason: z.string().max(500).optional().describe("Why the move goes against the AI agent's move (required then; kept in the timeline and the audit log)"),
  }),
  output,
  run: async (caller, args) => {
    const result = await caller.pipeline.move({ candidate_ids: [args.candidate_id], stage: args.stage, reason: args.reason, reject_reason_id: args.reject_reason_id, override_reason: args.override_reason });
    const { data } = await caller.candidates.get({ id: String(args.candidate_id) } as never);
    return { data, moved: result.data.moved.length > 0 };
  },
  summarize: (result) => `${result.moved ? "Moved" : "Already there:"} ${candidateLine(result.data)}.`,
});
