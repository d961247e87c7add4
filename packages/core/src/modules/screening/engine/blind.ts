/**
 * Blind screening: what an engine (local or a language model) sees is the resume text without who
 * wrote it. Removed: the person's name, any e-mail, any phone number, profile URLs (LinkedIn and
 * the like), street addresses, and in education lines the school and the year (a women's college or
 * an HBCU says who the person is, a graduation year how old); gendered pronouns and titles become
 * neutral, so that the same resume from "him" or "her" reads the same. Deterministic: the same input gives the same text,
 * which is what `inputHash` and the fairness guarantees rest on.
 *
 * The passes live next to this file: blind-tracked.ts (the text with its offsets back to the original),
 * blind-contact.ts (URLs, e-mails, phones, addresses) and blind-identity.ts (education, names, pronouns).
 */
import { EMAIL, removeAddresses, removeKnownPhone, removePhones, removeUrls } from "./blind-contact.ts";
import { neutralise, removeEducationMarkers, removeName, removeProfileSlug } from "./blind-identity.ts";
import { REMOVED, replaceTracked, type Tracked, tracked } from "./blind-tracked.ts";
import { type ScreeningPerson } from "./types.ts";

export { REMOVED };

export type BlindPerson = Partial<ScreeningPerson>;

export function blindText(text: string, people: BlindPerson | readonly BlindPerson[] = []): string {
  return blindMapped(text, people).text;
}

/**
 * The blind text, with the way back: `original` is the text as written (NFC, line ends as "\n"),
 * and `span` maps a range of the blind text to the range of `original` it came from, so that what an
 * engine found in the blind text can be quoted to a person as the resume says it (evidence.ts).
 */
export interface BlindMapped {
  text: string;
  original: string;
  /** The range of `original` that [start, end) of the blind text came from. */
  span(start: number, end: number): { start: number; end: number };
}

export function blindMapped(text: string, people: BlindPerson | readonly BlindPerson[] = []): BlindMapped {
  const persons: readonly BlindPerson[] = Array.isArray(people) ? people : [people as BlindPerson];
  const original = text.normalize("NFC").replace(/\r\n?/g, "\n");
  let t = tracked(original);
  t = removeUrls(t);
  t = replaceTracked(t, EMAIL, REMOVED);
  for (const person of persons) t = removeKnownPhone(t, person.phone);
  t = removePhones(t);
  t = removeAddresses(t);
  // The slug before the name: "marcus-oneill" holds the name's parts.
  for (const person of persons) t = removeProfileSlug(t, person.linkedin);
  for (const person of persons) t = removeName(t, person.name);
  t = removeEducationMarkers(t);
  t = neutralise(t);
  const out = tidy(t);
  return {
    text: out.text,
    original,
    span(start, end) {
      const from = Math.max(0, Math.min(start, out.text.length));
      const to = Math.max(from, Math.min(end, out.text.length));
      if (from === to) {
        const at = from < out.text.length ? out.starts[from]! : original.length;
        return { start: at, end: at };
      }
      let s = out.starts[from]!;
      let e = out.ends[from]!;
      for (let i = from; i < to; i++) {
        s = Math.min(s, out.starts[i]!);
        e = Math.max(e, out.ends[i]!);
      }
      return { start: s, end: e };
    },
  };
}

function tidy(t: Tracked): Tracked {
  // Trailing blanks of each line go ("m": $ before every line end).
  return replaceTracked(replaceTracked(t, /\[removed\](?:[ \t,]+\[removed\])+/g, REMOVED), /[ \t]+$/gm, "");
}
