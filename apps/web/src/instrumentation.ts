/**
 * Runs once per server process. Without Inngest, background work (outbox publishing, resume
 * parsing, webhook delivery) runs in this process through the local runner.
 * HIREFLOW_BACKGROUND_WORK=off makes a process serve requests only: for extra API processes beside
 * one that runs the work, and for tests that count a request's own database round trips.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.DATABASE_URL) return;
  if (process.env.HIREFLOW_BACKGROUND_WORK === "off") return;
  const { startBackgroundWork } = await import("@hireflow/worker");
  startBackgroundWork();
}
