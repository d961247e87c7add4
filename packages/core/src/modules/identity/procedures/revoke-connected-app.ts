import { z } from "zod";
import { revokeConnectedAppInput } from "../contract/connected-app.ts";
import { revokeConnectedApp } from "../connected-apps.ts";
import { userProcedure } from "../../../kernel/trpc.ts";

/** UI only: ends every token of the grant at once; a member may revoke their own, an admin any of the company. */
export const revokeConnectedAppProcedure = userProcedure
  // Every member manages the apps acting as them, an interviewer too (their own only).
  .meta({ interviewer: "own" })
  .input(revokeConnectedAppInput)
  .output(z.object({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => {
    await revokeConnectedApp(ctx.svc, { userId: ctx.user.userId, role: ctx.user.role }, input.id);
    return { ok: true as const };
  });
