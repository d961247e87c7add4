import { router } from "../../trpc.ts";
import { changeRoleProcedure } from "./change-role.ts";
import { inviteMemberProcedure } from "./invite-member.ts";
import { listInvitationsProcedure } from "./list-invitations.ts";
import { listMembersProcedure } from "./list-members.ts";
import { removeMemberProcedure } from "./remove-member.ts";
import { revokeInvitationProcedure } from "./revoke-invitation.ts";

/** Settings → Team (web app only, owners and admins: adminProcedure). Invitations are accepted at /invite/<token>. */
export const teamRouter = router({
  members: listMembersProcedure,
  invitations: listInvitationsProcedure,
  invite: inviteMemberProcedure,
  revokeInvitation: revokeInvitationProcedure,
  changeRole: changeRoleProcedure,
  removeMember: removeMemberProcedure,
});
