"use client";

import type { UserDto } from "@hireflow/core/identity/contract";
import type { InterviewDto } from "@hireflow/core/interview/contract";
import type { SchedulingLinkDto } from "@hireflow/core/scheduling/contract";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { CopySecret } from "@/components/copy-secret";
import { RevokeDialog, useRevocation } from "@/components/revocable-table-card";
import { Badge, type BadgeTone, Button, Time } from "@/components/ui";
import { useTrpc } from "@/lib/trpc";
import { SchedulingLinkForm } from "./scheduling-link-form";

const STATUS: Record<SchedulingLinkDto["status"], { label: string; tone: BadgeTone }> = {
  open: { label: "Open", tone: "indigo" },
  booked: { label: "Booked", tone: "green" },
  canceled: { label: "Canceled by the candidate", tone: "amber" },
  revoked: { label: "Revoked", tone: "slate" },
  expired: { label: "Expired", tone: "slate" },
};

/**
 * The candidate page's Scheduling links (issue 42 §2): every link sent to the candidate with its
 * state, pool, window and the booked interview, the candidate's address to copy while it works, Revoke
 * (after a confirmation) for an open one, and the form that sends a new one. Not for interviewers
 * (the page shows them another view; the procedures refuse them too).
 */
export function SchedulingLinksSection({
  candidateId,
  candidateEmail,
  links,
  members,
  interviews,
  currentUserId,
}: {
  candidateId: number;
  candidateEmail: string | null;
  links: SchedulingLinkDto[];
  members: UserDto[];
  /** The candidate's interviews: the one a link booked is among them. */
  interviews: InterviewDto[];
  currentUserId: string;
}) {
  const trpc = useTrpc();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<SchedulingLinkDto | null>(null);
  const revocation = useRevocation(
    (link: SchedulingLinkDto) => trpc.schedulingLinks.revoke.mutate({ id: String(link.id) }),
    () => router.refresh(),
  );
  const nameOf = (id: string) => {
    const member = members.find((m) => m.id === id);
    return member ? (member.name ?? member.email) : "a former member";
  };

  return (
    <div className="space-y-4" data-testid="scheduling-links">
      {created && (
        <div role="status" className="space-y-2 rounded-md bg-green-50 p-3 text-sm text-green-900 ring-1 ring-green-200" data-testid="scheduling-link-created">
          <p className="font-medium">
            Scheduling link created{created.notify_candidate && candidateEmail ? ` and e-mailed to ${candidateEmail}` : ""}.
          </p>
          <CopySecret id="scheduling-link-new-url" label="The new scheduling link" secret={created.url} />
        </div>
      )}
      {links.length === 0 ? (
        <p className="text-sm text-slate-600">No scheduling links yet. Send one and the candidate picks a time that suits them.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Scheduling links sent">
          {links.map((link) => (
            <LinkItem key={link.id} link={link} interview={interviews.find((i) => i.id === link.interview_id) ?? null} pool={link.interviewer_ids.map(nameOf)} onRevoke={() => revocation.ask(link)} />
          ))}
        </ul>
      )}
      {open ? (
        <SchedulingLinkForm
          candidateId={candidateId}
          candidateEmail={candidateEmail}
          members={members}
          currentUserId={currentUserId}
          onCancel={() => setOpen(false)}
          onCreated={(link) => {
            setCreated(link);
            setOpen(false);
            router.refresh();
          }}
        />
      ) : (
        <Button
          variant="secondary"
          onClick={() => {
            setOpen(true);
            setCreated(null);
          }}
        >
          Send scheduling link
        </Button>
      )}
      <RevokeDialog revocation={revocation} title="Revoke this scheduling link?" confirmLabel="Revoke link">
        The candidate&apos;s page stops working at once{revocation.target ? ` for “${revocation.target.title}”` : ""}. This cannot be undone: send a new link for another time.
      </RevokeDialog>
    </div>
  );
}

function LinkItem({ link, interview, pool, onRevoke }: { link: SchedulingLinkDto; interview: InterviewDto | null; pool: string[]; onRevoke: () => void }) {
  const status = STATUS[link.status];
  // The candidate's page works while the link is open, and after booking (to reschedule or cancel).
  const live = link.status === "open" || link.status === "booked";
  return (
    <li className="space-y-2 py-3 text-sm" data-testid="scheduling-link-item" data-status={link.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">
            {link.title} <span className="font-normal text-slate-600">· {link.duration_minutes} min</span>{" "}
            <span data-testid="scheduling-link-status">
              <Badge tone={status.tone}>{status.label}</Badge>
            </span>
          </p>
          <p className="text-slate-700">With {pool.join(", ") || "nobody"}</p>
          <p className="text-slate-600">
            Times from <Time iso={link.from} /> to <Time iso={link.to} />
            {link.min_notice_hours > 0 && `, ${link.min_notice_hours} h notice`}
            {link.status === "open" && link.expires_at && link.expires_at !== link.to && (
              <>
                ; expires <Time iso={link.expires_at} />
              </>
            )}
          </p>
          {link.interview_id !== null && (
            <p className="text-slate-900" data-testid="scheduling-link-booking">
              {interview ? (
                <>
                  {interview.status === "canceled" ? "Was booked for" : "Booked for"} <Time iso={interview.start_at} />
                  {interview.interviewers.length > 0 && ` with ${interview.interviewers.map((i) => i.name ?? i.email).join(", ")}`}
                  {interview.status === "canceled" && " (canceled)"}
                </>
              ) : (
                `Booked: interview ${link.interview_id}`
              )}
              {link.status === "booked" && `; ${link.reschedules_left} reschedule${link.reschedules_left === 1 ? "" : "s"} left`}
            </p>
          )}
        </div>
        {link.status === "open" && (
          <Button variant="danger-secondary" onClick={onRevoke} aria-label={`Revoke the scheduling link “${link.title}”`}>
            Revoke
          </Button>
        )}
      </div>
      {live && <CopySecret id={`scheduling-link-url-${link.id}`} label={`The candidate's link for “${link.title}”`} secret={link.url} />}
    </li>
  );
}
