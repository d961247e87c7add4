import { router } from "../../trpc.ts";
import { createRejectReasonProcedure } from "./create-reject-reason.ts";
import { listRejectReasonsProcedure } from "./list-reject-reasons.ts";
import { updateRejectReasonProcedure } from "./update-reject-reason.ts";

export const rejectReasonRouter = router({
  list: listRejectReasonsProcedure,
  // UI only (no meta.openapi):
  create: createRejectReasonProcedure,
  update: updateRejectReasonProcedure,
});
