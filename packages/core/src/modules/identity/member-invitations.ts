import { createHash, randomBytes } from "node:crypto";
import { appBaseUrl } from "@hireflow/config";
import { type Prisma, type PrismaClient } from "@hireflow/db";
import { hashPassword } from "./auth/passwords.ts";
import { type UserRole } from "../../kernel/roles.ts";
import { type AcceptInvitationInput, acceptInvitationInput, type CreatedInvitationDto, type InvitationDto } from "./contract/team.ts";
import { type ServiceContext } from "../../kernel/context.ts";
import { AppError, isUniqueViolation, zodIssuesToDetails } from "../../kernel/errors.ts";
import { scopedDb, tenantRow } from "../../kernel/tenancy.ts";
import { recordAudit } from "../audit/audit.ts";
import { queueEmail } from "../mail/outgoing.ts";
import { notifyEventsCommitted } from "../../kernel/outbox.ts";
import { invitationEmail } from "./member-invitation-email.ts";
import { actorRole } from "./team.ts";

/**
 * Invitations (Settings → Team): a link `/invite/<token>` with 32 random bytes, shown once; only its
 * SHA-256 is stored. It is valid for 7 days, once: the invitee sets a name and a password (and an
 * e-mail when the invitation names none) and becomes a member with the invited role, signed in.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type InvitationRow = Prisma.InvitationGetPayload<{ include: { invitedBy: { select: { id: true; email: true; name: true } } } }>;

function statusOf(row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date }, now = new Date()): InvitationDto["status"] {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  return row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending";
}

function serializeInvitation(row: InvitationRow): InvitationDto {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row),
    invited_by: row.invitedBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

const include = { invitedBy: { select: { id: true, email: true, name: true } } } as const;

/**
 * Creates an invitation with `role` (an owner invitation needs an owner). With `email`, the account
 * will have that e-mail, and an e-mail that already has an account is a 409 now rather than later;
 * the invitation e-mail with the link is queued in the same transaction (the link is shown in the
 * app as well). The message keeps the link, like any outbox must to retry it: the e-mail log is for
 * owners and admins, who can make and revoke invitations anyway.
 */
export async function inviteMember(svc: ServiceContext, input: { email?: string; role: UserRole }): Promise<CreatedInvitationDto> {
  const email = input.email?.trim().toLowerCase() || null;
  const token = randomBytes(32).toString("base64url");
  const row = await svc.db.$transaction(async (tx) => {
    if (input.role === "owner" && (await actorRole(tx, svc)) !== "owner") throw new AppError("forbidden", "Only an owner can invite an owner");
    // users.email is unique across companies (sign-in is by e-mail alone); the scoped client would only see this company's.
    if (email && (await tx.$queryRaw<unknown[]>`SELECT 1 FROM users WHERE email = ${email}`).length) {
      throw new AppError("conflict", `${email} already has a Hireflow account`);
    }
    const created = await tx.invitation.create({
      data: tenantRow<Prisma.InvitationUncheckedCreateInput>({
        email,
        role: input.role,
        tokenHash: hashInvitationToken(token),
        invitedById: svc.actor.type === "user" ? svc.actor.userId : null,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      }),
      include,
    });
    await recordAudit(tx, svc, {
      action: "member.invited",
      target: { type: "invitation", id: created.id, label: email ?? "link without e-mail" },
      data: { role: input.role, email, expires_at: created.expiresAt.toISOString() },
    });
    if (email) {
      const company = await tx.company.findUniqueOrThrow({ where: { id: svc.companyId }, select: { name: true } });
      const content = invitationEmail({
        companyName: company.name,
        inviter: created.invitedBy ? (created.invitedBy.name ?? created.invitedBy.email) : null,
        role: input.role,
        link: `${appBaseUrl()}/invite/${token}`,
        expiresAt: created.expiresAt,
      });
      await queueEmail(tx, svc, { to: email, ...content });
    }
    return created;
  });
  if (email) notifyEventsCommitted();
  return { invitation: serializeInvitation(row), token, path: `/invite/${token}` };
}

/** The company's invitations, newest first (the last 100), each with its status. */
export async function listInvitations(svc: ServiceContext): Promise<InvitationDto[]> {
  const rows = await svc.db.invitation.findMany({ include, orderBy: { id: "desc" }, take: 100 });
  return rows.map(serializeInvitation);
}

