import { router } from "../../trpc.ts";
import { getMeProcedure } from "./get-me.ts";

/** GET /api/v1/me (API keys only: it describes the calling key). */
export const meRouter = router({
  get: getMeProcedure,
});
