import type { QuickSearchResultDto } from "./candidate-search.ts";

type QuickCandidate = QuickSearchResultDto["candidates"][number];
type QuickJob = QuickSearchResultDto["jobs"][number];

export type QuickSearchSection = { kind: "candidates"; items: QuickCandidate[] } | { kind: "jobs"; items: QuickJob[] };

/** Matches that outrank a job whose title holds the text: a resume mention or a similar spelling does not. */
const WEAK_MATCHES: ReadonlySet<QuickCandidate["match"]> = new Set(["resume", "similar_name"]);

/**
 * The quick switcher's order (issue 28 item 6): the candidates whose name, e-mail or phone holds the
 * text, then the jobs whose title does, then the candidates only a resume mentions or a similar
 * spelling finds — "design" lists the job Product Designer above a backend engineer whose resume
 * mentions system design. Each part keeps the server's order (best match first); empty parts are
 * left out. Pure, so the web app's switcher orders by it and the rule is tested here.
 */
export function quickSearchSections(result: QuickSearchResultDto): QuickSearchSection[] {
  const strong = result.candidates.filter((c) => !WEAK_MATCHES.has(c.match));
  const weak = result.candidates.filter((c) => WEAK_MATCHES.has(c.match));
  const sections: QuickSearchSection[] = [
    { kind: "candidates", items: strong },
    { kind: "jobs", items: result.jobs },
    { kind: "candidates", items: weak },
  ];
  return sections.filter((section) => section.items.length > 0);
}
