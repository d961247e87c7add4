import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/** E.164 when the number parses and is valid (region for numbers without a country code), else as given. */
export function normalizePhone(phone: string, defaultRegion: string): string {
  const trimmed = phone.trim();
  try {
    const parsed = parsePhoneNumberFromString(trimmed, defaultRegion as CountryCode);
    if (parsed?.isValid()) return parsed.number;
  } catch {
    // unparseable: keep as given
  }
  return trimmed;
}
