import { dataEnvelope } from "../../contracts/common.ts";
import { createdInvitationSchema, inviteMemberInput } from "../../contracts/team.ts";
import { inviteMember } from "../../services/invitations.ts";
import { adminProcedure } from "../../trpc.ts";

/** Creates an invitation link; its token is in this response only (an owner invitation needs an owner). */
export const inviteMemberProcedure = adminProcedure
  .input(inviteMemberInput)
  .output(dataEnvelope(createdInvitationSchema))
  .mutation(async ({ ctx, input }) => ({ data: await inviteMember(ctx.svc, input) }));
