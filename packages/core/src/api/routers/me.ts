import { router } from "../../kernel/trpc.ts";
import { getMeProcedure } from "../../modules/identity/procedures/get-me.ts";

/** GET /api/v1/me (API keys only: it describes the calling key). */
export const meRouter = router({
  get: getMeProcedure,
});
