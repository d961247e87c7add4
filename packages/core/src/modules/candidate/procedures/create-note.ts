import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createNoteInput, noteSchema } from "../contract/note.ts";
import { addNote } from "../notes.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const createNoteProcedure = companyProcedure
  .meta({
    scope: "candidates:write",
    openapi: {
      method: "POST",
      path: "/candidates/{id}/notes",
      tags: ["Candidates"],
      summary: "Add a note to a candidate",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 404: "Candidate not found" },
    },
    successStatus: 201,
  })
  .input(createNoteInput)
  .output(dataEnvelope(noteSchema))
  .mutation(async ({ ctx, input }) => ({ data: await addNote(ctx.svc, input.id, input.note) }));
