/**
 * Where a candidate came from: the API's value (`application_source`) and the one label people read
 * for it — the candidate list and its filter, the candidate page and its timeline, the board, reports,
 * their CSV and the data export all take it from here, so a source never has two names.
 */
export const APPLICATION_SOURCES = ["public_api", "self_apply", "manual", "import"] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];

export const APPLICATION_SOURCE_LABELS: Readonly<Record<ApplicationSource, string>> = {
  self_apply: "Careers page",
  public_api: "API",
  manual: "Added manually",
  import: "Import",
};

/** The label of a source; a value this build does not know (a newer enum value) is shown as it is. */
export function applicationSourceLabel(source: string): string {
  return Object.hasOwn(APPLICATION_SOURCE_LABELS, source) ? APPLICATION_SOURCE_LABELS[source as ApplicationSource] : source;
}
