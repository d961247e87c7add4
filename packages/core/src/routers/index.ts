import { router } from "../trpc.ts";
import { candidateRouter } from "./candidate/index.ts";
import { jobRouter } from "./job/index.ts";
import { webhookEndpointRouter } from "./webhook-endpoint/index.ts";

/** One router serves the web UI (/api/trpc) and, for procedures with `meta.openapi`, REST (/api/v1). */
export const appRouter = router({
  candidates: candidateRouter,
  jobs: jobRouter,
  webhookEndpoints: webhookEndpointRouter,
});

export type AppRouter = typeof appRouter;
