import { router } from "../../kernel/trpc.ts";
import { freeSlotsProcedure, getAvailabilityProcedure, putAvailabilityProcedure } from "../../modules/scheduling/procedures/availability.ts";
import {
  createSchedulingLinkProcedure,
  getSchedulingLinkProcedure,
  listSchedulingLinksProcedure,
  revokeSchedulingLinkProcedure,
} from "../../modules/scheduling/procedures/scheduling-links.ts";

export const schedulingLinkRouter = router({
  list: listSchedulingLinksProcedure,
  get: getSchedulingLinkProcedure,
  create: createSchedulingLinkProcedure,
  revoke: revokeSchedulingLinkProcedure,
});

export const availabilityRouter = router({
  get: getAvailabilityProcedure,
  put: putAvailabilityProcedure,
  // Web app only (no meta.openapi):
  freeSlots: freeSlotsProcedure,
});
