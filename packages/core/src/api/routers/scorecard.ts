import { router } from "../../kernel/trpc.ts";
import { getScorecardProcedure } from "../../modules/interview/procedures/get-scorecard.ts";
import { listCandidateScorecardsProcedure } from "../../modules/interview/procedures/list-candidate-scorecards.ts";
import { myInterviewsProcedure, scorecardsDueCountProcedure } from "../../modules/interview/procedures/my-interviews.ts";
import { scorecardFormsProcedure } from "../../modules/interview/procedures/scorecard-forms.ts";
import { submitScorecardProcedure } from "../../modules/interview/procedures/submit-scorecard.ts";

export const scorecardRouter = router({
  listForCandidate: listCandidateScorecardsProcedure,
  get: getScorecardProcedure,
  submit: submitScorecardProcedure,
  // Web app only (no meta.openapi):
  myInterviews: myInterviewsProcedure,
  dueCount: scorecardsDueCountProcedure,
  forms: scorecardFormsProcedure,
});
