/**
 * Runs once per server process. Without Inngest, background work (outbox publishing, resume
 * parsing, webhook delivery) runs in this process through the local runner.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.DATABASE_URL) return;
  const { startBackgroundWork } = await import("@hireflow/jobs");
  startBackgroundWork();
}
