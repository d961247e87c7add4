"use client";

import type { JobDto } from "@hireflow/core/job/contract";
import { Field, describedBy, inputClass } from "./ui";

/**
 * What job boards read of a job (Google for Jobs, the Indeed feed, the public job board API):
 * employment type, closing time, the address of each location and, for a remote job, the countries
 * it takes applicants from. `locations` is the form's current list (one address row per entry).
 */
export function JobBoardFields({
  job,
  locations,
  remote,
  fieldError,
}: {
  job?: JobDto;
  locations: string[];
  remote: boolean;
  fieldError: (name: string) => string | undefined;
}) {
  const details = job?.location_details ?? [];
  const detailError = (index: number, part: string) => fieldError(`location_details[${index}].${part}`);
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="employment_type" label="Employment type" error={fieldError("employment_type")}>
          <select {...describedBy("employment_type", fieldError("employment_type"))} name="employment_type" defaultValue={job?.employment_type ?? ""} className={inputClass}>
            <option value="">Not said</option>
            <option value="full_time">Full-time</option>
            <option value="part_time">Part-time</option>
            <option value="contract">Contract</option>
            <option value="temporary">Temporary</option>
            <option value="internship">Internship</option>
          </select>
        </Field>
        <Field id="closes_at" label="Applications close (UTC)" hint="Optional. The job then leaves the careers page and job boards." error={fieldError("closes_at")}>
          <input {...describedBy("closes_at", fieldError("closes_at"), true)} name="closes_at" type="datetime-local" defaultValue={localDateTime(job?.closes_at ?? null)} className={inputClass} />
        </Field>
      </div>
      {remote && (
        <Field id="remote_countries" label="Applicants may live in" hint="Country codes, separated with commas, e.g. “DE, NL”. Leave empty for anywhere." error={fieldError("remote_countries") ?? prefixedError(fieldError, "remote_countries[")}>
          <input {...describedBy("remote_countries", fieldError("remote_countries"), true)} name="remote_countries" defaultValue={job?.remote_countries.join(", ")} className={`${inputClass} uppercase`} />
        </Field>
      )}
      {locations.length > 0 && (
        <fieldset aria-describedby="location_details-hint">
          <legend className="text-sm font-medium text-slate-800">Addresses for job boards</legend>
          <p id="location_details-hint" className="mt-0.5 text-sm text-slate-600">
            Optional: fill in all or none. The country is a two-letter code such as DE.
          </p>
          {fieldError("location_details") && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {fieldError("location_details")}
            </p>
          )}
          <ol className="mt-2 space-y-3">
            {locations.map((location, index) => (
              // Keyed by position: row i is the address of locations[i].
              <li key={index} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {(["city", "region", "postal_code", "country"] as const).map((part) => {
                  const id = `location_details-${index}-${part}`;
                  const label = { city: "City", region: "Region", postal_code: "Postal code", country: "Country" }[part];
                  return (
                    <Field key={part} id={id} label={<span className="text-xs font-normal text-slate-600">{`${label} (${location})`}</span>} error={detailError(index, part)}>
                      <input {...describedBy(id, detailError(index, part))} name={id} defaultValue={details[index]?.[part] ?? ""} maxLength={part === "country" ? 2 : 200} className={part === "country" ? `${inputClass} uppercase` : inputClass} />
                    </Field>
                  );
                })}
              </li>
            ))}
          </ol>
        </fieldset>
      )}
    </>
  );
}

function prefixedError(fieldError: (name: string) => string | undefined, prefix: string): string | undefined {
  for (let index = 0; index < 250; index++) {
    const message = fieldError(`${prefix}${index}]`);
    if (message) return message;
  }
  return undefined;
}

/** An ISO instant as the value of a datetime-local input, in UTC (the server's render and the browser's agree). */
function localDateTime(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

/** The board fields of a submitted job form, as the API takes them. */
export function jobBoardInput(form: FormData, locations: string[], remote: boolean) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const rows = locations.map((_, index) => {
    const part = (name: string) => text(`location_details-${index}-${name}`) || null;
    return { city: part("city"), region: part("region"), postal_code: part("postal_code"), country: (part("country") ?? "").toUpperCase() };
  });
  const anyAddress = rows.some((row) => row.city || row.region || row.postal_code || row.country);
  const closes = text("closes_at");
  return {
    employment_type: text("employment_type") || null,
    closes_at: closes ? `${closes.length === 16 ? `${closes}:00` : closes}Z` : null,
    location_details: anyAddress ? rows : [],
    remote_countries: remote
      ? text("remote_countries")
          .split(/[,\s]+/)
          .map((code) => code.trim().toUpperCase())
          .filter(Boolean)
      : [],
  };
}
