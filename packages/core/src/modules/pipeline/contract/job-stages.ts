import { z } from "zod";
import { INT32_MAX, singleLine, storableText } from "../../../kernel/contract/common.ts";
import { PUBLIC_API_STAGES } from "./stages.ts";

/**
 * A job's pipeline: its ordered stages `{key, name, type}`. The key is what a candidate's `stage`
 * holds; the type (one of the six public stage values) is what the stage means to the system.
 */
export const STAGE_TYPES = PUBLIC_API_STAGES;
export type StageType = (typeof STAGE_TYPES)[number];

/** Types every pipeline must have: the API's default, careers applications, and the two outcomes. */
export const REQUIRED_STAGE_TYPES = ["prospect", "applied", "hired", "rejected"] as const satisfies readonly StageType[];
/** Types a pipeline cannot start with. */
const OUTCOME_TYPES: readonly StageType[] = ["hired", "rejected"];

export const MAX_STAGES = 30;
export const STAGE_KEY_PATTERN = /^[a-z0-9_]{1,40}$/;

export const stageKey = z
  .string()
  .regex(STAGE_KEY_PATTERN, "Must be 1 to 40 characters of a-z, 0-9 and _")
  .meta({ description: "Stable identifier of the stage in its job (what a candidate's `stage` holds)", example: "phonescreen" });

export const jobStageSchema = z
  .object({
    key: stageKey,
    name: z.string().meta({ example: "Onsite" }),
    type: z.enum(STAGE_TYPES).meta({ description: "What the stage means: one of the six public stage values" }),
  })
  .meta({ id: "JobStage" });

export type JobStageDto = z.infer<typeof jobStageSchema>;

/**
 * A stage's interview plan (issue 26 §1): kits `{id, name, duration_minutes, instructions, attributes,
 * questions}`. The instructions are for the panel and never reach a candidate.
 */
export const MAX_STAGE_INTERVIEWS = 10;
export const MAX_INTERVIEW_ATTRIBUTES = 15;
export const MAX_INTERVIEW_QUESTIONS = 30;

export const interviewKitSchema = z
  .object({
    id: z.number().int().meta({ description: "Give it as `interview_id` when scheduling (POST /interviews)" }),
    name: z.string(),
    duration_minutes: z.number().int(),
    instructions: z.string().meta({ description: "For the panel: in the interviewers' invitations, never in the candidate's" }),
    attributes: z.array(z.string()).meta({ description: "Focus points to rate, at most 15" }),
    questions: z.array(z.string()),
  })
  .meta({ id: "InterviewKit" });
export type InterviewKitDto = z.infer<typeof interviewKitSchema>;

const kitInput = z.strictObject({
  id: z.number().int().min(1).max(INT32_MAX).pipe(z.number()).optional().meta({ description: "An existing kit of this stage to keep (and update); omit for a new one" }),
  name: storableText(singleLine(z.string().trim().min(1, "Must be 1 to 120 characters").max(120, "Must be 1 to 120 characters"))),
  duration_minutes: z.number().int("Must be a whole number of minutes").min(5, "Must be 5 to 480 minutes").max(480, "Must be 5 to 480 minutes").pipe(z.number()),
  instructions: storableText(z.string().trim().max(5000, "Must be at most 5000 characters")).optional(),
  attributes: z
    .array(storableText(singleLine(z.string().trim().min(1, "Must be 1 to 80 characters").max(80, "Must be 1 to 80 characters"))))
    .max(MAX_INTERVIEW_ATTRIBUTES, `At most ${MAX_INTERVIEW_ATTRIBUTES} attributes`)
    .optional(),
  questions: z
    .array(storableText(z.string().trim().min(1, "Must be 1 to 1000 characters").max(1000, "Must be 1 to 1000 characters")))
    .max(MAX_INTERVIEW_QUESTIONS, `At most ${MAX_INTERVIEW_QUESTIONS} questions`)
    .optional(),
});
export type InterviewKitInput = z.infer<typeof kitInput>;

