import { isInterviewerOnly, type UserRole } from "../../kernel/roles.ts";
import { type MemberDto } from "./contract/team.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError } from "../../kernel/errors.ts";
import { type ScopedTx } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { dropLeadsOf } from "../job/hiring-team.ts";

/**
 * Settings → Team: the company's members and their roles (docs/TEAM-AND-ROLES.md). Rules:
 *   - only an owner makes, demotes or removes an owner (and invites one: services/invitations.ts);
 *   - the last owner can be neither demoted nor removed (409), decided under row locks so that two
 *     concurrent demotions of the last two owners leave one;
 *   - removing a member deletes the user, and with it every session: their next request is a 401.
 */
export async function listMembers(svc: ServiceContext): Promise<MemberDto[]> {
  const users = await svc.db.user.findMany({ select: { id: true, email: true, name: true, role: true, createdAt: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const you = svc.actor.type === "user" ? svc.actor.userId : null;
  return users.map((u) => ({ id: u.id, email: u.email, name: u.name, role: u.role, created_at: u.createdAt.toISOString(), is_you: u.id === you }));
}

/**
 * The role the actor holds now, read inside the caller's transaction (never taken from the request):
 * a user's own role; the service itself (the admin CLI) acts as an owner; an API key manages no team.
 */
export async function actorRole(tx: ScopedTx, svc: ServiceContext): Promise<UserRole> {
  if (svc.actor.type === "system") return "owner";
  if (svc.actor.type !== "user") throw new AppError("forbidden", "Only a signed-in member can manage the team");
  const me = await tx.user.findUnique({ where: { id: svc.actor.userId }, select: { role: true } });
  if (!me) throw new AppError("unauthorized", "Your account no longer exists");
  return me.role;
}

interface LockedMember {
  id: string;
  email: string;
  role: UserRole;
}

/**
 * Locks the company's owners (in id order, so concurrent changes queue up instead of deadlocking)
 * and the target member, and returns both. A concurrent demotion that committed first has already
 * taken its owner out of the set by the time the lock is granted (READ COMMITTED re-checks the row).
 * Raw SQL bypasses the scoping extension, so each statement filters by company itself.
 */
async function lockOwnersAndMember(tx: ScopedTx, companyId: number, userId: string): Promise<{ owners: string[]; member: LockedMember }> {
  const owners = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM users WHERE company_id = ${companyId} AND role = 'owner' ORDER BY id FOR UPDATE`;
  const [member] = await tx.$queryRaw<LockedMember[]>`
    SELECT id::text AS id, email, role::text AS role FROM users WHERE id = ${userId}::uuid AND company_id = ${companyId} FOR UPDATE`;
  if (!member) throw AppError.notFound("Member", userId);
  return { owners: owners.map((o) => o.id), member };
}

function assertNotLastOwner(owners: string[], member: LockedMember, doing: string): void {
  if (member.role === "owner" && owners.length <= 1) {
    throw new AppError("conflict", `${member.email} is the company's last owner and cannot be ${doing}; make another member an owner first`);
  }
}

export async function changeMemberRole(svc: ServiceContext, input: { user_id: string; role: UserRole }): Promise<MemberDto> {
  await svc.db.$transaction(async (tx) => {
    const { owners, member } = await lockOwnersAndMember(tx, svc.companyId, input.user_id);
    if (member.role === input.role) return;
    const mine = await actorRole(tx, svc);
    if ((member.role === "owner" || input.role === "owner") && mine !== "owner") {
      throw new AppError("forbidden", "Only an owner can make a member an owner or change an owner's role");
    }
    if (input.role !== "owner") assertNotLastOwner(owners, member, "demoted");
    await tx.user.update({ where: { id: member.id }, data: { role: input.role } });
    // An interviewer leads no job's hiring team: the member leaves every list they were on.
    const leadOf = isInterviewerOnly(input.role) ? await dropLeadsOf(tx, member.id) : 0;
    await recordAudit(tx, svc, {
      action: "member.role_changed",
      target: { type: "user", id: member.id, label: member.email },
      data: { from: member.role, to: input.role, ...(leadOf > 0 && { hiring_team_leads_dropped: leadOf }) },
    });
  });
  const member = (await listMembers(svc)).find((m) => m.id === input.user_id);
  if (!member) throw AppError.notFound("Member", input.user_id);
  return member;
}

/** Deletes the member: their sessions go with the row (ON DELETE CASCADE), so they are signed out at once. */
export async function removeMember(svc: ServiceContext, userId: string): Promise<{ id: string; removed: true }> {
  await svc.db.$transaction(async (tx) => {
    const { owners, member } = await lockOwnersAndMember(tx, svc.companyId, userId);
    const mine = await actorRole(tx, svc);
    if (member.role === "owner" && mine !== "owner") throw new AppError("forbidden", "Only an owner can remove an owner");
    assertNotLastOwner(owners, member, "removed");
    // Recorded first: the actor may be removing themselves, and their e-mail is read for the entry.
    await recordAudit(tx, svc, { action: "member.removed", target: { type: "user", id: member.id, label: member.email }, data: { role: member.role } });
    await tx.session.deleteMany({ where: { userId: member.id } });
    // Their hiring team lead rows, panels and sessions go with the row (ON DELETE CASCADE).
    await tx.user.delete({ where: { id: member.id } });
  });
  return { id: userId, removed: true };
}
