import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { interviewDetailSchema, updateInterviewInput } from "../contract/interview.ts";
import { updateInterview } from "../interviews.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const updateInterviewProcedure = companyProcedure
  .meta({
    scope: "interviews:write",
    openapi: {
      method: "PATCH",
      path: "/interviews/{id}",
      tags: ["Interviews"],
      summary: "Reschedule or edit an interview",
      description:
        "Partial update. A change raises `sequence` and sends every invitee an updated invitation with the same UID, so calendars move the one event; interviewers taken off the panel (and the candidate when `notify_candidate` becomes false) get a cancellation. Sends `interview.updated` with `changed_fields`; a request that changes nothing sends nothing. A canceled interview cannot be edited (409).",
      protect: true,
      errorResponses: { 400: "Validation failed", 401: "Missing or invalid API key", 404: "Interview not found", 409: "The interview is canceled" },
    },
  })
  .input(updateInterviewInput)
  .output(dataEnvelope(interviewDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await updateInterview(ctx.svc, input) }));
