import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { candidateBriefSchema } from "../../../modules/board/contract/board.ts";
import { candidateLine, defineTool, READ_ONLY, toolId } from "../tool.ts";

/**
 * pipeline.candidateBrief: the REST candidate (profile, resume_data, fit with its evidence, by the same
 * typed SQL read as GET /candidates/{id}) plus the screening answers and the newest timeline entries,
 * limited in SQL — not the candidate page's whole timeline.
 */
export const getCandidateTool = defineTool({
  name: "get_candidate",
  title: "Get a candidate",
  description: "One candidate: profile, parsed resume data, fit score with the evidence per screening criterion, screening answers and the recent timeline (notes, stage changes).",
  scopes: ["candidates:read"],
  annotations: READ_ONLY,
  input: z.strictObject({ id: toolId("The candidate's id") }),
  output: dataEnvelope(candidateBriefSchema),
  run: (caller, args) => caller.pipeline.candidateBrief({ id: args.id }),
  summarize: ({ data }) => {
    const c = data.candidate;
    return `${candidateLine(c)}${c.job?.title ? ` for ${c.job.title}` : ""}; ${c.email ?? "no e-mail"}; resume ${c.resume_status ?? "none"}; fit judged on ${c.fit.judged} of ${c.fit.total} criteria; ${data.recent_timeline.length} recent timeline entries.`;
  },
});
