import os from "node:os";
import { type LoadResult } from "./load.ts";
import { type ProfileSummary } from "./profile.ts";
import { type PipelinesBenchResult } from "./pipelines.ts";
import { type ResumeResult } from "./resume.ts";
import { type ScreeningResult } from "./screening.ts";
import { type ReportsBenchResult, type SearchBenchResult } from "./workspace.ts";
import { type InterviewsBenchResult } from "./interviews.ts";
import { type SchedulingBenchResult } from "./scheduling.ts";
import { type WebhookResult } from "./webhooks.ts";
import { type OfferLetterResult } from "./offer-letter.ts";

/** What one bench run measured, as run.ts gathers it and the report renders it. */
export interface BenchResults {
  command: string;
  serverNodeOptions?: string;
  date: string;
  machine: ReturnType<typeof machineInfo> & { loadAtEnd: string[] };
  versions: Record<string, string>;
  database: { embedded: boolean; host: string };
  buildSeconds?: number;
  seed: { seconds: number; counts: Record<string, number> };
  connections: number;
  durationS: number;
  warmupS: number;
  load: LoadResult[];
  resume: ResumeResult;
  webhooks: WebhookResult;
  screening?: ScreeningResult;
  offerLetter?: OfferLetterResult | { available: false; reason: string };
  scheduling?: SchedulingBenchResult;
  search?: SearchBenchResult;
  reports?: ReportsBenchResult;
  interviews?: InterviewsBenchResult;
  pipelines?: PipelinesBenchResult;
  serverPeak: Array<{ pid: number; name: string; mib: number }>;
  profile?: ProfileSummary;
  totalSeconds: number;
}

export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    kernel: `${os.type()} ${os.release()}`,
    loadAtStart: os.loadavg().map((l) => l.toFixed(2)),
  };
}
