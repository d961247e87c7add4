import { z } from "zod";
import { timestamp } from "../../../kernel/contract/common.ts";

/** "My interviews" (issue 26 §4, web app only): the signed-in member's upcoming interviews and the scorecards they still owe. */
export const myInterviewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start_at: timestamp,
  end_at: timestamp,
  time_zone: z.string(),
  location: z.string().nullable(),
  video_url: z.string().nullable(),
  candidate: z.object({ id: z.number().int(), name: z.string().nullable() }),
  job: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type MyInterviewDto = z.infer<typeof myInterviewSchema>;

export const myInterviewsSchema = z.object({
  /** Scheduled and not yet over, earliest first (at most MY_INTERVIEWS_LIMIT). */
  upcoming: z.array(myInterviewSchema),
  /** Over, without the member's scorecard, the candidate neither hired nor rejected; oldest first. */
  scorecards_due: z.array(myInterviewSchema),
  /** How many scorecards are due in all (the list stops at MY_INTERVIEWS_LIMIT). */
  scorecards_due_count: z.number().int(),
});
export type MyInterviewsDto = z.infer<typeof myInterviewsSchema>;

export const MY_INTERVIEWS_LIMIT = 100;
