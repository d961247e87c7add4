import { type RawQueryClient } from "@hireflow/db/notifications";
import { type JobStageDto, type StageType } from "./contract/job-stages.ts";
import { notifiedCache, type NotifiedCacheHandle } from "../../kernel/notified-cache.ts";

/**
 * Each job's stages (in order, and key → name, type) kept in a long-lived process (the self-hosted
 * server), so the hot candidate reads (candidate-read.ts, candidate-list.ts) name a candidate's stage
 * without joining job_stages: that join was one index probe per row, 5–10 % of those requests' CPU
 * (docs/BENCHMARKS.md, issue 23); and PATCH's move (candidate-move.ts) resolves its target without
 * reading the job's pipeline under the row lock. Kept like the API-key cache (notified-cache.ts):
 * - a trigger on job_stages (migrations 20261130010000_job_stage_notify, 20261202010000_job_stage_notify_order)
 *   NOTIFYs the job's id at commit of every change of a stage's key, name, type or position, and each
 *   process drops that job at once;
 * - updateJob waits (waitForJobStageCaches) until every such process has, so a renamed stage reads
 *   renamed on the very next request anywhere;
 * - the cache is used only while this process is LISTENing; when the connection drops everything is
 *   forgotten and the reads join again until LISTEN holds; a TTL is the last safety net.
 * A candidate's stage that the cached pipeline does not hold (a stage added since) refetches the job's
 * stages; the reads fall back to the join if it is still not there (the stage was dropped meanwhile).
 * Serverless instances never start it and always join.
 */
export const JOB_STAGE_CHANNEL = "hireflow_job_stages";
const MAX_JOBS = 10_000;

export interface CachedStage {
  name: string;
  type: StageType;
}

interface Entry {
  /** The job's stages in the job's order (a move by type takes the first of that type). */
  pipeline: JobStageDto[];
  stages: Map<string, CachedStage>;
  expiresAt: number;
}

const cache = notifiedCache<{ jobs: Map<number, Entry> }>({
  globalKey: "__hireflowJobStageCache",
  channel: JOB_STAGE_CHANNEL,
  ttlEnv: "JOB_STAGE_CACHE_TTL_MS",
  defaultTtlMs: 60_000,
  label: "job stage cache",
  change: "a stage change",
  empty: () => ({ jobs: new Map() }),
  drop(state, payload) {
    if (payload === "*") state.jobs.clear();
    else state.jobs.delete(Number(payload));
  },
});
type CacheState = NonNullable<ReturnType<typeof cache.active>>;

export type JobStageCacheHandle = NotifiedCacheHandle;

/** Starts caching in this process (idempotent). JOB_STAGE_CACHE_TTL_MS=0 turns it off. */
export const startJobStageCache = (databaseUrl: string): JobStageCacheHandle => cache.start(databaseUrl);

const activeState = cache.active;

/** True while reads may take stage names from this process's cache instead of joining job_stages. */
export function jobStageCacheActive(): boolean {
  return activeState() !== undefined;
}

/** What a row needs to be given its stage: its job and stage key in, the stage's name and type out. */
export interface StageSlot {
  jobId: number | null;
  stage: string;
  stageName: string | null;
  stageType: StageType | null;
}

/** Anything that runs a query: the pool, or the client of a transaction under way. */
interface Queryable {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

const STAGES_OF_JOBS = {
  name: "hireflow_job_stage_cache_fill",
  text: `SELECT job_id AS "jobId", key, name, type::text AS type FROM job_stages WHERE job_id = ANY($1::int[]) ORDER BY job_id, position, id`,
};

/**
 * Sets each row's stageName and stageType from the cache, reading the stages of the jobs it lacks (or
 * whose pipeline lacks the row's stage) in one statement. False when some row's stage is not in its
 * job's pipeline even as just read (it was dropped after the row was read): the caller reads again
 * with the join, which sees one snapshot. Rows without a job keep null, as the join leaves them.
 */
export async function fillStagesFromCache(pool: Queryable, rows: StageSlot[]): Promise<boolean> {
  const state = activeState();
  if (!state) return false;
  const now = Date.now();
  let missing: number[] | undefined;
  for (const row of rows) {
    if (row.jobId === null) continue;
    const entry = state.jobs.get(row.jobId);
    const stage = entry && entry.expiresAt > now ? entry.stages.get(row.stage) : undefined;
    if (stage) {
      row.stageName = stage.name;
      row.stageType = stage.type;
    } else if (!missing?.includes(row.jobId)) (missing ??= []).push(row.jobId);
  }
  if (!missing) return true;
  const read = await readStagesOfJobs(state, pool, missing, now);
  for (const row of rows) {
    if (row.jobId === null || row.stageName !== null) continue;
    const stage = read.get(row.jobId)?.stages.get(row.stage);
    if (!stage) return false;
    row.stageName = stage.name;
    row.stageType = stage.type;
  }
  return true;
}

/**
 * Reads the stages of `jobIds` (on `db`: a move reads them inside its transaction) and keeps them,
 * unless a change was notified while they were read: then they may be older than it, and serve only
 * the answer being made.
 */
async function readStagesOfJobs(state: CacheState, db: Queryable, jobIds: number[], now: number): Promise<Map<number, Entry>> {
  const generation = state.generation;
  const { rows } = await db.query<{ jobId: number } & JobStageDto>({ ...STAGES_OF_JOBS, values: [jobIds] });
  const read = new Map<number, Entry>(jobIds.map((jobId) => [jobId, { pipeline: [], stages: new Map(), expiresAt: now + state.ttlMs }]));
  for (const { jobId, key, name, type } of rows) {
    const entry = read.get(jobId)!;
    entry.pipeline.push({ key, name, type });
    entry.stages.set(key, { name, type });
  }
  if (state.generation === generation && cache.started() === state) {
    for (const [jobId, entry] of read) {
      if (state.jobs.size >= MAX_JOBS && !state.jobs.has(jobId)) state.jobs.delete(state.jobs.keys().next().value!);
      state.jobs.set(jobId, entry);
    }
  }
  return read;
}

/**
 * A job's stages in order, from the cache when the cached ones satisfy `enough` (say, hold the
 * candidate's stage and the move's target), else as read now on `db`, whatever they hold. Undefined
 * while this process does not cache stages. A pipeline changed since was notified and is not cached
 * (the stage moves it was told of were waited for by updateJob, waitForJobStageCaches); a change still
 * in flight is as if the move came first, and a target it dropped fails the move's foreign key.
 */
export async function jobPipelineFromCache(
  db: Queryable,
  jobId: number,
  enough: (pipeline: readonly JobStageDto[]) => boolean,
): Promise<readonly JobStageDto[] | undefined> {
  const state = activeState();
  if (!state) return undefined;
  const now = Date.now();
  const entry = state.jobs.get(jobId);
  if (entry && entry.expiresAt > now && enough(entry.pipeline)) return entry.pipeline;
  return (await readStagesOfJobs(state, db, [jobId], now)).get(jobId)!.pipeline;
}

/**
 * Waits until every process that caches stages has handled every stage change committed before this
 * call (updateJob answers only then).
 */
export const waitForJobStageCaches = (db: RawQueryClient, timeoutMs?: number): Promise<void> => cache.waitForCaches(db, timeoutMs);
