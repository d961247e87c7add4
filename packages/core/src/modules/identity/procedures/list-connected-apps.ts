import { z } from "zod";
import { connectedAppSchema } from "../contract/connected-app.ts";
import { listConnectedApps } from "../connected-apps.ts";
import { userProcedure } from "../../../kernel/trpc.ts";

/** UI only: a member's own connected apps; an owner's or admin's, every one of the company. */
export const listConnectedAppsProcedure = userProcedure
  // Every member manages the apps acting as them, an interviewer too (their own only).
  .meta({ interviewer: "own" })
  .output(z.object({ data: z.array(connectedAppSchema) }))
  .query(async ({ ctx }) => ({ data: await listConnectedApps(ctx.svc, { userId: ctx.user.userId, role: ctx.user.role }) }));
