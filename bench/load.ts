import autocannon from "autocannon";
import { type CpuProbe } from "./cpu.ts";
import { percentiles } from "./util.ts";

/**
 * One load test: autocannon against a base URL with N connections for a fixed time, after a
 * warm-up run whose numbers are discarded. Every request can differ (rotating ids, unique e-mails)
 * through `next()`. Latencies are recorded per response so p95 is exact (autocannon's own
 * histogram reports p97.5, not p95).
 */
export interface Scenario {
  key: string;
  label: string;
  method?: "GET" | "POST" | "PATCH";
  headers?: Record<string, string>;
  /** Path (and body) of the next request. */
  next: () => { path: string; body?: string };
  /** What is wrong with a 2xx answer's body, checked once before the load (an MCP tool error is a 200). */
  check?: (body: string) => string | undefined;
  /** Connections for this scenario instead of the run's (--connections). */
  connections?: number;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  key: string;
  label: string;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** CPU milliseconds per response: the server's processes, the database's client backends, autocannon; and autovacuum's apart (cpu.ts). */
  cpu?: { server: number; db: number; dbBackground: number; client: number };
  /** The first non-2xx response, for the report when something went wrong. */
  sampleError?: string;
}

async function once(baseUrl: string, scenario: Scenario, connections: number, durationS: number, record?: (ms: number) => void) {
  let sampleError: string | undefined;
  const instance = autocannon({
    url: baseUrl,
    connections,
    duration: durationS,
    timeout: 10,
    requests: [
      {
        method: scenario.method ?? "GET",
        headers: scenario.headers,
        setupRequest: (request: any) => ({ ...request, ...scenario.next() }),
        onResponse: (status: number, body: string) => {
          if ((status < 200 || status > 299) && sampleError === undefined) sampleError = `${status} ${String(body).slice(0, 300)}`;
        },
      },
    ],
  } as autocannon.Options) as unknown as Promise<autocannon.Result> & autocannon.Instance;
  if (record) instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => record(ms));
  const result = await instance;
  return { result, sampleError };
}

export async function runLoad(baseUrl: string, scenario: Scenario, runOptions: LoadOptions, probe?: CpuProbe): Promise<LoadResult> {
  const options = { ...runOptions, connections: scenario.connections ?? runOptions.connections };
  if (options.warmupS > 0) await once(baseUrl, scenario, options.connections, options.warmupS);
  const latencies: number[] = [];
  const before = await probe?.sample();
  const { result, sampleError } = await once(baseUrl, scenario, options.connections, options.durationS, (ms) => latencies.push(ms));
  const after = await probe?.sample();
  const perRequest = (a: number, b: number) => (b - a) / Math.max(1, latencies.length);
  const [p50, p95, p99, max] = percentiles(latencies, [50, 95, 99, 100]);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, (s as { count: number }).count]));
  const seconds = result.duration;
  return {
    key: scenario.key,
    label: scenario.label,
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: p50!,
    p95: p95!,
    p99: p99!,
    max: max!,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    cpu: before && after ? { server: perRequest(before.server, after.server), db: perRequest(before.db, after.db), dbBackground: perRequest(before.dbBackground, after.dbBackground), client: perRequest(before.client, after.client) } : undefined,
    sampleError,
  };
}

/** Endless rotation over a list (shuffled once, so consecutive requests hit unrelated rows). */
export function rotation<T>(items: T[]): () => T {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  let i = 0;
  return () => shuffled[i++ % shuffled.length]!;
}
