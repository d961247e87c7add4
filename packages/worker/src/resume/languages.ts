import { BULLET } from "./header.ts";
import { type Section } from "./sections.ts";

const MAX_LANGUAGES = 20;
const MAX_SECTION_LINES = 30;
const MAX_LINE_CHARS = 300;
const MAX_ITEMS_PER_LINE = 40;
const MAX_NAME_WORDS = 3;

/** "Languages: …" outside a skills list; inside one the same label introduces programming languages. */
const LANGUAGES_LABEL = /^(?:(?:spoken|foreign|human)\s)?languages?(?:\s(?:spoken|skills))?\s*:\s*/i;
const ITEM_SEPARATOR = /[,;|/•·●▪◦∙:\uF000-\uF8FF]|\s[-–—]\s|\s(?:and|&)\s/u;
const QUALIFIER = /\([^()]{0,60}\)|\[[^[\]]{0,60}\]/g;

/** Names people use that are not ICU's English name of an ISO 639-1 code. */
const ALIASES: Record<string, string> = {
  mandarin: "Mandarin",
  cantonese: "Cantonese",
  farsi: "Persian",
  bengali: "Bengali",
  tagalog: "Tagalog",
  flemish: "Flemish",
  gaelic: "Gaelic",
  "serbo-croatian": "Serbo-Croatian",
  "swiss german": "Swiss German",
  "brazilian portuguese": "Portuguese",
  "american sign language": "American Sign Language",
  asl: "American Sign Language",
  "british sign language": "British Sign Language",
  bsl: "British Sign Language",
};

let names: Map<string, string> | undefined;

/**
 * Lower-cased language name → English name: every ISO 639-1 language ICU names in English, also under
 * its own name ("Deutsch" → "German"), plus common aliases. A closed list is what tells "German" from
 * "Go" or "Java" when a resume mixes them up.
 */
function languageNames(): Map<string, string> {
  if (names) return names;
  names = new Map(Object.entries(ALIASES));
  const english = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
  for (let a = 97; a <= 122; a++) {
    for (let b = 97; b <= 122; b++) {
      const code = String.fromCharCode(a, b);
      const name = english.of(code);
      // Script variants such as "Serbian (Latin)" are not what a resume lists.
      if (!name || name === code || name.includes("(")) continue;
      let native: string | undefined;
      try {
        native = new Intl.DisplayNames([code], { type: "language", fallback: "none" }).of(code);
      } catch {
        native = undefined;
      }
      if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
      if (native && native !== code && !native.includes("(") && !names.has(native.toLowerCase())) {
        names.set(native.toLowerCase(), name);
      }
    }
  }
  return names;
}

/** The human languages a text lists: "English (native), German (B2)" → ["English", "German"]. */
export function parseLanguages(text: string): string[] {
  const found: string[] = [];
  addLanguages(text, found);
  return found;
}

function addLanguages(line: string, found: string[]): void {
  const items = line.slice(0, MAX_LINE_CHARS).replace(BULLET, "").replace(QUALIFIER, " ").split(ITEM_SEPARATOR);
  for (const item of items.slice(0, MAX_ITEMS_PER_LINE)) {
    const language = firstLanguage(item);
    if (language && !found.includes(language) && found.length < MAX_LANGUAGES) found.push(language);
  }
}

/** The first language name in an item, longest name first ("Norwegian Bokmål", "Fluent in German"). */
function firstLanguage(item: string): string | null {
  const words = item
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ""))
    .filter(Boolean);
  const known = languageNames();
  for (let start = 0; start < words.length; start++) {
    for (let length = Math.min(MAX_NAME_WORDS, words.length - start); length >= 1; length--) {
      const name = known.get(words.slice(start, start + length).join(" ").toLowerCase());
      if (name) return name;
    }
  }
  return null;
}

/**
 * The languages a resume states: the lines of its Languages sections, and "Languages: …" lines in any
 * other section except a skills list (where that label means programming languages).
 */
export function findLanguages(sections: readonly Section[]): string[] {
  const found: string[] = [];
  for (const section of sections) {
    if (section.kind === "languages") {
      for (const line of section.lines.slice(0, MAX_SECTION_LINES)) addLanguages(line, found);
    } else if (section.kind !== "skills") {
      for (const line of section.lines) {
        const label = LANGUAGES_LABEL.exec(line);
        if (label) addLanguages(line.slice(label[0].length), found);
      }
    }
  }
  return found;
}
