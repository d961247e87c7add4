import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { noteSchema } from "../../../modules/candidate/contract/note.ts";
import { defineTool, toolId } from "../tool.ts";

/** POST /api/v1/candidates/{id}/notes (candidates.addNote). */
export const addNoteTool = defineTool({
  name: "add_note",
  title: "Add a note",
  description: "Adds a note to a candidate's timeline (1 to 2000 characters).",
  scopes: ["candidates:write"],
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ candidate_id: toolId("The candidate's id"), note: z.string().max(2000).describe("The note's text") }),
  output: dataEnvelope(noteSchema),
  run: (caller, args) => caller.candidates.addNote({ id: String(args.candidate_id), note: args.note } as never),
  summarize: ({ data }) => `Note #${data.id} added to candidate #${data.candidate_id}.`,
});
