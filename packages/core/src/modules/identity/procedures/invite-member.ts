import { dataEnvelope } from "../../../kernel/contract/common.ts";
import { createdInvitationSchema, inviteMemberInput } from "../contract/team.ts";
import { inviteMember } from "../member-invitations.ts";
import { adminProcedure } from "../../../kernel/trpc.ts";

/** Creates an invitation link; its token is in this response only (an owner invitation needs an owner). */
export const inviteMemberProcedure = adminProcedure
  .input(inviteMemberInput)
  .output(dataEnvelope(createdInvitationSchema))
  .mutation(async ({ ctx, input }) => ({ data: await inviteMember(ctx.svc, input) }));
