import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createInterviewInput, interviewDetailSchema } from "../contract/interview.ts";
import { scheduleInterview } from "../interviews.ts";
import { companyProcedure } from "../../../kernel/trpc.ts";

export const createInterviewProcedure = companyProcedure
  .meta({
    scope: "interviews:write",
    openapi: {
      method: "POST",
      path: "/interviews",
      tags: ["Interviews"],
      summary: "Schedule an interview",
      description:
        "Schedules an interview of a candidate with a panel of members (GET /users). Each interviewer, and the candidate when `notify_candidate` is true, gets an e-mail with an iCalendar invitation (METHOD:REQUEST) written in `time_zone`; the e-mails are sent in the background. Overlapping interviews of an interviewer are allowed and listed in `conflicts`. Sends `interview.scheduled`.",
      protect: true,
      errorResponses: { 400: "Validation failed (times, time zone, interviewers not members of the company)", 401: "Missing or invalid API key", 404: "Candidate not found" },
    },
    successStatus: 201,
  })
  .input(createInterviewInput)
  .output(dataEnvelope(interviewDetailSchema))
  .mutation(async ({ ctx, input }) => ({ data: await scheduleInterview(ctx.svc, input) }));
