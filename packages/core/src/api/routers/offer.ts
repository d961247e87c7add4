import { router } from "../../kernel/trpc.ts";
import { createOfferProcedure } from "../../modules/offer/procedures/create-offer.ts";
import { decideOfferProcedure } from "../../modules/offer/procedures/decide-offer.ts";
import { getOfferProcedure } from "../../modules/offer/procedures/get-offer.ts";
import { listOffersProcedure } from "../../modules/offer/procedures/list-offers.ts";
import { requestOfferApprovalProcedure } from "../../modules/offer/procedures/request-offer-approval.ts";
import { sendOfferProcedure } from "../../modules/offer/procedures/send-offer.ts";
import { updateOfferProcedure } from "../../modules/offer/procedures/update-offer.ts";
import { getOfferSettingsProcedure, myApprovalsCountProcedure, myApprovalsProcedure, updateOfferSettingsProcedure } from "../../modules/offer/procedures/web.ts";
import { withdrawOfferProcedure } from "../../modules/offer/procedures/withdraw-offer.ts";

export const offerRouter = router({
  list: listOffersProcedure,
  get: getOfferProcedure,
  create: createOfferProcedure,
  update: updateOfferProcedure,
  requestApproval: requestOfferApprovalProcedure,
  decide: decideOfferProcedure,
  send: sendOfferProcedure,
  withdraw: withdrawOfferProcedure,
  // Web app only (no meta.openapi):
  myApprovals: myApprovalsProcedure,
  myApprovalsCount: myApprovalsCountProcedure,
});

export const offerSettingsRouter = router({
  get: getOfferSettingsProcedure,
  update: updateOfferSettingsProcedure,
});
