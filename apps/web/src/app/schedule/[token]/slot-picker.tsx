"use client";

import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Alert, Button, compactInputClass } from "@/components/ui";
import { type ErrorInfo, fromEnvelope } from "@/lib/errors";

interface Slot {
  start_at: string;
  end_at: string;
}

/** Zones most candidates are in, offered first; every other zone the browser knows follows. */
const COMMON_ZONES = ["UTC", "Europe/London", "Europe/Berlin", "Europe/Paris", "Europe/Madrid", "Europe/Warsaw", "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Singapore", "Asia/Tokyo", "Australia/Sydney"];

function detectedZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

function allZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return COMMON_ZONES;
  }
}

/**
 * The free slots in the candidate's zone (detected, with a chooser), grouped by day; picking one and
 * confirming books it (or moves the booked interview). A slot taken meanwhile answers 409: the list is
 * read again and the candidate picks another.
 */
export function SlotPicker({ token, mode, onDone }: { token: string; mode: "book" | "reschedule"; onDone?: () => void }) {
  const router = useRouter();
  const [zone, setZone] = useState<string | null>(null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => setZone((current) => current ?? detectedZone()), []);

  useEffect(() => {
    let live = true;
    fetch(`/api/public/scheduling/${encodeURIComponent(token)}/slots`)
      .then(async (res) => {
        const body = await res.json().catch(() => null);
        if (!live) return;
        if (!res.ok) setError(fromEnvelope(body, res.status));
        else setSlots((body as { data: { slots: Slot[] } }).data.slots);
      })
      .catch(() => live && setError({ message: "Could not reach the server; check your connection and reload", fields: {} }));
    return () => {
      live = false;
    };
  }, [token, reload]);

  const days = useMemo(() => {
    if (!slots || !zone) return [];
    const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: zone, weekday: "long", day: "numeric", month: "long" });
    const groups = new Map<string, Slot[]>();
    for (const slot of slots) {
      const key = dayFormat.format(new Date(slot.start_at));
      groups.set(key, [...(groups.get(key) ?? []), slot]);
    }
    return [...groups.entries()];
  }, [slots, zone]);

  const time = useMemo(() => (zone ? new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }) : null), [zone]);
  const zones = useMemo(() => allZones().filter((z) => !COMMON_ZONES.includes(z)), []);

  async function confirm() {
    if (!chosen || !zone) return;
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/api/public/scheduling/${encodeURIComponent(token)}/${mode}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ start_at: chosen, time_zone: zone }),
      });
      if (!res.ok) {
        setError(fromEnvelope(await res.json().catch(() => null), res.status));
        if (res.status === 409) {
          setChosen(null);
          setReload((n) => n + 1);
        }
        return;
      }
      onDone?.();
      router.refresh();
    } catch {
      setError({ message: "Could not reach the server; check your connection and try again", fields: {} });
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="slots-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="slots-heading" className="text-lg font-semibold text-slate-900">
        {mode === "book" ? "Pick a time" : "Pick a new time"}
      </h2>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="time-zone" className="text-slate-700">
          Times shown in
        </label>
        <select id="time-zone" className={`${compactInputClass} max-w-full`} value={zone ?? ""} onChange={(e) => setZone(e.target.value)}>
          {zone && !COMMON_ZONES.includes(zone) && !zones.includes(zone) && <option value={zone}>{zone}</option>}
          <optgroup label="Common">
            {COMMON_ZONES.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, " ")}
              </option>
            ))}
          </optgroup>
          <optgroup label="All time zones">
            {zones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, " ")}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      {error && <Alert title={error.message.includes("no longer free") ? "That time was just taken" : "Something went wrong"}>{error.message.includes("no longer free") ? "Someone booked it a moment ago. Pick another time below." : error.message}</Alert>}
      {slots === null && !error && <p className="text-sm text-slate-600" role="status">Loading the free times…</p>}
      {slots !== null && slots.length === 0 && <p className="text-sm text-slate-700">There are no free times left in this link&apos;s window. Please contact the company for another time.</p>}
      <div className="space-y-4" role="radiogroup" aria-labelledby="slots-heading">
        {days.map(([day, daySlots]) => (
          <fieldset key={day} className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">{day}</legend>
            <div className="flex flex-wrap gap-2">
              {daySlots.map((slot) => {
                const selected = chosen === slot.start_at;
                return (
                  <button
                    key={slot.start_at}
                    type="button"
                    role="radio"
                    aria-checked={selected}
                    onClick={() => setChosen(slot.start_at)}
                    className={`min-w-[4.5rem] rounded-md px-3 py-2 text-sm font-medium ring-1 ring-inset ${selected ? "bg-indigo-600 text-white ring-indigo-600" : "bg-white text-slate-900 ring-slate-300 hover:bg-slate-50"}`}
                  >
                    {time?.format(new Date(slot.start_at))}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void confirm()} disabled={!chosen || pending}>
          {pending ? "Booking…" : chosen && time ? `${mode === "book" ? "Book" : "Move to"} ${time.format(new Date(chosen))}` : "Choose a time"}
        </Button>
        {onDone && (
          <Button variant="secondary" onClick={onDone} disabled={pending}>
            Keep the current time
          </Button>
        )}
      </div>
    </section>
  );
}
