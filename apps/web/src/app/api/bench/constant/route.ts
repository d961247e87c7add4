/**
 * The benchmark's framework floor (bench/, docs/BENCHMARKS.md): the cheapest possible route handler
 * in this app, so the API's throughput can be reported as a share of what Next itself can serve.
 * Off unless the server runs with HIREFLOW_BENCH=1; read per request, so it cannot be baked in at
 * build time.
 */
export const dynamic = "force-dynamic";

export function GET() {
  if (process.env.HIREFLOW_BENCH !== "1") return new Response(null, { status: 404 });
  return Response.json({ ok: true });
}
