import { EMAIL_QUEUED_EVENT } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { defineJob } from "../runtime/index.ts";
import { runEmailAttempt } from "./attempt.ts";
import { emailRetryScheduleMs } from "./config.ts";
import { emailSendRequestSchema } from "./events.ts";

/**
 * One run per queued message (or recovery): one `step.run` per attempt and a `step.sleep` between
 * attempts following EMAIL_RETRY_SCHEDULE_MS. A step that throws (the database, not the SMTP
 * server) is retried by the driver; the attempt's claim makes sure that never sends twice.
 */
export const sendEmailJob = defineJob({
  id: "email-send",
  event: EMAIL_QUEUED_EVENT,
  retries: 3,
  schema: emailSendRequestSchema,
  handler: async ({ event, step }) => {
    const { company_id: companyId, email_message_id: id, attempts: start, schedule_from: offset } = event.data;
    const schedule = emailRetryScheduleMs();
    for (let i = 0; ; i++) {
      const result = await step.run(`attempt-${i + 1}`, () => runEmailAttempt(getPrisma(), companyId, id, start + i, schedule[offset + i] ?? null));
      if (result.outcome !== "retry") return { email_message_id: id, outcome: result.outcome, attempts: i + 1 };
      await step.sleep(`backoff-${i + 1}`, result.delay_ms);
    }
  },
});
