import { router } from "../../kernel/trpc.ts";
import { createRejectReasonProcedure } from "../../modules/pipeline/procedures/create-reject-reason.ts";
import { listRejectReasonsProcedure } from "../../modules/pipeline/procedures/list-reject-reasons.ts";
import { updateRejectReasonProcedure } from "../../modules/pipeline/procedures/update-reject-reason.ts";

export const rejectReasonRouter = router({
  list: listRejectReasonsProcedure,
  // UI only (no meta.openapi):
  create: createRejectReasonProcedure,
  update: updateRejectReasonProcedure,
});
