import { type LoadResult } from "./load.ts";

/** Number formatting and small helpers shared by the report's tables (report.ts, report-sections.ts, report-targets.ts). */

export const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : "–");
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "–");
export const pct = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : "–");
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
export const cpuTotal = (l: LoadResult) => (l.cpu ? l.cpu.server + (Number.isFinite(l.cpu.db) ? l.cpu.db : 0) + l.cpu.client : Number.NaN);
export const f2 = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n.toFixed(2) : "–");

export const mark = (m: boolean | undefined) => (m === undefined ? "n/a" : m ? "met" : "**missed**");
