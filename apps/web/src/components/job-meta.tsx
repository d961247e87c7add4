import type { CareersJobDto } from "@hireflow/core/careers/contract";

const LOCATION_TYPE = { onsite: "On-site", remote: "Remote", hybrid: "Hybrid" } as const;

export function salaryText(salary: CareersJobDto["salary"]): string | null {
  const { min, max, currency } = salary;
  if (min == null && max == null) return null;
  const fmt = (n: number) => n.toLocaleString("en-US");
  const unit = currency ? ` ${currency}` : "";
  if (min != null && max != null) return min === max ? `${fmt(min)}${unit}` : `${fmt(min)}–${fmt(max)}${unit}`;
  return min != null ? `from ${fmt(min)}${unit}` : `up to ${fmt(max!)}${unit}`;
}

/**
 * Where a job is done: its location type, then its locations — without a location that only repeats
 * the type ("Remote · Remote" for a remote job whose one location is "Remote"). ["Hybrid", "Berlin, Munich"].
 */
export function jobPlace(job: Pick<CareersJobDto, "location_type" | "locations">): string[] {
  const type = LOCATION_TYPE[job.location_type];
  const locations = job.locations.filter((location) => location.trim().toLowerCase() !== type.toLowerCase());
  return locations.length ? [type, locations.join(", ")] : [type];
}

/**
 * "Engineering · Hybrid · Berlin, Remote · 75,000–95,000 EUR" as separate items. Each "·" ends the
 * item before it (never starts one), so where the list wraps (a phone) no line begins with a "·".
 */
export function JobMeta({ job }: { job: CareersJobDto }) {
  const salary = salaryText(job.salary);
  const items = [job.department, ...jobPlace(job), salary].filter(Boolean);
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-1 text-sm text-slate-600" data-testid="job-meta">
      {items.map((item, i) => (
        <li key={i}>
          {item}
          {i < items.length - 1 && (
            <span aria-hidden="true" className="ml-2 text-slate-300" data-separator="">
              ·
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
