/**
 * Roles of a company's members (docs/TEAM-AND-ROLES.md). Owners and admins manage the company's
 * settings — API keys, webhooks, team, privacy, the audit log; recruiters work on jobs and
 * candidates; interviewers see only the candidates they interview and submit scorecards (the
 * procedures they may call carry `meta.interviewer`, checked in trpc.ts). Owners alone make, change
 * or remove owners, and a company always keeps one.
 */
export const USER_ROLES = ["owner", "admin", "recruiter", "interviewer"] as const;

export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = { owner: "Owner", admin: "Admin", recruiter: "Recruiter", interviewer: "Interviewer" };

export const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  owner: "Everything, including making and removing owners",
  admin: "Jobs and candidates, and the settings: API keys, webhooks, team, privacy, audit log",
  recruiter: "Jobs, candidates, pipeline and reports; no settings",
  interviewer: "Only the candidates they interview: profile, resume, fit and scorecards",
};

/** Whether a member is limited to the candidates they interview (`meta.interviewer` in trpc.ts). */
export function isInterviewerOnly(role: UserRole): boolean {
  return role === "interviewer";
}

/**
 * Whether a member's role alone lets them see every scorecard of a candidate without submitting their
 * own first (no anchoring, issue 26 §3): owners and admins. Anyone else on the candidate's panel sees
 * the others' only after submitting theirs, unless they lead the job's hiring team
 * (services/scorecards.ts scorecardView decides, with the panel and the leads).
 */
export function seesAllScorecards(role: UserRole): boolean {
  return role === "owner" || role === "admin";
}

/** Whether a member may open the settings and call their procedures (`meta.settings`). */
export function canManageSettings(role: UserRole): boolean {
  return role === "owner" || role === "admin";
}

/**
 * Whether a member may erase a candidate for good (GDPR Art. 17; `meta.eraser` on candidates.delete).
 * Recruiters may still export a candidate's data (an access request) but not erase it.
 */
export function canEraseCandidates(role: UserRole): boolean {
  return role === "owner" || role === "admin";
}

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === "string" && (USER_ROLES as readonly string[]).includes(value);
}

/**
 * The most an OAuth grant of a member with this role may hold (docs/OAUTH.md "Scopes"): a member can
 * never hand an app more than they can do themselves. Settings-only areas (webhooks management) need
 * a role that manages settings; everything else follows the member's everyday work.
 */
const SETTINGS_SCOPES: readonly string[] = ["webhooks:read", "webhooks:write"];

export function roleScopeCeiling<S extends string>(role: UserRole, allScopes: readonly S[]): S[] {
  return canManageSettings(role) ? [...allScopes] : allScopes.filter((scope) => !SETTINGS_SCOPES.includes(scope));
}
