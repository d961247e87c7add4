import type { CareersJobDto } from "@hireflow/core/contracts/careers";

const LOCATION_TYPE = { onsite: "On-site", remote: "Remote", hybrid: "Hybrid" } as const;

export function salaryText(salary: CareersJobDto["salary"]): string | null {
  const { min, max, currency } = salary;
  if (min == null && max == null) return null;
  const fmt = (n: number) => n.toLocaleString("en-US");
  const unit = currency ? ` ${currency}` : "";
  if (min != null && max != null) return min === max ? `${fmt(min)}${unit}` : `${fmt(min)}–${fmt(max)}${unit}`;
  return min != null ? `from ${fmt(min)}${unit}` : `up to ${fmt(max!)}${unit}`;
}

/** "Engineering · Hybrid · Berlin, Remote · 75,000–95,000 EUR" as separate items. */
export function JobMeta({ job }: { job: CareersJobDto }) {
  const salary = salaryText(job.salary);
  const items = [job.department, LOCATION_TYPE[job.location_type], job.locations.join(", "), salary].filter(Boolean);
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
      {items.map((item, i) => (
        <li key={i} className="flex items-center gap-3">
          {i > 0 && <span aria-hidden="true" className="text-slate-300">·</span>}
          {item}
        </li>
      ))}
    </ul>
  );
}
