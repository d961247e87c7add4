import { router } from "../../trpc.ts";
import { getScorecardProcedure } from "./get-scorecard.ts";
import { listCandidateScorecardsProcedure } from "./list-candidate-scorecards.ts";
import { myInterviewsProcedure, scorecardsDueCountProcedure } from "./my-interviews.ts";
import { scorecardFormsProcedure } from "./scorecard-forms.ts";
import { submitScorecardProcedure } from "./submit-scorecard.ts";

export const scorecardRouter = router({
  listForCandidate: listCandidateScorecardsProcedure,
  get: getScorecardProcedure,
  submit: submitScorecardProcedure,
  // Web app only (no meta.openapi):
  myInterviews: myInterviewsProcedure,
  dueCount: scorecardsDueCountProcedure,
  forms: scorecardFormsProcedure,
});
