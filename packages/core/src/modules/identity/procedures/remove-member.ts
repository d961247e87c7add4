import { z } from "zod";
import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { removeMemberInput } from "../contract/team.ts";
import { removeMember } from "../team.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Deletes the member and every session of theirs (their next request is a 401); never the last owner. */
export const removeMemberProcedure = adminProcedure
  .input(removeMemberInput)
  .output(dataEnvelope(z.object({ id: z.string(), removed: z.literal(true) })))
  .mutation(async ({ ctx, input }) => ({ data: await removeMember(ctx.svc, input.user_id) }));
