import { candidateScorecardsInput, scorecardFormsSchema } from "../../contracts/scorecard.ts";
import { scorecardForms } from "../../services/scorecard-forms.ts";
import { userProcedure } from "../../trpc.ts";

/** UI only: the candidate page's scorecard forms of the signed-in member (their interviews of the candidate). */
export const scorecardFormsProcedure = userProcedure
  .meta({ interviewer: "candidate" })
  .input(candidateScorecardsInput)
  .output(scorecardFormsSchema)
  .query(({ ctx, input }) => scorecardForms(ctx.svc, input.id, ctx.user.userId));
