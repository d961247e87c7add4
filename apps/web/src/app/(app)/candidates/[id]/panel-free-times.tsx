"use client";

import { useQuery } from "@tanstack/react-query";
import { useTrpc } from "@/lib/trpc";
import { wallTime } from "@/lib/zoned-time";

/**
 * The panel's free times for the next seven days beside the schedule form (issue 42 §3): the rules a
 * scheduling link offers by — working hours, buffers, caps, interviews and busy calendars — with the
 * whole panel free. Picking one fills the start; the coordinator may still choose any other time.
 */
export function PanelFreeTimes({ panel, duration, timeZone, onPick }: { panel: string[]; duration: number; timeZone: string; onPick: (wall: string) => void }) {
  const trpc = useTrpc();
  const from = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000).toISOString();
  const to = new Date(new Date(from).getTime() + 7 * 86_400_000).toISOString();
  const free = useQuery({
    queryKey: ["availability.freeSlots", panel, duration, from.slice(0, 13)],
    queryFn: async () => (await trpc.availability.freeSlots.query({ interviewer_ids: panel, from, to, duration_minutes: duration })).data.slots,
    enabled: panel.length > 0,
  });
  if (panel.length === 0) return null;
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short" });
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const slots = (free.data ?? []).slice(0, 12);
  return (
    <section aria-labelledby="panel-free-heading" className="rounded-md bg-slate-50 p-3">
      <h3 id="panel-free-heading" className="text-sm font-medium text-slate-800">
        When the whole panel is free (next 7 days, {timeZone})
      </h3>
      {free.isPending && <p className="mt-1 text-sm text-slate-600">Looking at the panel&apos;s availability…</p>}
      {free.isError && <p className="mt-1 text-sm text-red-700">Their free times could not be read; any time can still be chosen.</p>}
      {free.isSuccess && slots.length === 0 && <p className="mt-1 text-sm text-slate-600">No common free time in their working hours this week.</p>}
      {slots.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {slots.map((slot) => (
            <li key={slot.start_at}>
              <button type="button" onClick={() => onPick(wallTime(slot.start_at, timeZone))} className="rounded-md bg-white px-2.5 py-1.5 text-sm text-slate-900 ring-1 ring-inset ring-slate-300 hover:bg-indigo-50">
                {day.format(new Date(slot.start_at))}, {time.format(new Date(slot.start_at))}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
