import { dataEnvelope } from "../../contracts/common.ts";
import { invitationSchema, revokeInvitationInput } from "../../contracts/team.ts";
import { revokeInvitation } from "../../services/invitations.ts";
import { adminProcedure } from "../../trpc.ts";

/** The invitation's link stops working at once; an accepted one is a 409. */
export const revokeInvitationProcedure = adminProcedure
  .input(revokeInvitationInput)
  .output(dataEnvelope(invitationSchema))
  .mutation(async ({ ctx, input }) => ({ data: await revokeInvitation(ctx.svc, input.id) }));
