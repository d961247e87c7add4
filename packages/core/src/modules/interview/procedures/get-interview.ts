import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { interviewDetailSchema, interviewIdInput } from "../contract/interview.ts";
import { getInterview } from "../interviews.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const getInterviewProcedure = companyProcedure
  .meta({
    scope: "interviews:read",
    openapi: {
      method: "GET",
      path: "/interviews/{id}",
      tags: ["Interviews"],
      summary: "Retrieve an interview",
      description: "The interview with its panel and the overlapping interviews of its interviewers (`conflicts`).",
      protect: true,
      errorResponses: { 400: "Invalid id", 401: "Missing or invalid API key", 404: "Interview not found" },
    },
  })
  .input(interviewIdInput)
  .output(dataEnvelope(interviewDetailSchema))
  .query(async ({ ctx, input }) => ({ data: await getInterview(ctx.svc, input.id) }));
