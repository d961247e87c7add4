import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { interviewDetailSchema, interviewIdInput } from "../contract/interview.ts";
import { cancelInterview } from "../interviews.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const cancelInterviewProcedure = companyProcedure
  .meta({
    scope: "interviews:write",
    openapi: {
      method: "DELETE",
      path: "/interviews/{id}",
      tags: ["Interviews"],
      summary: "Cancel an interview",
      description:
        "Cancels the interview: it is kept with `status` canceled, and every invitee gets a cancellation (METHOD:CANCEL, STATUS:CANCELLED, the same UID and a raised `sequence`), so calendars remove the event. Sends `interview.canceled`. Canceling a canceled interview changes nothing and answers 200 again.",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Interview not found" },
    },
  })
  .input(interviewIdInput)
  .output(dataEnvelope(interviewDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await cancelInterview(ctx.svc, input.id) }));
