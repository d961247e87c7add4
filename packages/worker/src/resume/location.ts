import { isDocumentTitle, isKnownSection, segments } from "./text.ts";

/** Contact details sit in the header block; lower down "City, ST" is an employer's address. */
const LOCATION_SEARCH_LINES = 12;

const US_STATES = "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI";
const CA_PROVINCES = "AB BC MB NB NL NS NT NU ON PE QC SK YT";
const REGION_CODES = new Set(`${US_STATES} ${CA_PROVINCES}`.split(" "));

const US_STATE_NAMES = [
  "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware", "Florida",
  "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana", "Maine",
  "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana", "Nebraska",
  "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina", "North Dakota", "Ohio",
  "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas",
  "Utah", "Vermont", "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming",
];

const COUNTRY_ALIASES = [
  "UK", "U.K.", "USA", "U.S.A.", "US", "U.S.", "England", "Scotland", "Wales", "Northern Ireland", "UAE",
  "The Netherlands", "Holland", "Czech Republic", "Korea", "Republic of Korea", "Turkey", "Russian Federation",
  "Viet Nam", "Ivory Coast", "Great Britain",
];

let places: Set<string> | undefined;

/** Country names (every ISO region ICU knows, in English) plus common aliases and US state names. */
function knownPlaces(): Set<string> {
  if (places) return places;
  places = new Set([...COUNTRY_ALIASES, ...US_STATE_NAMES].map((name) => name.toLowerCase()));
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const name = names.of(String.fromCharCode(a, b));
      if (name) places.add(name.toLowerCase());
    }
  }
  return places;
}

const LABEL = /^(?:location|address|based in|lives in|residence)\s*:?\s*/i;
// A place name: capitalised words, allowing "upon", "de", "am" and the like in between.
const PLACE = /^\p{Lu}[\p{L}\p{M}.'’-]*(?:\s+(?:\p{Lu}[\p{L}\p{M}.'’-]*|[a-z]{1,4}))*$/u;
const REGION_CODE_WITH_ZIP = /^([A-Z]{2})(?:\s+\d{5}(?:-\d{4})?)?$/;

export function findLocation(lines: readonly string[]): string | null {
  for (const line of lines.slice(0, LOCATION_SEARCH_LINES)) {
    if (isDocumentTitle(line)) continue;
    if (isKnownSection(line)) return null;
    for (const segment of segments(line)) {
      const location = asLocation(segment.replace(LABEL, ""));
      if (location) return location;
    }
  }
  return null;
}

/**
 * "City, ST", "City, ST 12345", "City, Country", "City, Region, Country". A longer address keeps
 * only its last parts ("1 Main St, Springfield, IL 62701" → "Springfield, IL").
 */
function asLocation(segment: string): string | null {
  const parts = segment.split(",").map((part) => part.trim());
  if (parts.length < 2 || parts.some((part) => part === "")) return null;
  for (const take of [3, 2]) {
    if (parts.length < take) continue;
    const tail = parts.slice(-take);
    const city = tail[0] ?? "";
    const last = tail[take - 1] ?? "";
    if (!PLACE.test(city) || city.length > 40) continue;
    if (take === 3 && !(PLACE.test(tail[1] ?? "") && isPlace(last))) continue;

    const code = REGION_CODE_WITH_ZIP.exec(last);
    if (take === 2 && code?.[1] && REGION_CODES.has(code[1])) return `${city}, ${code[1]}`;
    if (PLACE.test(last) && isPlace(last)) return tail.join(", ");
  }
  return null;
}

function isPlace(value: string): boolean {
  return knownPlaces().has(value.toLowerCase());
}

const US_NAMES = new Set(["usa", "u.s.a.", "us", "u.s.", "united states of america", ...US_STATE_NAMES.map((name) => name.toLowerCase())]);
const GB_NAMES = new Set(["uk", "u.k.", "england", "scotland", "wales", "northern ireland", "great britain"]);
const OTHER_ALIASES: Record<string, string> = {
  uae: "AE", "the netherlands": "NL", holland: "NL", "czech republic": "CZ", korea: "KR", "republic of korea": "KR",
  turkey: "TR", "russian federation": "RU", "viet nam": "VN", "ivory coast": "CI",
};
let regionsByName: Map<string, string> | undefined;

/**
 * The ISO country of a location findLocation returned ("New York, NY" → US, "Dublin, Ireland" → IE,
 * "Toronto, ON" → CA), or null when its last part names none. A resume's phone number written without
 * "+" is read in this country before the company's: "(212) 555-0143" next to "New York, NY" is a US
 * number, not one of the company's country.
 */
export function regionOfLocation(location: string | null): string | null {
  const last = location?.split(",").at(-1)?.trim();
  if (!last) return null;
  if (REGION_CODES.has(last)) return US_STATES.split(" ").includes(last) ? "US" : "CA";
  const name = last.toLowerCase();
  if (US_NAMES.has(name)) return "US";
  if (GB_NAMES.has(name)) return "GB";
  if (OTHER_ALIASES[name]) return OTHER_ALIASES[name];
  if (!regionsByName) {
    regionsByName = new Map();
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const found = names.of(code);
        if (found && !regionsByName.has(found.toLowerCase())) regionsByName.set(found.toLowerCase(), code);
      }
    }
  }
  return regionsByName.get(name) ?? null;
}
