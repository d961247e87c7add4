import { router } from "../../kernel/trpc.ts";
import { listConnectedAppsProcedure } from "../../modules/identity/procedures/list-connected-apps.ts";
import { createPartnerAppProcedure, listPartnerAppsProcedure } from "../../modules/identity/procedures/partner-apps.ts";
import { revokeConnectedAppProcedure } from "../../modules/identity/procedures/revoke-connected-app.ts";

/** Settings → Connected apps (session only): OAuth grants and pre-registered partner apps. */
export const connectedAppRouter = router({
  list: listConnectedAppsProcedure,
  revoke: revokeConnectedAppProcedure,
  partnerApps: listPartnerAppsProcedure,
  createPartnerApp: createPartnerAppProcedure,
});
