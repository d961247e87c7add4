import { router } from "../../trpc.ts";
import { createCandidateProcedure } from "./create-candidate.ts";
import { createNoteProcedure } from "./create-note.ts";
import { deleteCandidateProcedure } from "./delete-candidate.ts";
import { exportCandidateProcedure } from "./export-candidate.ts";
import { getCandidateProcedure } from "./get-candidate.ts";
import { getScreeningExplanationProcedure } from "./get-screening-explanation.ts";
import { listCandidatesProcedure } from "./list-candidates.ts";
import { sendScreeningExplanationProcedure } from "./send-screening-explanation.ts";
import { updateCandidateProcedure } from "./update-candidate.ts";

export const candidateRouter = router({
  create: createCandidateProcedure,
  get: getCandidateProcedure,
  update: updateCandidateProcedure,
  list: listCandidatesProcedure,
  addNote: createNoteProcedure,
  delete: deleteCandidateProcedure,
  export: exportCandidateProcedure,
  screeningExplanation: getScreeningExplanationProcedure,
  sendScreeningExplanation: sendScreeningExplanationProcedure,
});
