import { z } from "zod";
import { myInterviewsSchema } from "../contract/my-interviews.ts";
import { countScorecardsDue, myInterviews } from "../my-interviews.ts";
import { userProcedure } from "../../../kernel/trpc.ts";

/** The "My interviews" page (web app only): the signed-in member's own interviews, whatever their role. */
export const myInterviewsProcedure = userProcedure
  .meta({ interviewer: "own" })
  .input(z.strictObject({}).optional())
  .output(myInterviewsSchema)
  .query(({ ctx }) => myInterviews(ctx.svc, ctx.user.userId));

/** The sidebar's count of scorecards the signed-in member still owes. */
export const scorecardsDueCountProcedure = userProcedure
  .meta({ interviewer: "own" })
  .input(z.strictObject({}).optional())
  .output(z.object({ count: z.number().int() }))
  .query(async ({ ctx }) => ({ count: await countScorecardsDue(ctx.svc, ctx.user.userId) }));
