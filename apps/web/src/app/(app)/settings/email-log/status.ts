import type { EmailStatus } from "@hireflow/core/mail/contract";
import type { BadgeTone } from "@/components/ui";

export const STATUS_TONE: Record<EmailStatus, BadgeTone> = { queued: "amber", sent: "green", failed: "red", stored: "indigo", scheduled: "blue", canceled: "slate" };

/** How the log names a status ("stored": kept here because the server has no SMTP_URL; "scheduled": waits for its send-after time). */
export const STATUS_LABEL: Record<EmailStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
  stored: "Kept in the log",
  scheduled: "Scheduled",
  canceled: "Canceled",
};
