import { z } from "zod";
import { memberSchema } from "../contract/team.ts";
import { listMembers } from "../team.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Settings → Team: every member with their role, oldest first. */
export const listMembersProcedure = adminProcedure
  .output(z.object({ data: z.array(memberSchema) }))
  .query(async ({ ctx }) => ({ data: await listMembers(ctx.svc) }));
