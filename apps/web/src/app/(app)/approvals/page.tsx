import { formatMoney } from "@hireflow/core/offer/contract";
import { isInterviewerOnly } from "@hireflow/core/kernel/roles";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { EmptyState, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { requireSession } from "@/lib/server/session";

export const metadata: Metadata = { title: "My approvals" };

/** Offers whose current approval step waits for the signed-in member: each links to the candidate page, where they decide. */
export default async function ApprovalsPage() {
  const session = await requireSession("/approvals");
  // Interviewers never see offers: for them this page does not exist.
  if (isInterviewerOnly(session.user.role)) notFound();
  const offers = await load((await serverCaller()).offers.myApprovals());
  return (
    <>
      <PageHeader title="My approvals" description="Offers waiting for your decision at their current approval step. Open one to approve or reject it." />
      {offers.length === 0 ? (
        <EmptyState title="Nothing to decide">When an offer's approval step names you, it shows up here.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-label="Offers waiting for your decision">
          {offers.map((offer) => (
            <li key={offer.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm" data-testid="approval-item">
              <div className="min-w-0">
                <Link href={`/candidates/${offer.candidate_id}`} className="font-medium text-indigo-700 hover:underline">
                  {offer.job_title}: offer {offer.id}, version {offer.version}
                </Link>
                <p className="text-slate-600">
                  {formatMoney(offer.salary)} · starts {offer.start_date} · step {(offer.current_step ?? 0) + 1} of {offer.approval_steps.length}
                </p>
              </div>
              <span className="text-slate-500">
                Updated <Time iso={offer.updated_at} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
