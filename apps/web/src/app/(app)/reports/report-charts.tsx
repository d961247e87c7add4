"use client";

import type {
  ApplicationsReportDto,
  FitScoresReportDto,
  FunnelReportDto,
  RejectReasonsReportDto,
  SourcesReportDto,
  TimeInStageReportDto,
} from "@hireflow/core/report/contract";
import type { InterviewsPerStageReportDto, OffersReportDto, TimeToFirstInterviewReportDto } from "@hireflow/core/report/contract";
import { type ReactElement, useState, useSyncExternalStore } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { applicationSourceLabel } from "@hireflow/core/candidate/contract";
import { BUCKET_COLORS, days, duration, percent } from "./format";

/**
 * The reports' charts (Recharts, SVG). They render in the browser only: the page's CSP allows no
 * inline style attributes in server HTML, and styles set by script are fine. Each chart is an
 * image with a name for screen readers; the table beside it holds the exact numbers.
 */
const AXIS = { fill: "#475569", fontSize: 12 };
const GRID = "#e2e8f0";
const BAR = "#4f46e5";
const HEIGHT = 260;

/** A chart narrower than this (a phone's) gives the names' column of a sideways chart 100 px, a third of it. */
const NARROW_CHART = 420;
const NARROW_CATEGORY_WIDTH = 100;

/** About how wide a name is drawn at the axes' 12 px (an average glyph is ~7 px wide). */
const labelWidth = (name: unknown) => String(name ?? "").length * 7;

const noop = () => () => {};
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/**
 * `height`: a sideways chart grows with its categories (set by script, which the CSP allows);
 * `onResize` hears the drawn width, which decides how a chart lays its names out.
 */
