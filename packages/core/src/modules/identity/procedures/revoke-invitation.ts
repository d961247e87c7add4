import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { invitationSchema, revokeInvitationInput } from "../contract/team.ts";
import { revokeInvitation } from "../member-invitations.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** The invitation's link stops working at once; an accepted one is a 409. */
export const revokeInvitationProcedure = adminProcedure
  .input(revokeInvitationInput)
  .output(dataEnvelope(invitationSchema))
  .mutation(async ({ ctx, input }) => ({ data: await revokeInvitation(ctx.svc, input.id) }));
