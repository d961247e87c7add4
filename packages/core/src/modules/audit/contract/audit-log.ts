import { z } from "zod";
import { USER_ROLES } from "../../../kernel/roles.ts";
import { cursorParam, listEnvelope, timestamp } from "../../../kernel/contract/common.ts";

/**
 * The audit log (Settings → Audit log): every action it records, with how the UI names it. An
 * action is "<resource>.<verb>"; services record them through services/audit.ts.
 */
export const AUDIT_ACTIONS = {
  "auth.signed_in": "Signed in",
  "auth.sign_in_failed": "Sign-in failed",
  "member.invited": "Member invited",
  "member.invitation_revoked": "Invitation revoked",
  "member.joined": "Member joined",
  "member.role_changed": "Role changed",
  "member.removed": "Member removed",
  "api_key.created": "API key created",
  "api_key.revoked": "API key revoked",
  "webhook_endpoint.created": "Webhook endpoint created",
  "webhook_endpoint.updated": "Webhook endpoint updated",
  "webhook_endpoint.secret_rotated": "Webhook secret rotated",
  "webhook_endpoint.deleted": "Webhook endpoint deleted",
  "candidate.erased": "Candidate erased",
  "candidate.exported": "Candidate exported",
  "candidate.agent_overridden": "AI agent's move overridden",
  "candidate.screening_explanation_sent": "Screening explanation sent to the candidate",
  "privacy_settings.updated": "Privacy settings changed",
  "career_site.updated": "Careers site changed",
  "screening_settings.updated": "AI screening settings changed",
  "ai_agent.paused": "AI agent paused",
  "ai_agent.resumed": "AI agent resumed",
  "email_settings.updated": "E-mail sender changed",
  "job.pipeline_updated": "Job pipeline changed",
  "job.hiring_team_updated": "Job hiring team leads changed",
  "pipeline_template.updated": "Pipeline template changed",
  "reject_reason.created": "Reject reason added",
  "reject_reason.updated": "Reject reason changed",
  "oauth_client.registered": "Connected app registered",
  "oauth_grant.consented": "App connected (consent granted)",
  "oauth_grant.reuse_detected": "App disconnected: refresh token reused",
  "oauth_grant.revoked": "App disconnected",
  "offer.approval_requested": "Offer sent for approval",
  "offer.approved": "Offer approved by a member",
  "offer.rejected": "Offer rejected by a member",
  "offer.sent": "Offer sent to the candidate",
  "offer.withdrawn": "Offer withdrawn",
  "offer_settings.updated": "Offer settings changed",
  "scheduling_link.created": "Scheduling link sent to a candidate",
  "scheduling_link.revoked": "Scheduling link revoked",
  "availability.updated": "Availability changed",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const AUDIT_ACTOR_TYPES = ["user", "api_key", "system", "anonymous"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_TARGET_TYPES = ["user", "invitation", "api_key", "webhook_endpoint", "candidate", "company", "job", "reject_reason", "oauth_client", "oauth_grant", "offer", "scheduling_link"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * An actor to filter by: `user:<uuid>`, `api_key:<id>`, `system` or `anonymous` (failed sign-ins).
 */
export const auditActorFilter = z
  .string()
  .regex(/^(user:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|api_key:[1-9][0-9]{0,9}|system|anonymous)$/, "Must be user:<id>, api_key:<id>, system or anonymous")
  .meta({ example: "system" });

/**
 * The audit log's actions grouped by what they are about (the page's "Kind" filter), by the action's
 * resource: every action belongs to exactly one kind (a test checks that each one is covered).
 */
export const AUDIT_ACTION_KINDS = {
  sign_ins: { label: "Sign-ins", resources: ["auth"] },
  team: { label: "Team and availability", resources: ["member", "availability"] },
  access: { label: "API keys, apps and webhooks", resources: ["api_key", "oauth_client", "oauth_grant", "webhook_endpoint"] },
  candidates: { label: "Candidates", resources: ["candidate"] },
  jobs: { label: "Jobs, pipelines and reject reasons", resources: ["job", "pipeline_template", "reject_reason"] },
  offers: { label: "Offers", resources: ["offer"] },
  scheduling: { label: "Scheduling links", resources: ["scheduling_link"] },
  settings: { label: "Company settings and the AI agent", resources: ["privacy_settings", "career_site", "screening_settings", "ai_agent", "email_settings", "offer_settings"] },
} as const satisfies Record<string, { label: string; resources: readonly string[] }>;

export type AuditActionKind = keyof typeof AUDIT_ACTION_KINDS;
export const AUDIT_ACTION_KIND_NAMES = Object.keys(AUDIT_ACTION_KINDS) as [AuditActionKind, ...AuditActionKind[]];

/** The actions of one kind. */
export function actionsOfKind(kind: AuditActionKind): AuditAction[] {
  const resources: readonly string[] = AUDIT_ACTION_KINDS[kind].resources;
  return AUDIT_ACTION_NAMES.filter((action) => resources.includes(action.split(".")[0]!));
}

/** Sign-ins, which outnumber everything else: the page hides them unless asked (`sign_ins: "show"`). */
export const SIGN_IN_ACTIONS = actionsOfKind("sign_ins");

export const auditLogFilters = z.strictObject({
  action: z.enum(AUDIT_ACTION_NAMES).optional(),
  actor: auditActorFilter.optional(),
  kind: z.enum(AUDIT_ACTION_KIND_NAMES).optional(),
  /** "hide": leave out sign-ins (and failed ones); absent or "show": every entry. */
  sign_ins: z.enum(["hide", "show"]).optional(),
});

export type AuditLogFilters = z.infer<typeof auditLogFilters>;

export const listAuditLogInput = auditLogFilters.extend({
  cursor: cursorParam,
  limit: z.number().int().min(1).max(100).optional(),
});

export type ListAuditLogInput = z.infer<typeof listAuditLogInput>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().nullable(),
    label: z.string(),
    /** A member's role as of now (the log keeps no role history); null when they are no longer a member, or the actor is no member. */
    role: z.enum(USER_ROLES).nullable(),
  }),
  ip: z.string().nullable(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: timestamp,
});

export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

/**
 * A page of the log with the names of what its entries refer to by id, where that is cheap to read:
 * `names[<member's uuid>]` (a member named in `data`, or a user target) and `names["candidate:<id>"]`.
 * Missing for what no longer exists (a removed member, an erased candidate): the id is shown then.
 */
export const auditLogPageSchema = listEnvelope(auditEntrySchema).extend({ names: z.record(z.string(), z.string()) });

/** The actors the filter offers: the members, the API keys, the service and failed sign-ins. */
export const auditActorOptionSchema = z.object({ value: z.string(), label: z.string() });