function ChartFrame({ label, height = HEIGHT, onResize, children }: { label: string; height?: number; onResize?: (width: number) => void; children: ReactElement }) {
  const inBrowser = useInBrowser();
  return (
    <div role="img" aria-label={label} className="min-h-[260px] w-full min-w-0" data-chart>
      {inBrowser ? (
        <ResponsiveContainer width="100%" height={height} onResize={onResize}>
          {children}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

/**
 * One bar per category, sideways (the categories down the left), each labelled at its end with
 * `barLabel`: the funnel, the source mix and the reject reasons. In a narrow chart (a phone) the
 * names' column is narrower (Recharts wraps a long name onto two lines) so the bars keep room.
 */
function SidewaysBarChart<T extends object>({
  label,
  data,
  categoryWidth,
  valueName,
  right,
  ...keys
}: {
  label: string;
  data: T[];
  category: keyof T & string;
  categoryWidth: number;
  value: keyof T & string;
  valueName: string;
  barLabel: keyof T & string;
  right: number;
}) {
  const [width, onResize] = useState<number | null>(null);
  const narrow = width !== null && width < NARROW_CHART;
  // Plain strings for Recharts, which cannot check a data key against a generic row (the props do).
  const { category, value, barLabel }: Record<"category" | "value" | "barLabel", string> = keys;
  return (
    <ChartFrame label={label} onResize={onResize}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey={category} width={narrow ? Math.min(categoryWidth, NARROW_CATEGORY_WIDTH) : categoryWidth} tick={AXIS} interval={0} />
        <Tooltip formatter={(v) => [v, valueName]} />
        <Bar dataKey={value} name={valueName} fill={BAR} isAnimationActive={false}>
          <LabelList dataKey={barLabel} position="right" fill="#1e293b" fontSize={12} />
        </Bar>
      </BarChart>
    </ChartFrame>
  );
}

interface BarSeries {
  key: string;
  fill: string;
  name?: string;
}

/** The value axis of a category chart: its ticks, range and unit ("days"). */
interface ValueAxis {
  allowDecimals?: boolean;
  domain?: [number, number];
  tickFormatter?: (value: number) => string;
  unit?: string;
}

/**
 * Bars per category (stages, jobs) — one series, several side by side, or stacked (`stackId`).
 * Upright while every name fits under its bar; else sideways, the names down the left: upright on a
 * phone, eight stage names shared ~280 px and were drawn over each other. Sideways, the chart grows
 * with its categories instead.
 */
function CategoryBarChart({
  label,
  data,
  category,
  series,
  stackId,
  valueAxis = {},
  tooltip,
  legend = false,
}: {
  label: string;
  data: object[];
  category: string;
  series: readonly BarSeries[];
  stackId?: string;
  valueAxis?: ValueAxis;
  tooltip: ReactElement;
  legend?: boolean;
}) {
  const [width, onResize] = useState<number | null>(null);
  const { unit, ...ticks } = valueAxis;
  // The room under each bar (the chart less its value axis and margins) against the longest name.
  const longest = Math.max(0, ...data.map((row) => labelWidth((row as Record<string, unknown>)[category])));
  const sideways = width !== null && (width - 72) / Math.max(1, data.length) < longest + 8;
  const bars = series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.name ?? s.key} stackId={stackId} fill={s.fill} isAnimationActive={false} />);
  const legendElement = legend ? <Legend wrapperStyle={{ fontSize: 12, color: "#334155" }} /> : null;
  if (!sideways) {
    return (
      <ChartFrame label={label} onResize={onResize}>
        <BarChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid stroke={GRID} vertical={false} />
          <XAxis dataKey={category} tick={AXIS} interval={0} />
          <YAxis tick={AXIS} width={48} {...ticks} {...(unit && { label: { value: unit, angle: -90, position: "insideLeft", fill: "#475569", fontSize: 12 } })} />
          {tooltip}
          {legendElement}
          {bars}
        </BarChart>
      </ChartFrame>
    );
  }
  // A row per category: one bar's height when stacked, else room for each series side by side.
  const rowHeight = stackId || series.length === 1 ? 32 : 12 * series.length + 16;
  const height = Math.max(HEIGHT, data.length * rowHeight + (legend ? 72 : 48));
  // As wide as the longest name, up to a third of a phone's chart (longer names wrap) or 160 px.
  const namesWidth = Math.min(Math.max(longest + 8, 48), (width ?? 0) < NARROW_CHART ? NARROW_CATEGORY_WIDTH : 160);
  return (
    <ChartFrame label={label} height={height} onResize={onResize}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: unit ? 16 : 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" tick={AXIS} {...ticks} {...(unit && { label: { value: unit, position: "insideBottomRight", offset: -12, fill: "#475569", fontSize: 12 } })} />
        <YAxis type="category" dataKey={category} width={namesWidth} tick={AXIS} interval={0} />
        {tooltip}
        {legendElement}
        {bars}
      </BarChart>
    </ChartFrame>
  );
}

export function FunnelChart({ report }: { report: FunnelReportDto }) {
  const data = report.stages.map((s) => ({ stage: s.name, reached: s.reached, conversion: percent(s.conversion) }));
  return (
    <SidewaysBarChart
      label={`Funnel: ${report.stages.map((s) => `${s.name} ${s.reached}`).join(", ")}. Exact numbers in the table.`}
      data={data}
      category="stage"
      categoryWidth={120}
      value="reached"
      valueName="Reached"
      barLabel="reached"
      right={48}
    />
  );
}

export function TimeInStageChart({ report }: { report: TimeInStageReportDto }) {
  const data = report.stages.map((s) => ({ stage: s.name, days: days(s.median_seconds) }));
  return (
    <CategoryBarChart
      label={`Median time in stage: ${report.stages.map((s) => `${s.name} ${duration(s.median_seconds)}`).join(", ")}.`}
      data={data}
      category="stage"
      series={[{ key: "days", name: "Median days", fill: BAR }]}
      valueAxis={{ unit: "days" }}
      tooltip={<Tooltip formatter={(value) => [`${value} days`, "Median"]} />}
    />
  );
}

export function ApplicationsChart({ report }: { report: ApplicationsReportDto }) {
  const busiest = report.weeks.reduce((best, w) => (w.candidates > (best?.candidates ?? -1) ? w : best), report.weeks[0]);
  return (
    <ChartFrame
      label={`Applications per week: ${report.total} in ${report.weeks.length} weeks${busiest && busiest.candidates > 0 ? `, most in the week of ${busiest.week_start} (${busiest.candidates})` : ""}.`}
    >
      <BarChart data={report.weeks} margin={{ top: 16, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="week_start" tick={AXIS} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS} width={48} />
        <Tooltip labelFormatter={(label) => `Week of ${label}`} formatter={(value) => [value, "Candidates"]} />
        <Bar dataKey="candidates" name="Candidates" fill={BAR} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function SourcesChart({ report }: { report: SourcesReportDto }) {
  const data = report.sources.map((s) => ({ source: applicationSourceLabel(s.source), candidates: s.candidates, share: percent(s.share) }));
  return (
    <SidewaysBarChart
      label={`Source mix: ${report.sources.map((s) => `${applicationSourceLabel(s.source)} ${percent(s.share)}`).join(", ")}.`}
      data={data}
      category="source"
      categoryWidth={104}
      value="candidates"
      valueName="Candidates"
      barLabel="share"
      right={56}
    />
  );
}

export function FitScoresChart({ report }: { report: FitScoresReportDto }) {
  // Shares of each stage's scored candidates, so stages of different sizes compare (skew shows as a shift).
  const data = report.stages.map((s) => ({
    stage: s.name,
    ...Object.fromEntries(report.buckets.map((label, i) => [label, s.scored > 0 ? (s.counts[i] ?? 0) / s.scored : 0])),
  }));
  return (
    <CategoryBarChart
      label={`Fit-score distribution by stage: ${report.stages.map((s) => `${s.name} median ${s.median === null ? "none" : s.median.toFixed(0)} of ${s.scored} scored`).join(", ")}.`}
      data={data}
      category="stage"
      series={report.buckets.map((label, i) => ({ key: label, fill: BUCKET_COLORS[i]! }))}
      stackId="fit"
      valueAxis={{ domain: [0, 1], tickFormatter: (v) => `${Math.round(v * 100)}%` }}
      tooltip={<Tooltip formatter={(value, name) => [percent(Number(value)), `Fit ${name}`]} />}
      legend
    />
  );
}

export function RejectReasonsChart({ report }: { report: RejectReasonsReportDto }) {
  // Reasons nobody in the range has are in the table only: the chart shows where rejections went.
  const shown = report.reasons.filter((r) => r.candidates > 0);
  const data = shown.map((r) => ({ reason: r.archived ? `${r.name} (archived)` : r.name, candidates: r.candidates, share: percent(r.share) }));
  return (
    <SidewaysBarChart
      label={
        report.rejected === 0
          ? "Reject reasons: no rejected candidates in this range."
          : `Reject reasons of ${report.rejected} rejected candidates: ${data.map((r) => `${r.reason} ${r.share}`).join(", ")}.`
      }
      data={data}
      category="reason"
      categoryWidth={140}
      value="candidates"
      valueName="Candidates"
      barLabel="share"
      right={56}
    />
  );
}

/** Interview states: upcoming, done, canceled (each at least 3:1 against white). */
const INTERVIEW_COLORS = { scheduled: "#4f46e5", completed: "#0f766e", canceled: "#b91c1c" } as const;

export function InterviewsPerStageChart({ report }: { report: InterviewsPerStageReportDto }) {
  const data = report.stages.map((s) => ({ stage: s.name, Scheduled: s.scheduled, Completed: s.completed, Canceled: s.canceled }));
  return (
    <CategoryBarChart
      label={`Interviews per stage: ${report.stages.map((s) => `${s.name} ${s.scheduled} scheduled, ${s.completed} completed, ${s.canceled} canceled`).join("; ")}.`}
      data={data}
      category="stage"
      series={[
        { key: "Completed", fill: INTERVIEW_COLORS.completed },
        { key: "Scheduled", fill: INTERVIEW_COLORS.scheduled },
        { key: "Canceled", fill: INTERVIEW_COLORS.canceled },
      ]}
      stackId="interviews"
      valueAxis={{ allowDecimals: false }}
      tooltip={<Tooltip />}
      legend
    />
  );
}

export function TimeToFirstInterviewChart({ report }: { report: TimeToFirstInterviewReportDto }) {
  const rows = [{ title: "All jobs", ...report.overall }, ...report.jobs];
  const data = rows.map((r) => ({ job: r.title, Median: r.median_days, p75: r.p75_days, p90: r.p90_days }));
  const fmt = (value: number | null) => (value === null ? "none" : `${value} days`);
  return (
    <CategoryBarChart
      label={`Days from application to first interview: ${rows.map((r) => `${r.title} median ${fmt(r.median_days)}, p90 ${fmt(r.p90_days)}`).join("; ")}.`}
      data={data}
      category="job"
      series={[
        { key: "Median", fill: BUCKET_COLORS[4]! },
        { key: "p75", fill: BUCKET_COLORS[3]! },
        { key: "p90", fill: BUCKET_COLORS[2]! },
      ]}
      valueAxis={{ unit: "days" }}
      tooltip={<Tooltip formatter={(value, name) => [`${value} days`, name]} />}
      legend
    />
  );
}

/** What became of the offers sent: accepted, declined, expired, withdrawn, open (each at least 3:1 against white). */
const OFFER_COLORS = { Accepted: "#0f766e", Declined: "#b91c1c", Expired: "#a16207", Withdrawn: "#475569", Open: "#4f46e5" } as const;

export function OffersChart({ report }: { report: OffersReportDto }) {
  const rows = [{ title: "All jobs", ...report.overall }, ...report.jobs];
  const data = rows.map((r) => ({ job: r.title, Accepted: r.accepted, Declined: r.declined, Expired: r.expired, Withdrawn: r.withdrawn, Open: r.open }));
  return (
    <CategoryBarChart
      label={`Offers sent in this range: ${rows.map((r) => `${r.title} ${r.sent} sent, ${r.accepted} accepted, ${r.declined} declined, ${r.expired} expired, acceptance rate ${percent(r.acceptance_rate)}`).join("; ")}.`}
      data={data}
      category="job"
      series={(Object.keys(OFFER_COLORS) as (keyof typeof OFFER_COLORS)[]).map((key) => ({ key, fill: OFFER_COLORS[key] }))}
      stackId="offers"
      valueAxis={{ allowDecimals: false }}
      tooltip={<Tooltip />}
      legend
    />
  );
}
