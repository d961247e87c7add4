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
import { type ReactElement, useSyncExternalStore } from "react";
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

const noop = () => () => {};
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

function ChartFrame({ label, children }: { label: string; children: ReactElement }) {
  const inBrowser = useInBrowser();
  return (
    <div role="img" aria-label={label} className="h-[260px] w-full min-w-0" data-chart>
      {inBrowser ? (
        <ResponsiveContainer width="100%" height={HEIGHT}>
          {children}
        </ResponsiveContainer>
      ) : null}
    </div>
  );
}

/**
 * One bar per category, sideways (the categories down the left), each labelled at its end with
 * `barLabel`: the funnel, the source mix and the reject reasons.
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
  // Plain strings for Recharts, which cannot check a data key against a generic row (the props do).
  const { category, value, barLabel }: Record<"category" | "value" | "barLabel", string> = keys;
  return (
    <ChartFrame label={label}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis type="category" dataKey={category} width={categoryWidth} tick={AXIS} />
        <Tooltip formatter={(v) => [v, valueName]} />
        <Bar dataKey={value} name={valueName} fill={BAR} isAnimationActive={false}>
          <LabelList dataKey={barLabel} position="right" fill="#1e293b" fontSize={12} />
        </Bar>
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
    <ChartFrame label={`Median time in stage: ${report.stages.map((s) => `${s.name} ${duration(s.median_seconds)}`).join(", ")}.`}>
      <BarChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="stage" tick={AXIS} interval={0} />
        <YAxis tick={AXIS} width={48} label={{ value: "days", angle: -90, position: "insideLeft", fill: "#475569", fontSize: 12 }} />
        <Tooltip formatter={(value) => [`${value} days`, "Median"]} />
        <Bar dataKey="days" name="Median days" fill={BAR} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
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
    <ChartFrame
      label={`Fit-score distribution by stage: ${report.stages.map((s) => `${s.name} median ${s.median === null ? "none" : s.median.toFixed(0)} of ${s.scored} scored`).join(", ")}.`}
    >
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="stage" tick={AXIS} interval={0} />
        <YAxis tick={AXIS} width={48} domain={[0, 1]} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} />
        <Tooltip formatter={(value, name) => [percent(Number(value)), `Fit ${name}`]} />
        <Legend wrapperStyle={{ fontSize: 12, color: "#334155" }} />
        {report.buckets.map((label, i) => (
          <Bar key={label} dataKey={label} name={label} stackId="fit" fill={BUCKET_COLORS[i]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
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
    <ChartFrame
      label={`Interviews per stage: ${report.stages.map((s) => `${s.name} ${s.scheduled} scheduled, ${s.completed} completed, ${s.canceled} canceled`).join("; ")}.`}
    >
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="stage" tick={AXIS} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS} width={48} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12, color: "#334155" }} />
        <Bar dataKey="Completed" stackId="interviews" fill={INTERVIEW_COLORS.completed} isAnimationActive={false} />
        <Bar dataKey="Scheduled" stackId="interviews" fill={INTERVIEW_COLORS.scheduled} isAnimationActive={false} />
        <Bar dataKey="Canceled" stackId="interviews" fill={INTERVIEW_COLORS.canceled} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

export function TimeToFirstInterviewChart({ report }: { report: TimeToFirstInterviewReportDto }) {
  const rows = [{ title: "All jobs", ...report.overall }, ...report.jobs];
  const data = rows.map((r) => ({ job: r.title, Median: r.median_days, p75: r.p75_days, p90: r.p90_days }));
  const fmt = (value: number | null) => (value === null ? "none" : `${value} days`);
  return (
    <ChartFrame label={`Days from application to first interview: ${rows.map((r) => `${r.title} median ${fmt(r.median_days)}, p90 ${fmt(r.p90_days)}`).join("; ")}.`}>
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="job" tick={AXIS} interval={0} />
        <YAxis tick={AXIS} width={48} label={{ value: "days", angle: -90, position: "insideLeft", fill: "#475569", fontSize: 12 }} />
        <Tooltip formatter={(value, name) => [`${value} days`, name]} />
        <Legend wrapperStyle={{ fontSize: 12, color: "#334155" }} />
        <Bar dataKey="Median" fill={BUCKET_COLORS[4]} isAnimationActive={false} />
        <Bar dataKey="p75" fill={BUCKET_COLORS[3]} isAnimationActive={false} />
        <Bar dataKey="p90" fill={BUCKET_COLORS[2]} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}

/** What became of the offers sent: accepted, declined, expired, withdrawn, open (each at least 3:1 against white). */
const OFFER_COLORS = { Accepted: "#0f766e", Declined: "#b91c1c", Expired: "#a16207", Withdrawn: "#475569", Open: "#4f46e5" } as const;

export function OffersChart({ report }: { report: OffersReportDto }) {
  const rows = [{ title: "All jobs", ...report.overall }, ...report.jobs];
  const data = rows.map((r) => ({ job: r.title, Accepted: r.accepted, Declined: r.declined, Expired: r.expired, Withdrawn: r.withdrawn, Open: r.open }));
  return (
    <ChartFrame
      label={`Offers sent in this range: ${rows.map((r) => `${r.title} ${r.sent} sent, ${r.accepted} accepted, ${r.declined} declined, ${r.expired} expired, acceptance rate ${percent(r.acceptance_rate)}`).join("; ")}.`}
    >
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="job" tick={AXIS} interval={0} />
        <YAxis allowDecimals={false} tick={AXIS} width={48} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12, color: "#334155" }} />
        {(Object.keys(OFFER_COLORS) as (keyof typeof OFFER_COLORS)[]).map((key) => (
          <Bar key={key} dataKey={key} stackId="offers" fill={OFFER_COLORS[key]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
