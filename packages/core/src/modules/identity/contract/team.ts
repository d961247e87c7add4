import { z } from "zod";
import { USER_ROLES } from "../../../kernel/roles.ts";
import { INT32_MAX, singleLine, timestamp } from "../../../kernel/contract/common.ts";

/** Settings → Team (web app only): members, their roles, invitations. */
export const userRoleSchema = z.enum(USER_ROLES);

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: userRoleSchema,
  created_at: timestamp,
  /** The signed-in member themselves. */
  is_you: z.boolean(),
});

export type MemberDto = z.infer<typeof memberSchema>;

export const INVITATION_STATUSES = ["pending", "accepted", "revoked", "expired"] as const;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  role: userRoleSchema,
  status: z.enum(INVITATION_STATUSES),
  invited_by: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  created_at: timestamp,
  expires_at: timestamp,
  accepted_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
});

export type InvitationDto = z.infer<typeof invitationSchema>;

/** Compared and stored in lower case (services/invitations.ts), as sign-in does. */
const email = z.email("Enter a valid e-mail address").max(254, "Must be at most 254 characters");

export const inviteMemberInput = z.strictObject({
  /** When given, the account is created with this e-mail; else the invitee enters one. */
  email: email.optional(),
  role: userRoleSchema,
});

/** The one answer that carries the link's token: only its SHA-256 is stored. */
export const createdInvitationSchema = z.object({
  invitation: invitationSchema,
  token: z.string(),
  /** `/invite/<token>`, to put after the app's origin. */
  path: z.string(),
});

export type CreatedInvitationDto = z.infer<typeof createdInvitationSchema>;

const id = z.number().int().positive().max(INT32_MAX);

export const revokeInvitationInput = z.strictObject({ id });

export const changeRoleInput = z.strictObject({ user_id: z.uuid(), role: userRoleSchema });

export const removeMemberInput = z.strictObject({ user_id: z.uuid() });

/** POST /api/auth/accept-invitation: the invitee's account. */
export const acceptInvitationInput = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "The invitation link is not valid"),
  name: singleLine(z.string().trim().min(1, "Enter your name").max(200, "Must be at most 200 characters")),
  password: z.string().min(8, "Must be at least 8 characters").max(200, "Must be at most 200 characters"),
  /** Only for an invitation that names no e-mail. */
  email: email.optional(),
});

export type AcceptInvitationInput = z.infer<typeof acceptInvitationInput>;
