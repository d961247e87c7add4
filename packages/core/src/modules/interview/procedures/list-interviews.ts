import { listEnvelope } from "../../../kernel/contract/common.ts";
import { interviewSchema, listInterviewsInput } from "../contract/interview.ts";
import { listInterviews } from "../interviews.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const listInterviewsProcedure = companyProcedure
  .meta({
    scope: "interviews:read",
    openapi: {
      method: "GET",
      path: "/interviews",
      tags: ["Interviews"],
      summary: "List interviews",
      description:
        "By start time, earliest first, canceled ones included (`status`). Filter by candidate, by interviewer, and by time (`from`: ending after, `to`: starting before). Pass `pagination.next_cursor` as `cursor` for the next page.",
      protect: true,
      errorResponses: { 400: "Invalid filter or cursor", 401: "Missing or invalid API key" },
    },
  })
  .input(listInterviewsInput)
  .output(listEnvelope(interviewSchema))
  .query(({ ctx, input }) => listInterviews(ctx.svc, input));
