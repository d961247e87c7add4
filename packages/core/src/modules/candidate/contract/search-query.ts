import { z } from "zod";
import { singleLine } from "../../../kernel/contract/common.ts";

/** Longest search text: a name, an e-mail, a phone number or a few skills, never a document. */
export const SEARCH_QUERY_MAX = 200;

const SEARCH_HELP =
  "Search text: finds candidates by name, e-mail, phone number and resume text, ignoring case, accents and apostrophes " +
  '("jose" finds "José", "oneill" finds "O\'Neill"), with names also found by a part of a word and by a similar spelling ' +
  "(typos), and the last word of the text also by its beginning. Best match first: the whole name, a name word that starts with the text, " +
  "a name, e-mail or phone that contains it, candidates whose name and resume together hold every word, then similar " +
  "names; newest first among equals. With `sort`, the matches come in that order instead. " +
  `At most ${SEARCH_QUERY_MAX} characters; empty means no search.`;

/** The `q` of candidate lists (REST and the web app): one line, at most SEARCH_QUERY_MAX characters. */
export const searchQuery = singleLine(z.string().max(SEARCH_QUERY_MAX, `Must be at most ${SEARCH_QUERY_MAX} characters`)).meta({
  description: SEARCH_HELP,
  example: "jose",
});
