import { z } from "zod";
import { idParam, storableText, timestamp } from "../../../kernel/contract/common.ts";

export const noteSchema = z
  .object({
    id: z.number().int(),
    candidate_id: z.number().int(),
    type: z.literal("note_added"),
    note: z.string(),
    note_preview: z.string(),
    performer_id: z.string().nullable(),
    added_by: z.enum(["api", "user", "system", "ai_agent"]),
    created_at: timestamp,
  })
  .meta({ id: "CandidateNote" });

export type NoteDto = z.infer<typeof noteSchema>;

export const createNoteInput = z.strictObject({
  id: idParam,
  note: storableText(z.string().trim().min(1, "Must be 1 to 2000 characters").max(2000, "Must be 1 to 2000 characters")),
});
