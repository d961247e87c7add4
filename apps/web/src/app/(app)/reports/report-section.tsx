import type { InterviewReportKind, OfferReportKind, ReportKind, ReportRangeDto } from "@hireflow/core/report/contract";
import type { Key, ReactNode } from "react";
import { Card } from "@/components/ui";

// Closer columns on a phone, where a table of four fits in 390 px only so.
const cellHead = "py-1.5 pr-2 text-left font-medium text-slate-900 sm:pr-3";
const cellNumber = "py-1.5 pl-2 text-right tabular-nums text-slate-800 sm:pl-3";
const cellText = "py-1.5 pl-2 text-left text-slate-800 sm:pl-3";

function csvHref(report: ReportKind | InterviewReportKind | OfferReportKind, range: ReportRangeDto): string {
  const query = new URLSearchParams({ report, ...(range.job_id !== null && { job_id: String(range.job_id) }), from: range.from, to: range.to, tz: range.tz });
  return `/api/reports.csv?${query}`;
}

/**
 * One report: its title, a link to its CSV for the same range, what it counts, then its chart beside
 * its table (or, `wide`, one above the other). The section's id is the report's kind in kebab case
 * ("time_in_stage" → "time-in-stage").
 */
export function ReportSection({
  report,
  range,
  title,
  description,
  chart,
  wide,
  children,
}: {
  report: ReportKind | InterviewReportKind | OfferReportKind;
  range: ReportRangeDto;
  title: string;
  description: ReactNode;
  chart: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = report.replaceAll("_", "-");
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <a href={csvHref(report, range)} download className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
            Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </a>
        </div>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{description}</p>
        <div className={wide ? "mt-4 grid gap-4" : "mt-4 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"}>
          {chart}
          {children}
        </div>
      </Card>
    </section>
  );
}

/**
 * A report's numbers: a row per item, `cells` giving the row's header first, then its cells. Cells
 * are numbers (right-aligned) but for the first `textCells`, which are text (left-aligned).
 */
export function ReportTable<T>({
  caption,
  head,
  rows,
  rowKey,
  cells,
  textCells = 0,
  scroll,
}: {
  caption: string;
  head: string[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  cells: (row: T) => [ReactNode, ...ReactNode[]];
  textCells?: number;
  scroll?: boolean;
}) {
  return (
    // Focusable so that a keyboard can scroll it (a long range, a wide table); a shadow at an edge with more
    // beyond it; `relative` keeps the visually hidden caption inside the scroll box.
    <div className={`relative scroll-shadows-x ${scroll ? "max-h-72 overflow-auto" : "overflow-x-auto"}`} tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200">
            {/* Each heading aligned as its column's cells are: the row header and the text cells left, numbers right. */}
            {head.map((label, i) => (
              <th key={label} scope="col" className={i === 0 ? "py-1.5 pr-2 text-left font-medium text-slate-700 sm:pr-3" : `py-1.5 pl-2 sm:pl-3 ${i <= textCells ? "text-left" : "text-right"} font-medium text-slate-700`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const [header, ...values] = cells(row);
            return (
              <tr key={rowKey(row)}>
                <th scope="row" className={cellHead}>
                  {header}
                </th>
                {values.map((value, i) => (
                  <td key={i} className={i < textCells ? cellText : cellNumber}>
                    {value}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
