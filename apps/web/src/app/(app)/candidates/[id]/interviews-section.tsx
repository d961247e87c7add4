"use client";

import type { InterviewDto } from "@hireflow/core/interview/contract";
import type { UserDto } from "@hireflow/core/identity/contract";
import type { InterviewKitDto } from "@hireflow/core/pipeline/contract";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { InterviewWhen, useViewerZone } from "@/components/interview-when";
import { Alert, Badge, Button } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";
import { formatSpan } from "@/lib/zoned-time";
import { RescheduleForm } from "./reschedule-form";
import { ScheduleInterviewForm } from "./schedule-interview-form";

type Notice = { kind: "scheduled"; conflicts: number } | { kind: "rescheduled"; title: string };

/**
 * The candidate's interviews (upcoming first, then past and canceled), each shown in the zone it was
 * booked in (and the member's own beside it when that differs), with Reschedule and Cancel for the
 * upcoming ones; and the form that schedules one (schedule-interview-form.tsx). `memberZone`: the
 * zone the member set in My availability, else null (this device's is used).
 */
export function InterviewsSection({
  candidateId,
  candidateHasEmail,
  interviews,
  members,
  currentUserId,
  kits,
  stageName,
  memberZone,
}: {
  candidateId: number;
  candidateHasEmail: boolean;
  interviews: InterviewDto[];
  members: UserDto[];
  currentUserId: string;
  /** The interview plan of the candidate's current stage. */
  kits: InterviewKitDto[];
  stageName: string | null;
  memberZone: string | null;
}) {
  const trpc = useTrpc();
  const router = useRouter();
  const viewerZone = useViewerZone(memberZone);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [rescheduling, setRescheduling] = useState<number | null>(null);
  const cancel = useMutation({
    mutationFn: (id: number) => trpc.interviews.cancel.mutate({ id: String(id) }),
    onSuccess: () => router.refresh(),
  });

  const now = Date.now();
  const upcoming = interviews.filter((i) => i.status === "scheduled" && Date.parse(i.end_at) > now);
  const past = interviews.filter((i) => !upcoming.includes(i)).reverse();

  return (
    <div className="space-y-4">
      {notice && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 ring-1 ring-green-200" data-testid={notice.kind === "scheduled" ? "interview-scheduled" : "interview-rescheduled"}>
          {notice.kind === "scheduled" ? (
            <>
              Interview scheduled; the invitations are on their way.
              {notice.conflicts > 0 && ` ${notice.conflicts === 1 ? "One interviewer has" : "Interviewers have"} another interview at that time.`}
            </>
          ) : (
            <>{notice.title} rescheduled; the updated invitations are on their way.</>
          )}
        </p>
      )}
      {cancel.error && <Alert title="Could not cancel the interview">{errorInfo(cancel.error).message}</Alert>}
      <InterviewList
        title="Upcoming"
        interviews={upcoming}
        memberZone={memberZone}
        actions={(interview) =>
          rescheduling === interview.id ? (
            <RescheduleForm
              interview={interview}
              onClose={() => setRescheduling(null)}
              onDone={() => {
                setRescheduling(null);
                setNotice({ kind: "rescheduled", title: interview.title });
                router.refresh();
              }}
            />
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => { setRescheduling(interview.id); setNotice(null); }} aria-label={`Reschedule ${interview.title} on ${formatSpan(interview.start_at, interview.end_at, interview.time_zone)}`}>
                Reschedule
              </Button>
              <Button variant="secondary" onClick={() => cancel.mutate(interview.id)} disabled={cancel.isPending && cancel.variables === interview.id} aria-label={`Cancel ${interview.title} on ${formatSpan(interview.start_at, interview.end_at, interview.time_zone)}`}>
                {cancel.isPending && cancel.variables === interview.id ? "Canceling…" : "Cancel"}
              </Button>
            </div>
          )
        }
      />
      {past.length > 0 && <InterviewList title="Past and canceled" interviews={past} memberZone={memberZone} />}
      {!open ? (
        <Button variant="secondary" onClick={() => { setOpen(true); setNotice(null); }}>
          Schedule interview
        </Button>
      ) : (
        <ScheduleInterviewForm
          candidateId={candidateId}
          candidateHasEmail={candidateHasEmail}
          members={members}
          currentUserId={currentUserId}
          kits={kits}
          stageName={stageName}
          initialZone={viewerZone ?? "UTC"}
          onClose={() => setOpen(false)}
          onScheduled={(interview) => {
            setNotice({ kind: "scheduled", conflicts: interview.conflicts.length });
            setOpen(false);
            router.refresh();
          }}
        />
      )}
    </div>
  );
}

function InterviewList({ title, interviews, memberZone, actions }: { title: string; interviews: InterviewDto[]; memberZone: string | null; actions?: (interview: InterviewDto) => ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-medium text-slate-700">{title}</h3>
      {interviews.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label={`${title} interviews`}>
          {interviews.map((interview) => (
            <li key={interview.id} className="space-y-2 py-2 text-sm" data-testid="interview-item" data-interview-id={interview.id}>
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {interview.title} {interview.status === "canceled" && <Badge tone="red">Canceled</Badge>}
                </p>
                <p className="text-slate-700">
                  <InterviewWhen start={interview.start_at} end={interview.end_at} bookedZone={interview.time_zone} memberZone={memberZone} lead="booked" />
                </p>
                <p className="text-slate-600">With {interview.interviewers.map((i) => i.name ?? i.email).join(", ") || "nobody"}</p>
              </div>
              {actions && interview.status === "scheduled" && actions(interview)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
