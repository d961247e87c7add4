import { router } from "../../trpc.ts";
import { listConnectedAppsProcedure } from "./list-connected-apps.ts";
import { createPartnerAppProcedure, listPartnerAppsProcedure } from "./partner-apps.ts";
import { revokeConnectedAppProcedure } from "./revoke-connected-app.ts";

/** Settings → Connected apps (session only): OAuth grants and pre-registered partner apps. */
export const connectedAppRouter = router({
  list: listConnectedAppsProcedure,
  revoke: revokeConnectedAppProcedure,
  partnerApps: listPartnerAppsProcedure,
  createPartnerApp: createPartnerAppProcedure,
});
