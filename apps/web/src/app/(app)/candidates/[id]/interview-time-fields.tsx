"use client";

import { Field, inputClass } from "@/components/ui";

const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240];

function durationLabel(minutes: number): string {
  return minutes < 60 ? `${minutes} minutes` : `${Math.floor(minutes / 60)} h${minutes % 60 ? ` ${minutes % 60} min` : ""}`;
}

/** An interview's length: the usual ones, the kits' (`extra`) and the current value, shortest first. */
export function DurationField({ id, value, onChange, extra = [] }: { id: string; value: number; onChange: (minutes: number) => void; extra?: readonly number[] }) {
  const durations = [...new Set([...DURATIONS, ...extra, value])].sort((a, b) => a - b);
  return (
    <Field id={id} label="Duration">
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))} className={inputClass}>
        {durations.map((minutes) => (
          <option key={minutes} value={minutes}>
            {durationLabel(minutes)}
          </option>
        ))}
      </select>
    </Field>
  );
}
