import type { CandidateListItemDto } from "@hireflow/core/candidate/contract";

export type SearchMatch = NonNullable<CandidateListItemDto["match"]>;

/**
 * The relevance cue of a search result, in words (the list's Match column, the quick switcher):
 * why the candidate is listed, so a resume mention or a similar spelling is not mistaken for the
 * person searched for.
 */
export const SEARCH_MATCH_LABELS: Readonly<Record<SearchMatch, string>> = {
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  resume: "Resume mentions it",
  similar_name: "Similar name",
};
