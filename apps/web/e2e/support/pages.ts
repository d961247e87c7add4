import { type Locator, type Page } from "@playwright/test";
import { jobIdByTitle, query } from "./db.ts";

/**
 * Every page of the app (src/app/**\/page.tsx), with how to open it as the seeded demo company:
 * accessibility.spec.ts audits each with axe (and fails when a page is missing here), and
 * phone-width.spec.ts checks that none is wider than a phone.
 */

export const SIGNED_OUT = { cookies: [], origins: [] };

export interface AuditedPage {
  name: string;
  /** The route as in src/app (route groups dropped), for the coverage check. */
  route: string;
  /** The URL to open: literal, or looked up in the seeded database. */
  path: string | (() => Promise<string>);
  signedIn: boolean;
  /** What shows once the page is rendered, for pages drawn in the browser (waited for before the audit). */
  ready?: (page: Page) => Locator;
  /** Expected HTTP status (200 unless said otherwise). */
  status?: number;
  /** Audit with prefers-color-scheme: dark (pages that follow the system's scheme). */
  dark?: boolean;
}

export const demoJob = () => jobIdByTitle("Senior Backend Engineer");
export async function candidateByName(name: string): Promise<number> {
  const [row] = await query<{ id: number }>("SELECT id FROM candidates WHERE name = $1 ORDER BY id LIMIT 1", [name]);
  if (!row) throw new Error(`no seeded candidate named ${name}`);
  return row.id;
}

/** Every page of the app. Add a page here when you add one under src/app. */
export const PAGES: AuditedPage[] = [
  // Signed out.
  { name: "sign-in", route: "/sign-in", path: "/sign-in", signedIn: false },
  { name: "careers index", route: "/careers/[slug]", path: "/careers/acme", signedIn: false },
  { name: "careers job with the application form", route: "/careers/[slug]/jobs/[id]", path: async () => `/careers/acme/jobs/${await demoJob()}`, signedIn: false },
  // The API reference is drawn in the browser by a third-party renderer: audit the drawn reference
  // (not its loading state), with an operation open (code samples, copy buttons), and in dark mode
  // (it follows the system's colour scheme).
  { name: "API reference", route: "/docs", path: "/docs", signedIn: false, ready: (page) => page.getByRole("heading", { level: 1, name: "Hireflow API" }) },
  {
    name: "API reference, an operation open",
    route: "/docs",
    path: "/docs#tag/candidates/POST/candidates",
    signedIn: false,
    ready: (page) => page.getByRole("heading", { name: "Create a candidate" }).first(),
  },
  { name: "API reference, dark mode", route: "/docs", path: "/docs", signedIn: false, dark: true, ready: (page) => page.getByRole("heading", { level: 1, name: "Hireflow API" }) },
  { name: "connecting apps with OAuth", route: "/docs/oauth", path: "/docs/oauth", signedIn: false },
  { name: "invitation link, unknown token", route: "/invite/[token]", path: "/invite/no-such-invitation-token", signedIn: false },
  // A valid invitation link: audited by "axe: team settings with a new invitation link, …" in accessibility.spec.ts.
  { name: "not found (public)", route: "(not found)", path: "/careers/no-such-company", signedIn: false, status: 404 },
  // Signed in as the demo admin.
  { name: "jobs list", route: "/jobs", path: "/jobs", signedIn: true },
  { name: "pipeline board of the demo job", route: "/jobs/[id]", path: async () => `/jobs/${await demoJob()}`, signedIn: true },
  { name: "new job", route: "/jobs/new", path: "/jobs/new", signedIn: true },
  { name: "edit job", route: "/jobs/[id]/edit", path: async () => `/jobs/${await demoJob()}/edit`, signedIn: true },
  { name: "candidates", route: "/candidates", path: "/candidates", signedIn: true },
  { name: "candidate with every field", route: "/candidates/[id]", path: async () => `/candidates/${await candidateByName("Lena Fischer")}`, signedIn: true },
  { name: "candidate with empty fields", route: "/candidates/[id]", path: async () => `/candidates/${await candidateByName("Hana Kobayashi")}`, signedIn: true },
  { name: "reports", route: "/reports", path: "/reports", signedIn: true },
  { name: "impact ratios for the demo job", route: "/reports/impact-ratios", path: async () => `/reports/impact-ratios?job_id=${await demoJob()}`, signedIn: true },
  { name: "settings", route: "/settings", path: "/settings", signedIn: true },
  { name: "settings: API keys", route: "/settings/api-keys", path: "/settings/api-keys", signedIn: true },
  { name: "settings: webhooks", route: "/settings/webhooks", path: "/settings/webhooks", signedIn: true },
  { name: "settings: privacy", route: "/settings/privacy", path: "/settings/privacy", signedIn: true },
  { name: "settings: team", route: "/settings/team", path: "/settings/team", signedIn: true },
  { name: "settings: pipeline", route: "/settings/pipeline", path: "/settings/pipeline", signedIn: true },
  { name: "settings: reject reasons", route: "/settings/reject-reasons", path: "/settings/reject-reasons", signedIn: true },
  { name: "settings: audit log", route: "/settings/audit-log", path: "/settings/audit-log", signedIn: true },
  { name: "settings: e-mail", route: "/settings/email", path: "/settings/email", signedIn: true },
  { name: "settings: e-mail log", route: "/settings/email-log", path: "/settings/email-log", signedIn: true },
  { name: "settings: careers site", route: "/settings/careers-site", path: "/settings/careers-site", signedIn: true },
  { name: "settings: AI screening", route: "/settings/ai-screening", path: "/settings/ai-screening", signedIn: true },
  { name: "settings: connected apps", route: "/settings/connected-apps", path: "/settings/connected-apps", signedIn: true },
  { name: "my interviews", route: "/my-interviews", path: "/my-interviews", signedIn: true },
  { name: "my approvals", route: "/approvals", path: "/approvals", signedIn: true },
  { name: "settings: offers", route: "/settings/offers", path: "/settings/offers", signedIn: true },
  { name: "my availability", route: "/my-availability", path: "/my-availability", signedIn: true },
  {
    name: "settings: a member's availability",
    route: "/settings/team/[id]/availability",
    path: async () => `/settings/team/${(await query<{ id: string }>("SELECT id FROM users WHERE email = 'recruiter@acme.test'"))[0]!.id}/availability`,
    signedIn: true,
  },
  // /settings/email-log/[id] needs a message: audited by e2e/email-log.spec.ts.
  // /settings/webhooks/[id] needs an endpoint: audited by "axe: webhook endpoint list, its detail page …" in accessibility.spec.ts.
  { name: "not found (app)", route: "(not found)", path: "/jobs/999999", signedIn: true, status: 404 },
];

/** Routes not in PAGES, with why. */
export const NOT_AUDITED: Record<string, string> = {
  "/": "redirects to /jobs",
  "/settings/webhooks/[id]": "audited by its own test (it needs an endpoint with deliveries)",
  "/settings/email-log/[id]": "audited by e2e/email-log.spec.ts (it needs a message: the invitation it sends)",
  "/connected-apps": "for recruiters and interviewers; the admin is redirected to /settings/connected-apps (in PAGES)",
  "/oauth/authorize": "audited by e2e/oauth-consent.spec.ts (it needs a registered client and a valid request)",
  "/offers/[token]": "audited by e2e/offers.spec.ts (it needs a sent offer's link), at 390 px, before and after the answer",
  "/schedule/[token]": "audited by e2e/scheduling.spec.ts (it needs a scheduling link), at 390 px, open, booked and canceled",
};
