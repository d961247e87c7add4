"use client";

import { useMemo, useState } from "react";
import { describedBy, Field, inputClass } from "@/components/ui";

/** The zones most teams are in, offered first; the search finds any other the browser knows. */
const COMMON_ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Dublin",
  "Europe/Lisbon",
  "Europe/Berlin",
  "Europe/Paris",
  "Europe/Madrid",
  "Europe/Amsterdam",
  "Europe/Zurich",
  "Europe/Stockholm",
  "Europe/Warsaw",
  "Europe/Athens",
  "Europe/Istanbul",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "America/Toronto",
  "America/Mexico_City",
  "America/Sao_Paulo",
  "Africa/Lagos",
  "Africa/Johannesburg",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
];
const MAX_MATCHES = 60;

/** Every zone the browser knows, and the common ones under their current names (some browsers list Asia/Calcutta, not Asia/Kolkata). */
function allZones(): string[] {
  try {
    return [...new Set([...COMMON_ZONES, ...Intl.supportedValuesOf("timeZone")])];
  } catch {
    return COMMON_ZONES;
  }
}

let offsets = { hour: 0, byZone: new Map<string, string>() };

/** "GMT+02:00" now (the label only; the zone itself follows daylight saving), read once per zone and hour. */
function offsetOf(zone: string): string {
  const hour = Math.floor(Date.now() / 3_600_000);
  if (offsets.hour !== hour) offsets = { hour, byZone: new Map() };
  let offset = offsets.byZone.get(zone);
  if (offset === undefined) {
    try {
      offset = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value ?? "";
    } catch {
      offset = "";
    }
    offsets.byZone.set(zone, offset);
  }
  return offset;
}

const words = (text: string) => text.toLowerCase().replace(/[_/]+/g, " ").split(/\s+/).filter(Boolean);

/** Whether every word typed is in the zone's name or its offset ("new york", "kolkata", "gmt+05:30"). */
function matches(zone: string, query: string): boolean {
  const haystack = `${zone.toLowerCase().replace(/[_/]+/g, " ")} ${offsetOf(zone).toLowerCase()}`;
  return words(query).every((word) => haystack.includes(word));
}

/**
 * A time zone chooser that does not list all ~420 zones at once: the common ones (and the current
 * one) in the list, and a search that fills the list with the zones matching what is typed.
 */
export function TimeZoneChooser({ id, value, onChange, error, hint }: { id: string; value: string; onChange: (zone: string) => void; error?: string; hint?: string }) {
  const [query, setQuery] = useState("");
  const zones = useMemo(allZones, []);
  const found = useMemo(() => {
    if (!query.trim()) return null;
    const hits = zones.filter((zone) => matches(zone, query));
    // Common zones first, then the rest in the browser's order.
    return [...hits.filter((zone) => COMMON_ZONES.includes(zone)), ...hits.filter((zone) => !COMMON_ZONES.includes(zone))];
  }, [query, zones]);
  const listed = found ? found.slice(0, MAX_MATCHES) : COMMON_ZONES;
  const label = (zone: string) => `${zone.replace(/_/g, " ")}${offsetOf(zone) ? ` (${offsetOf(zone)})` : ""}`;

  return (
    <div className="space-y-3">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
          Search time zones
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="A city or region, e.g. Lisbon, New York, Kolkata"
          aria-describedby={`${id}-search-status`}
          autoComplete="off"
          className={inputClass}
        />
        <p id={`${id}-search-status`} aria-live="polite" className="text-xs text-slate-600">
          {found === null
            ? "The list shows common zones; type to find any other."
            : found.length === 0
              ? `No time zone matches “${query.trim()}”.`
              : `${found.length} ${found.length === 1 ? "zone matches" : "zones match"}${found.length > MAX_MATCHES ? ` (the first ${MAX_MATCHES} are listed)` : ""}: choose in the list below.`}
        </p>
      </div>
      <Field id={id} label="Time zone" hint={hint} error={error}>
        <select {...describedBy(id, error, Boolean(hint))} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
          {!listed.includes(value) && <option value={value}>{label(value)}</option>}
          <optgroup label={found ? "Matching zones" : "Common zones"}>
            {listed.map((zone) => (
              <option key={zone} value={zone}>
                {label(zone)}
              </option>
            ))}
          </optgroup>
        </select>
      </Field>
    </div>
  );
}
