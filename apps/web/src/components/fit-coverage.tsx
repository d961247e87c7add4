import { criteriaJudged } from "@/lib/screening";
import { cx } from "./ui";

/**
 * "5 of 6 criteria judged" beside a fit score (issue 28: a 100 may rest on five of six criteria),
 * in words a screen reader reads too; in amber when some could not be judged. Nothing when no
 * criterion was scored.
 */
export function FitCoverage({ judged, total, size = "xs", block = false }: { judged: number; total: number; size?: "xs" | "sm"; block?: boolean }) {
  const text = criteriaJudged(judged, total);
  if (!text) return null;
  return (
    <span className={cx(size === "sm" ? "text-sm" : "text-xs", judged < total ? "text-amber-800" : "text-slate-600", block && "block")} data-testid="fit-coverage">
      {text}
    </span>
  );
}
