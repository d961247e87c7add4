"use client";

import { useSyncExternalStore } from "react";
import { formatSpan, knownZone, zoneLabel } from "@/lib/zoned-time";

const noop = () => () => {};

function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The zone a member reads times in: the one they set in My availability (`memberZone`), else this
 * device's. The server cannot know the device's, so until hydration it is null (the caller shows the
 * zone an interview was booked in meanwhile) and no markup differs between server and client.
 */
export function useViewerZone(memberZone: string | null): string | null {
  const device = useSyncExternalStore(noop, browserZone, () => null);
  if (memberZone && knownZone(memberZone)) return memberZone;
  return device;
}

/**
 * When an interview is, start to end: in the member's zone (`lead="viewer"`, My interviews and an
 * interviewer's own list), or first in the zone it was booked in (`lead="booked"`, the recruiter's
 * list, where that zone was chosen) — each naming its zone, and the other zone beside it when the two
 * differ, so nobody converts in their head.
 */
export function InterviewWhen({
  start,
  end,
  bookedZone,
  memberZone,
  lead = "viewer",
}: {
  start: string;
  end: string;
  bookedZone: string;
  memberZone: string | null;
  lead?: "viewer" | "booked";
}) {
  const viewer = useViewerZone(memberZone);
  const first = lead === "booked" || viewer === null ? bookedZone : viewer;
  const second = lead === "booked" ? viewer : bookedZone;
  return (
    <>
      <time dateTime={start} data-testid="interview-when">
        {formatSpan(start, end, first)}
      </time>{" "}
      <span className="text-slate-600">({zoneLabel(first)})</span>
      {second && second !== first && (
        <span className="block text-xs text-slate-600" data-testid="interview-when-other-zone">
          {formatSpan(start, end, second)} ({zoneLabel(second)}, {lead === "booked" ? "your zone" : "as booked"})
        </span>
      )}
    </>
  );
}
