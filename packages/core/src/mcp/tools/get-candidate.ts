import { z } from "zod";
import { candidateDetailSchema } from "../../contracts/candidate.ts";
import { timelineEntrySchema } from "../../contracts/pipeline.ts";
import { candidateLine, defineTool, READ_ONLY, toolId } from "../tool.ts";

/** How much of the timeline an assistant gets: the newest entries are what "recent" asks for. */
export const RECENT_TIMELINE_ENTRIES = 20;

const output = z.object({
  data: z.object({
    candidate: candidateDetailSchema,
    answers: z.array(z.object({ id: z.string(), label: z.string(), answer: z.unknown() })).describe("The application form's screening answers"),
    recent_timeline: z.array(timelineEntrySchema).describe(`The newest ${RECENT_TIMELINE_ENTRIES} timeline entries, newest first`),
  }),
});

/**
 * The candidate page's procedure (pipeline.candidate): the REST candidate (profile, resume_data, fit
 * with its evidence) plus the screening answers and the timeline, in one read.
 */
export const getCandidateTool = defineTool({
  name: "get_candidate",
  title: "Get a candidate",
  description: "One candidate: profile, parsed resume data, fit score with the evidence per screening criterion, screening answers and the recent timeline (notes, stage changes).",
  scopes: ["candidates:read"],
  annotations: READ_ONLY,
  input: z.strictObject({ id: toolId("The candidate's id") }),
  output,
  run: async (caller, args) => {
    const { data } = await caller.pipeline.candidate({ id: args.id });
    return { data: { candidate: data.candidate, answers: data.answers, recent_timeline: data.timeline.slice(-RECENT_TIMELINE_ENTRIES).reverse() } };
  },
  summarize: ({ data }) => {
    const c = data.candidate;
    return `${candidateLine(c)}${c.job?.title ? ` for ${c.job.title}` : ""}; ${c.email ?? "no e-mail"}; resume ${c.resume_status ?? "none"}; fit judged on ${c.fit.judged} of ${c.fit.total} criteria; ${data.recent_timeline.length} recent timeline entries.`;
  },
});
