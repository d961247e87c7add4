import { isInterviewerOnly, ROLE_LABELS } from "@hireflow/core/kernel/roles";
import type { Metadata } from "next";
import Link from "next/link";
import { getSession } from "@/lib/server/session";
import { NoAccessReason } from "./no-access-reason";

export const metadata: Metadata = { title: "No access" };

/**
 * What `forbidden()` renders (HTTP 403) inside the app's frame: a page the member's role may not open —
 * the settings for a recruiter (src/app/(app)/settings/layout.tsx), and for an interviewer every page but
 * their interviews, their availability and the candidates they interview (trpc.ts
 * assertInterviewerAccess). Says which page, who may open it and who can help, and leads to a page the
 * member may open: My interviews for an interviewer, the jobs for anyone else.
 */
export default async function Forbidden() {
  const session = await getSession();
  const interviewer = session ? isInterviewerOnly(session.user.role) : false;
  const onward = interviewer ? { href: "/my-interviews", label: "Go to My interviews" } : { href: "/jobs", label: "Go to the jobs" };
  return (
    <section aria-labelledby="no-access-heading" className="mx-auto max-w-xl py-12 text-center">
      <p className="text-sm font-semibold text-indigo-700">403</p>
      <h1 id="no-access-heading" className="mt-2 text-2xl font-semibold text-slate-900">
        No access
      </h1>
      <div className="mt-3">
        {session ? (
          <NoAccessReason roleLabel={ROLE_LABELS[session.user.role]} companyName={session.user.company.name} interviewer={interviewer} />
        ) : (
          <p className="text-slate-700">Your role does not allow this page.</p>
        )}
      </div>
      <Link href={onward.href} className="mt-6 inline-block font-medium text-indigo-700 underline">
        {onward.label}
      </Link>
    </section>
  );
}
