"use client";

import { formatMoney, type OfferDetailDto, type OfferStatus } from "@hireflow/core/offer/contract";
import type { UserDto } from "@hireflow/core/identity/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert, Badge, type BadgeTone, Button, describedBy, Field, inputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { OfferForm } from "./offer-form";

const STATUS: Record<OfferStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: "Draft", tone: "slate" },
  pending_approval: { label: "Waiting for approval", tone: "amber" },
  approved: { label: "Approved", tone: "indigo" },
  sent: { label: "Sent", tone: "indigo" },
  accepted: { label: "Accepted", tone: "green" },
  declined: { label: "Declined", tone: "red" },
  withdrawn: { label: "Withdrawn", tone: "slate" },
  expired: { label: "Expired", tone: "slate" },
};

const FINAL: OfferStatus[] = ["declined", "withdrawn", "expired"];

/**
 * The candidate page's Offer section (issue 41 §5): the current offer with its terms, its approval
 * chain and who decides now, the actions its status allows (request approval, approve or reject as an
 * approver of the current step, send, change, withdraw), the candidate's answer and signed copy, and
 * the version history. Without an open offer: the form that drafts one.
 */
export function OfferSection({ candidateId, jobTitle, offer, members, currentUserId, hasEmail }: { candidateId: number; jobTitle: string | null; offer: OfferDetailDto | null; members: UserDto[]; currentUserId: string; hasEmail: boolean }) {
  const trpc = useTrpc();
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [drafting, setDrafting] = useState(false);
  const [comment, setComment] = useState("");
  const act = useMutation({
    mutationFn: (action: "requestApproval" | "send" | "withdraw" | "approve" | "reject") => {
      const id = String(offer!.id);
      if (action === "approve" || action === "reject") return trpc.offers.decide.mutate({ id, decision: action, comment });
      return trpc.offers[action].mutate({ id });
    },
    onSuccess: () => {
      setComment("");
      router.refresh();
    },
  });
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? members.find((m) => m.id === id)?.email ?? id;

  if (!jobTitle) return <p className="text-sm text-slate-600">An offer is for a job: add the candidate to a job first.</p>;
  if (drafting) return <OfferForm candidateId={candidateId} jobTitle={jobTitle} onDone={() => setDrafting(false)} />;
  if (editing && offer) return <OfferForm candidateId={candidateId} jobTitle={jobTitle} offer={offer} onDone={() => setEditing(false)} />;
  const draftButton = (
    <Button variant={offer ? "secondary" : "primary"} onClick={() => setDrafting(true)}>
      {offer ? "Draft a new offer" : "Draft an offer"}
    </Button>
  );
  if (!offer) return draftButton;
  const status = STATUS[offer.status];
  const step = offer.current_step !== null ? offer.approval_steps[offer.current_step] : null;
  const decided = offer.approvals.some((a) => a.current && a.step === offer.current_step && a.approver.id === currentUserId);
  const mayDecide = offer.status === "pending_approval" && !!step?.approver_ids.includes(currentUserId) && !decided;
  const error = act.error ? errorInfo(act.error) : null;

  return (
    <div className="space-y-4" data-testid="offer-section">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span data-testid="offer-status">
          <Badge tone={status.tone}>{status.label}</Badge>
        </span>
        <span className="text-slate-600">Version {offer.version}</span>
        {offer.letter_url && (
          <a className="text-indigo-700 hover:underline" href={offer.letter_url}>
            Letter (PDF)
          </a>
        )}
        {offer.signed_copy_url && (
          <a className="text-indigo-700 hover:underline" href={offer.signed_copy_url} data-testid="offer-signed-copy">
            Signed copy (PDF)
          </a>
        )}
      </div>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-2 gap-y-1 text-sm">
        <dt className="text-slate-500">Job title</dt>
        <dd className="text-slate-900">{offer.job_title}</dd>
        <dt className="text-slate-500">Start date</dt>
        <dd className="text-slate-900">{offer.start_date}</dd>
        <dt className="text-slate-500">Salary</dt>
        <dd className="text-slate-900" data-testid="offer-salary">{formatMoney(offer.salary)}</dd>
        {offer.bonus && (
          <>
            <dt className="text-slate-500">Bonus</dt>
            <dd className="text-slate-900">{formatMoney(offer.bonus)}</dd>
          </>
        )}
        {offer.equity && (
          <>
            <dt className="text-slate-500">Equity</dt>
            <dd className="break-words text-slate-900">{offer.equity}</dd>
          </>
        )}
        <dt className="text-slate-500">Open until</dt>
        <dd className="text-slate-900">{offer.expires_at ? <Time iso={offer.expires_at} /> : "No deadline"}</dd>
        {offer.notes && (
          <>
            <dt className="text-slate-500">Team notes</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{offer.notes}</dd>
          </>
        )}
      </dl>
      {offer.status === "accepted" && offer.signature && (
        <Alert tone="green" title="Accepted and signed">
          Signed by {offer.signature.name} on <Time iso={offer.signature.signed_at} />.
        </Alert>
      )}
      {offer.status === "declined" && <Alert tone="amber" title="Declined">{offer.decline_reason ?? "No reason given."}</Alert>}
      {offer.status === "sent" && <p className="text-sm text-slate-600">Sent <Time iso={offer.sent_at} />: the candidate has the letter and a link to answer.</p>}
      {offer.approval_steps.length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-700">Approval</h3>
          <ol className="mt-1 space-y-1 text-sm">
            {offer.approval_steps.map((s, index) => (
              <li key={index} className={index === offer.current_step ? "font-medium text-slate-900" : "text-slate-700"}>
                {index + 1}. {s.required} of {s.approver_ids.map(nameOf).join(", ")}
                {index === offer.current_step && " — deciding now"}
              </li>
            ))}
          </ol>
          {offer.approvals.length > 0 && (
            <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="Decisions">
              {offer.approvals.map((a) => (
                <li key={a.id} className={a.current ? "" : "text-slate-500"}>
                  {a.approver.name ?? a.approver.email} {a.decision === "approve" ? "approved" : "rejected"} version {a.version}
                  {a.comment && `: “${a.comment}”`} <Time iso={a.created_at} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && <Alert title="Could not change the offer">{error.message}</Alert>}
      {mayDecide && (
        <div className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3">
          <Field id="offer-decision-comment" label="Comment (optional)">
            <input {...describedBy("offer-decision-comment")} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={2000} className={inputClass} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => act.mutate("approve")} disabled={act.isPending}>Approve offer</Button>
            <Button variant="secondary" onClick={() => act.mutate("reject")} disabled={act.isPending}>Reject</Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {offer.status === "draft" && <Button onClick={() => act.mutate("requestApproval")} disabled={act.isPending}>{offer.approval_steps.length ? "Request approval" : "Approve (no approval chain)"}</Button>}
        {offer.status === "approved" && (
          <Button onClick={() => act.mutate("send")} disabled={act.isPending || !hasEmail} title={hasEmail ? undefined : "The candidate has no e-mail address"}>
            Send to candidate
          </Button>
        )}
        {FINAL.includes(offer.status) && draftButton}
        {offer.status !== "accepted" && !FINAL.includes(offer.status) && (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>Change</Button>
            <Button variant="secondary" onClick={() => act.mutate("withdraw")} disabled={act.isPending}>Withdraw</Button>
          </>
        )}
      </div>
      {offer.versions.length > 1 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-700">Version history ({offer.versions.length})</summary>
          <ul className="mt-1 space-y-1 text-slate-700">
            {offer.versions.map((v) => (
              <li key={v.number}>
                v{v.number} {v.status === "superseded" && <span className="text-slate-500">(superseded)</span>}: {v.job_title}, {formatMoney(v.salary)}, from {v.start_date} <Time iso={v.created_at} />
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
