import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { changeRoleInput, memberSchema } from "../contract/team.ts";
import { changeMemberRole } from "../team.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Owners alone make or change owners; the last owner cannot be demoted (409). Applies from the member's next request. */
export const changeRoleProcedure = adminProcedure
  .input(changeRoleInput)
  .output(dataEnvelope(memberSchema))
  .mutation(async ({ ctx, input }) => ({ data: await changeMemberRole(ctx.svc, input) }));
