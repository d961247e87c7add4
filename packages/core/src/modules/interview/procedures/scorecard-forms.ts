import { candidateScorecardsInput, scorecardFormsSchema } from "../contract/scorecard.ts";
import { scorecardForms } from "../scorecard-forms.ts";
import { userProcedure } from "../../../kernel/trpc.ts";

/** UI only: the candidate page's scorecard forms of the signed-in member (their interviews of the candidate). */
export const scorecardFormsProcedure = userProcedure
  .meta({ interviewer: "candidate" })
  .input(candidateScorecardsInput)
  .output(scorecardFormsSchema)
  .query(({ ctx, input }) => scorecardForms(ctx.svc, input.id, ctx.user.userId));
