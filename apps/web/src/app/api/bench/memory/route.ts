import v8 from "node:v8";

/**
 * What the server's memory is made of, for the benchmark's resume phase (bench/resume.ts,
 * docs/BENCHMARKS.md "Server memory"): the main thread's V8 heap by space, memory outside it
 * (Buffers, ArrayBuffers) and the process's resident set, which also holds worker threads' heaps
 * and native code. Off unless the server runs with HIREFLOW_BENCH=1.
 */
export const dynamic = "force-dynamic";

const MiB = 1024 * 1024;

export function GET() {
  if (process.env.HIREFLOW_BENCH !== "1") return new Response(null, { status: 404 });
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((s) => [s.space_name, { size: s.space_size / MiB, used: s.space_used_size / MiB }]),
  );
  return Response.json({
    rss: usage.rss / MiB,
    heapTotal: usage.heapTotal / MiB,
    heapUsed: usage.heapUsed / MiB,
    external: usage.external / MiB,
    arrayBuffers: usage.arrayBuffers / MiB,
    spaces,
  });
}
