"use client";

import { usePathname } from "next/navigation";

/** What a page is, for the sentence that says who may open it; the first match by path wins. */
const AREAS: { prefix: string; what: string; verb: "is" | "are"; who: string }[] = [
  { prefix: "/settings", what: "The settings (API keys, webhooks, the team, the audit log and the rest)", verb: "are", who: "owners and admins" },
  { prefix: "/jobs", what: "The jobs and their pipelines", verb: "are", who: "recruiters, admins and owners" },
  { prefix: "/candidates", what: "The list of all candidates", verb: "is", who: "recruiters, admins and owners" },
  { prefix: "/reports", what: "Reports", verb: "are", who: "recruiters, admins and owners" },
  { prefix: "/approvals", what: "Offer approvals", verb: "are", who: "recruiters, admins and owners" },
];

function areaOf(pathname: string) {
  return AREAS.find((area) => pathname === area.prefix || pathname.startsWith(`${area.prefix}/`)) ?? null;
}

/**
 * Why the "No access" page (forbidden.tsx) is shown: which page this is and who may open it — read
 * from the address, which only the browser side knows — and, for an interviewer, what they can do
 * instead (their interviews and scorecards), so the way on is not another page they may not open.
 */
export function NoAccessReason({ roleLabel, companyName, interviewer }: { roleLabel: string; companyName: string; interviewer: boolean }) {
  const area = areaOf(usePathname());
  const subject = area ? `${area.what} ${area.verb} for ${area.who}` : "This page is not open to your role";
  return (
    <div className="space-y-2 text-slate-700" data-testid="no-access-reason">
      <p>
        {subject}, and your role in {companyName} is <strong>{roleLabel}</strong>.
      </p>
      {interviewer ? (
        <p>
          As an interviewer you see the candidates you interview — their profile, resume and fit — and write your scorecards for their interviews. Your interviews and
          the scorecards you still owe are in My interviews.
        </p>
      ) : null}
      <p>If you need it, ask an owner or admin of your company to change your role in Settings → Team.</p>
    </div>
  );
}
