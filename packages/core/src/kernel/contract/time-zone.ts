/**
 * Which time zone names the API takes, one rule for every field that names one (an interview's
 * invitation, a member's working hours, a booking, the reports' week boundaries): any name the
 * runtime's tz database (Intl) accepts, in any case. Not `Intl.supportedValuesOf("timeZone")`: it
 * lists ICU's canonical ids only, so it refuses "UTC", "US/Eastern" and today's names of renamed zones
 * ("Asia/Kolkata", "Europe/Kyiv") on Node 20 and 24 alike. Browser-safe (Intl only).
 */

/** Names only: Intl also takes offsets such as "+01:00", which follow no daylight saving (and which PostgreSQL reads with the sign inverted). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const validity = new Map<string, boolean>();

export const TIME_ZONE_MESSAGE = "Must be an IANA time zone name such as Europe/Berlin or America/New_York";

/** True for any zone name Intl accepts. */
export function isValidTimeZone(zone: string): boolean {
  if (typeof zone !== "string" || !ZONE_NAME.test(zone)) return false;
  let ok = validity.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    if (validity.size > 2_000) validity.clear();
    validity.set(zone, ok);
  }
  return ok;
}

/**
 * The zone's name with the tz database's capitalisation ("europe/berlin" → "Europe/Berlin"), else as
 * given. Not Intl's canonical id: Node 20 turns "Asia/Kolkata" into the old "Asia/Calcutta".
 */
export function normalizeTimeZone(zone: string): string {
  if (!isValidTimeZone(zone)) return zone;
  const resolved = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
}
