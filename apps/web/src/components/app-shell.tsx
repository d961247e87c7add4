import Link from "next/link";
import { type ReactNode } from "react";
import { canManageSettings, isInterviewerOnly } from "@hireflow/core/kernel/roles";
import { type SessionUser } from "@hireflow/core/identity/sessions";
import { FlashMessage } from "./flash";
import { NavLink } from "./nav-link";
import { QuickSwitcher } from "./quick-switcher";

const NAV = [
  // Every member's interviews and the scorecards they owe; the only page of an interviewer.
  { href: "/my-interviews", label: "My interviews", interviewer: true, badge: "scorecards" },
  // When candidates may book the member through a scheduling link (issue 42 §1): every role, interviewers too.
  { href: "/my-availability", label: "My availability", interviewer: true },
  // Offers waiting for the member's decision (an interviewer never sees offers).
  { href: "/approvals", label: "My approvals", badge: "approvals" },
  { href: "/jobs", label: "Jobs" },
  { href: "/candidates", label: "Candidates" },
  { href: "/reports", label: "Reports" },
  // Owners and admins only (a recruiter's role cannot open settings: src/app/(app)/settings/layout.tsx).
  { href: "/settings", label: "Settings", settings: true },
  // The other roles' own connected apps (owners and admins have them in Settings).
  { href: "/connected-apps", label: "Connected apps", interviewer: true, withoutSettings: true },
];

/** Whether the member's role shows a navigation item: settings for owners and admins; an interviewer only My interviews, My availability and their connected apps. */
function shows(item: (typeof NAV)[number], role: SessionUser["role"]): boolean {
  if (isInterviewerOnly(role)) return "interviewer" in item;
  if ("withoutSettings" in item) return !canManageSettings(role);
  return !("settings" in item) || canManageSettings(role);
}

/**
 * The signed-in frame: company, navigation (with the count of scorecards the member still owes), the
 * user and sign-out (a plain form: works without JS).
 */
export function AppShell({ user, csrfToken, scorecardsDue, approvalsDue, children }: { user: SessionUser; csrfToken: string; scorecardsDue: number; approvalsDue: number; children: ReactNode }) {
  // Each count on its own item only (the scorecards' count once showed on Connected apps too).
  const badges = { scorecards: { count: scorecardsDue, noun: ["scorecard", "scorecards"], testid: "scorecards-due" }, approvals: { count: approvalsDue, noun: ["offer", "offers"], testid: "approvals-due" } } as const;
  const home = isInterviewerOnly(user.role) ? "/my-interviews" : "/jobs";
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link href={home} className="flex items-baseline gap-2 font-semibold text-indigo-700">
            Hireflow <span className="text-sm font-normal text-slate-500">{user.company.name}</span>
          </Link>
          <nav aria-label="Main" className="order-3 -mx-1 flex w-full gap-1 overflow-x-auto sm:order-none sm:w-auto">
            {NAV.filter((item) => shows(item, user.role)).map((item) => {
              const badge = "badge" in item && item.badge ? badges[item.badge as keyof typeof badges] : null;
              return (
                <NavLink key={item.href} href={item.href}>
                  {item.label}
                  {badge && badge.count > 0 && (
                    <span className="ml-1.5 rounded-full bg-indigo-600 px-1.5 py-0.5 text-xs font-semibold text-white" data-testid={badge.testid}>
                      {badge.count}
                      <span className="sr-only">
                        {" "}
                        {badge.noun[badge.count === 1 ? 0 : 1]} {badge === badges.scorecards ? "due" : "to decide"}
                      </span>
                    </span>
                  )}
                </NavLink>
              );
            })}
            <a href="/docs" className="rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              API docs
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            {/* Search reaches every candidate: not for an interviewer (the server refuses it too). */}
            {!isInterviewerOnly(user.role) && <QuickSwitcher />}
            <span className="hidden text-slate-600 sm:inline" title={user.email}>
              {user.name ?? user.email}
            </span>
            <form action="/api/auth/sign-out" method="post">
              <input type="hidden" name="csrf_token" value={csrfToken} />
              <button type="submit" className="rounded-md px-2.5 py-1.5 font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-slate-50">
                Sign out
              </button>
            </form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <FlashMessage />
    </div>
  );
}
