import { z } from "zod";
import { memberSchema } from "../../contracts/team.ts";
import { listMembers } from "../../services/team.ts";
import { adminProcedure } from "../../trpc.ts";

/** Settings → Team: every member with their role, oldest first. */
export const listMembersProcedure = adminProcedure
  .output(z.object({ data: z.array(memberSchema) }))
  .query(async ({ ctx }) => ({ data: await listMembers(ctx.svc) }));