const stageInput = z.strictObject({
  key: stageKey,
  name: storableText(singleLine(z.string().trim().min(1, "Must be 1 to 80 characters").max(80, "Must be 1 to 80 characters"))),
  type: z.enum(STAGE_TYPES),
  interviews: z
    .array(kitInput)
    .max(MAX_STAGE_INTERVIEWS, `At most ${MAX_STAGE_INTERVIEWS} interviews per stage`)
    .optional()
    .meta({ description: "The stage's interview plan, replacing the one it has (kits named by `id` are kept); omitted: the plan stays as it is" }),
});

/** The whole ordered list of a job's stages (or of the company's template), with the pipeline's rules. */
export const jobStagesInput = z
  .array(stageInput)
  .min(1)
  .max(MAX_STAGES, `At most ${MAX_STAGES} stages`)
  .superRefine((stages, ctx) => {
    const seen = new Map<string, number>();
    stages.forEach((stage, index) => {
      if (seen.has(stage.key)) ctx.addIssue({ code: "custom", path: [index, "key"], message: `Duplicate key "${stage.key}" (also stages[${seen.get(stage.key)}])` });
      else seen.set(stage.key, index);
    });
    for (const type of REQUIRED_STAGE_TYPES) {
      if (!stages.some((stage) => stage.type === type)) ctx.addIssue({ code: "custom", path: [], message: `Needs at least one stage of type "${type}"` });
    }
    if (stages[0] && OUTCOME_TYPES.includes(stages[0].type)) ctx.addIssue({ code: "custom", path: [0, "type"], message: `The first stage cannot be of type "${stages[0].type}"` });
  })
  .meta({
    description: "The whole ordered list of stages. At least one stage of each type prospect, applied, hired and rejected; the first stage is not hired or rejected.",
    example: [
      { key: "prospect", name: "Prospect", type: "prospect" },
      { key: "applied", name: "Applied", type: "applied" },
      { key: "phonescreen", name: "Phone screen", type: "phonescreen" },
      { key: "inprogress", name: "In progress", type: "inprogress" },
      { key: "hired", name: "Hired", type: "hired" },
      { key: "rejected", name: "Rejected", type: "rejected" },
    ],
  });

export type JobStagesInput = z.infer<typeof jobStagesInput>;

/** Where the candidates of dropped stages go: `{"<dropped key>": "<key of the new list>"}`. */
export const stageMovesInput = z
  .record(stageKey, stageKey)
  .meta({ description: "For each dropped stage that holds candidates, the key (in the new list) they move to" });

export const rejectReasonSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    archived: z.boolean(),
  })
  .meta({ id: "RejectReason" });

export type RejectReasonDto = z.infer<typeof rejectReasonSchema>;

/** A candidate's reject reason as the candidate object carries it. */
export const candidateRejectReasonSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: "CandidateRejectReason" });

export const rejectReasonId = z.number().int().positive().max(INT32_MAX).pipe(z.number());

export const listRejectReasonsInput = z.strictObject({}).optional();

// Unique in the company (409 otherwise): `x-unique` tells generated inputs (the test sweeps) to vary it.
const reasonName = storableText(singleLine(z.string().trim().min(1, "Must be 1 to 100 characters").max(100, "Must be 1 to 100 characters"))).meta({
  "x-unique": true,
});

export const createRejectReasonInput = z.strictObject({ name: reasonName });
export const updateRejectReasonInput = z.strictObject({ id: rejectReasonId, name: reasonName.optional(), archived: z.boolean().optional() });

/** A stage as a job shows it: with its interview plan (the jobs API; absent where a job is shown without it). */
export const jobStageWithPlanSchema = jobStageSchema
  .extend({ interviews: z.array(interviewKitSchema).optional().meta({ description: "The stage's interview plan, in order; absent when the stage has none" }) })
  .meta({ id: "JobStageWithPlan" });

/** The template's kits have no ids: each new job gets its own copies. */
const templateKitSchema = interviewKitSchema.omit({ id: true });
export const pipelineTemplateSchema = z.object({
  stages: z.array(jobStageSchema.extend({ interviews: z.array(templateKitSchema).optional() })),
  is_default: z.boolean(),
});
export const updatePipelineTemplateInput = z.strictObject({ stages: jobStagesInput.nullable() });