/** Revokes a pending invitation: its link stops working at once. Revoking twice changes nothing. */
export async function revokeInvitation(svc: ServiceContext, id: number): Promise<InvitationDto> {
  const row = await svc.db.$transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({ where: { id, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } });
    const current = await tx.invitation.findUnique({ where: { id }, include });
    if (!current) throw AppError.notFound("Invitation", id);
    if (count === 0 && current.acceptedAt) throw new AppError("conflict", "This invitation was accepted already; remove the member instead");
    if (count === 1) {
      await recordAudit(tx, svc, {
        action: "member.invitation_revoked",
        target: { type: "invitation", id, label: current.email ?? "link without e-mail" },
        data: { role: current.role },
      });
    }
    return current;
  });
  return serializeInvitation(row);
}

export interface InvitationPreview {
  status: InvitationDto["status"];
  company: { name: string };
  email: string | null;
  role: UserRole;
  expires_at: string;
}

/** What the invitation page shows for a token: null when there is no such invitation. */
export async function describeInvitation(prisma: PrismaClient, token: string): Promise<InvitationPreview | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const row = await prisma.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: { email: true, role: true, expiresAt: true, acceptedAt: true, revokedAt: true, company: { select: { name: true } } },
  });
  if (!row) return null;
  return { status: statusOf(row), company: row.company, email: row.email, role: row.role, expires_at: row.expiresAt.toISOString() };
}

const REFUSED: Record<Exclude<InvitationDto["status"], "pending">, string> = {
  accepted: "This invitation has been used already; sign in instead, or ask for a new invitation",
  revoked: "This invitation was revoked; ask an admin of the company for a new one",
  expired: "This invitation has expired; ask an admin of the company for a new one",
};

/**
 * Accepts an invitation: creates the member with the invited role and marks the invitation used, in
 * one transaction. The claim is one conditional UPDATE (not accepted, not revoked, not expired), so
 * two requests with the same link cannot both succeed; if creating the account fails (its e-mail is
 * taken), the claim rolls back and the link still works. The caller opens the session.
 */
export async function acceptInvitation(prisma: PrismaClient, raw: unknown, client: { ip?: string | null }): Promise<{ userId: string; companyId: number }> {
  const parsed = acceptInvitationInput.safeParse(raw);
  if (!parsed.success) throw AppError.validation(zodIssuesToDetails(parsed.error.issues));
  const input: AcceptInvitationInput = parsed.data;
  const tokenHash = hashInvitationToken(input.token);

  const preview = await prisma.invitation.findUnique({ where: { tokenHash }, select: { companyId: true, email: true, acceptedAt: true, revokedAt: true, expiresAt: true } });
  if (!preview) throw new AppError("not_found", "This invitation link is not valid; check that you copied all of it");
  const status = statusOf(preview);
  if (status !== "pending") throw new AppError("conflict", REFUSED[status]);
  const email = preview.email ?? input.email?.trim().toLowerCase();
  if (!email) throw AppError.validation([{ field: "email", message: "Enter your e-mail address" }]);
  if (preview.email && input.email && input.email.trim().toLowerCase() !== preview.email) {
    throw AppError.validation([{ field: "email", message: `This invitation is for ${preview.email}` }]);
  }
  // Hashed before the transaction: scrypt takes ~50 ms and no lock needs to wait for it.
  const passwordHash = await hashPassword(input.password);

  const companyId = preview.companyId;
  const db = scopedDb(prisma, companyId);
  try {
    return await db.$transaction(async (tx) => {
      // Raw SQL bypasses the scoping extension: it filters by company itself.
      const [claimed] = await tx.$queryRaw<{ id: number; role: UserRole }[]>`
        UPDATE invitations SET accepted_at = now()
        WHERE token_hash = ${tokenHash} AND company_id = ${companyId} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING id, role::text AS role`;
      if (!claimed) {
        // Used, revoked or expired between the check above and now.
        const now = await tx.invitation.findUniqueOrThrow({ where: { tokenHash }, select: { acceptedAt: true, revokedAt: true, expiresAt: true } });
        const late = statusOf(now);
        throw new AppError("conflict", REFUSED[late === "pending" ? "accepted" : late]);
      }
      const user = await tx.user.create({
        data: tenantRow<Prisma.UserUncheckedCreateInput>({ email, name: input.name, role: claimed.role, passwordHash }),
        select: { id: true },
      });
      await tx.invitation.update({ where: { id: claimed.id }, data: { acceptedUserId: user.id } });
      await recordAudit(tx, { companyId, actor: { type: "user", userId: user.id }, ip: client.ip ?? null }, {
        action: "member.joined",
        target: { type: "user", id: user.id, label: email },
        data: { role: claimed.role, invitation_id: claimed.id },
      });
      return { userId: user.id, companyId };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("conflict", `${email} already has a Hireflow account; sign in instead`);
    throw error;
  }
}
