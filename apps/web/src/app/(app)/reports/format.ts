/** Labels and number formats shared by the reports page (tables) and its charts, so both say the same. */

/** 0.8334 → "83.3%"; null → "—". */
export function percent(value: number | null): string {
  return value === null ? "—" : `${(value * 100).toFixed(1)}%`;
}

/** A duration in seconds as hours under a day, else days: "5.0 h", "2.4 days"; null → "—". */
export function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  const hours = seconds / 3600;
  return hours < 24 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
}

/** Days with one decimal, for the chart's axis. */
export function days(seconds: number | null): number | null {
  return seconds === null ? null : Math.round((seconds / 86_400) * 10) / 10;
}

/** Fit-score bucket colours, low to high (each at least 3:1 against white, red → blue rather than red → green). */
export const BUCKET_COLORS = ["#b91c1c", "#c2410c", "#a16207", "#0f766e", "#1d4ed8"];
