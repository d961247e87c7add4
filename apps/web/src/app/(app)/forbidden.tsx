import { canManageSettings, ROLE_LABELS } from "@hireflow/core/kernel/roles";
import type { Metadata } from "next";
import Link from "next/link";
import { getSession } from "@/lib/server/session";

export const metadata: Metadata = { title: "No access" };

/**
 * What `forbidden()` renders (HTTP 403) inside the app's frame: a page the member's role may not open —
 * today the settings, which are for owners and admins (src/app/(app)/settings/layout.tsx). Says why,
 * and who can help, instead of silently sending the member elsewhere.
 */
export default async function Forbidden() {
  const session = await getSession();
  return (
    <section aria-labelledby="no-access-heading" className="mx-auto max-w-xl py-12 text-center">
      <p className="text-sm font-semibold text-indigo-700">403</p>
      <h1 id="no-access-heading" className="mt-2 text-2xl font-semibold text-slate-900">
        No access
      </h1>
      <p className="mt-3 text-slate-700">
        {session && !canManageSettings(session.user.role) ? (
          <>
            The settings (API keys, webhooks, the team, the audit log and the rest) are for owners and admins, and your role in{" "}
            {session.user.company.name} is <strong>{ROLE_LABELS[session.user.role]}</strong>.
          </>
        ) : (
          <>Your role does not allow this page.</>
        )}
      </p>
      <p className="mt-2 text-slate-700">If you need it, ask an owner or admin of your company to change your role in Settings → Team.</p>
      <Link href="/jobs" className="mt-6 inline-block font-medium text-indigo-700 underline">
        Go to the jobs
      </Link>
    </section>
  );
}
