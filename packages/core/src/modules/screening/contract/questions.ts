import { z } from "zod";
import { storableText } from "../../../kernel/contract/common.ts";

/** The application form's screening questions: shared by the job contract, the engines and the form. */
export const LOCATION_TYPES = ["onsite", "remote", "hybrid"] as const;

export const screeningQuestionSchema = z
  .object({
    id: storableText(z.string().min(1).max(64)),
    label: storableText(z.string().min(1).max(500)),
    type: z.enum(["text", "textarea", "yes_no", "select"]),
    required: z.boolean(),
    options: z.array(storableText(z.string().min(1).max(200))).max(50).optional(),
  })
  .meta({ id: "ScreeningQuestion" });

export type ScreeningQuestion = z.infer<typeof screeningQuestionSchema>;
