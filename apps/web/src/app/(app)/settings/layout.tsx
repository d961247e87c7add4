import { canManageSettings } from "@hireflow/core/kernel/roles";
import { forbidden } from "next/navigation";
import { type ReactNode } from "react";
import { NavLink } from "@/components/nav-link";
import { requireSession } from "@/lib/server/session";

const SETTINGS_NAV = [
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/connected-apps", label: "Connected apps" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/team", label: "Team" },
  { href: "/settings/pipeline", label: "Pipeline" },
  { href: "/settings/reject-reasons", label: "Reject reasons" },
  { href: "/settings/privacy", label: "Privacy" },
  { href: "/settings/careers-site", label: "Careers site" },
  { href: "/settings/ai-screening", label: "AI screening" },
  { href: "/settings/email", label: "E-mail" },
  { href: "/settings/email-log", label: "E-mail log" },
  { href: "/settings/offers", label: "Offers" },
  { href: "/settings/audit-log", label: "Audit log" },
];

/**
 * Every settings page is for owners and admins: a recruiter gets the "No access" page with 403
 * ((app)/forbidden.tsx, which says why); their settings procedures answer 403 as well, and `load()`
 * does the same if a page's call gets there first.
 */
export default async function SettingsLayout({ children }: { children: ReactNode }) {
  const session = await requireSession("/settings");
  if (!canManageSettings(session.user.role)) forbidden();
  return (
    <>
      <nav aria-label="Settings" className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 pb-2">
        {SETTINGS_NAV.map((item) => (
          <NavLink key={item.href} href={item.href}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </>
  );
}
