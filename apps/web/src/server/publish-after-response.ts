import { flushOutbox } from "@hireflow/worker";
import { getJobDriver } from "@hireflow/worker/runtime";
import { after } from "next/server";

/**
 * On Inngest (serverless) a function instance may freeze as soon as the response is sent, before
 * the post-commit publish of the outbox reached Inngest. `after()` keeps it alive until the events
 * this request committed are published; the outbox sweep (a cron function) covers anything else.
 * A long-lived process (the local runner) needs nothing: its commit hook publishes on its own.
 */
export function publishAfterResponse(): void {
  if (getJobDriver().kind === "inngest") after(flushOutbox);
}
