import { router } from "../../kernel/trpc.ts";
import { changeRoleProcedure } from "../../modules/identity/procedures/change-role.ts";
import { inviteMemberProcedure } from "../../modules/identity/procedures/invite-member.ts";
import { listInvitationsProcedure } from "../../modules/identity/procedures/list-invitations.ts";
import { listMembersProcedure } from "../../modules/identity/procedures/list-members.ts";
import { removeMemberProcedure } from "../../modules/identity/procedures/remove-member.ts";
import { revokeInvitationProcedure } from "../../modules/identity/procedures/revoke-invitation.ts";

/** Settings → Team (web app only, owners and admins: adminProcedure). Invitations are accepted at /invite/<token>. */
export const teamRouter = router({
  members: listMembersProcedure,
  invitations: listInvitationsProcedure,
  invite: inviteMemberProcedure,
  revokeInvitation: revokeInvitationProcedure,
  changeRole: changeRoleProcedure,
  removeMember: removeMemberProcedure,
});
