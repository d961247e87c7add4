import { router } from "../../kernel/trpc.ts";
import { createCandidateProcedure } from "../../modules/candidate/procedures/create-candidate.ts";
import { createNoteProcedure } from "../../modules/candidate/procedures/create-note.ts";
import { deleteCandidateProcedure } from "../../modules/privacy/procedures/delete-candidate.ts";
import { exportCandidateProcedure } from "../../modules/privacy/procedures/export-candidate.ts";
import { getCandidateProcedure } from "../../modules/candidate/procedures/get-candidate.ts";
import { getScreeningExplanationProcedure } from "../../modules/candidate/procedures/get-screening-explanation.ts";
import { listCandidatesProcedure } from "../../modules/candidate/procedures/list-candidates.ts";
import { sendScreeningExplanationProcedure } from "../../modules/candidate/procedures/send-screening-explanation.ts";
import { updateCandidateProcedure } from "../../modules/candidate/procedures/update-candidate.ts";

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
