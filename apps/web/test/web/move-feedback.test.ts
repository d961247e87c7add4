import { describe, expect, it } from "vitest";
import { localSendTime, moveFeedback } from "@/lib/move-feedback";

/**
 * What a move says (#43 §12): how many moved where, and for a rejection with the e-mail when it goes —
 * HH:MM in this process's time zone (the browser's: the member's), with the day when not today.
 */
const at = (iso: string) => new Date(iso);
const hhmm = (iso: string) => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(iso));

describe("moveFeedback", () => {
  const now = at("2026-11-29T10:00:00Z");

  it("names the moves and the stage", () => {
    expect(moveFeedback({ moved: [], unchanged: [1], rejection_emails: [] }, "Rejected", now)).toBe("Already in Rejected.");
    expect(moveFeedback({ moved: [1, 2], unchanged: [], rejection_emails: [] }, "Onsite", now)).toBe("Moved 2 candidates to Onsite.");
  });

  it("says when one rejection e-mail goes, in local HH:MM", () => {
    const sendAfter = "2026-11-29T10:30:00Z";
    const result = { moved: [1], unchanged: [], rejection_emails: [{ candidate_id: 1, email_message_id: 9, send_after: sendAfter }] };
    expect(moveFeedback(result, "Rejected", now)).toBe(`Moved 1 candidate to Rejected. The rejection e-mail goes out at ${localSendTime(sendAfter, now)}.`);
    expect(localSendTime(sendAfter, now)).toMatch(/^\d\d:\d\d$|^\w{3} \d{1,2} \w{3} at \d\d:\d\d$/);
    expect(localSendTime(sendAfter, now).endsWith(hhmm(sendAfter))).toBe(true);
  });

  it("gives the latest time for a selection, 'now' for a delay of 0, and counts those without an address", () => {
    const emails = [
      { candidate_id: 1, email_message_id: 9, send_after: "2026-11-29T11:00:00Z" },
      { candidate_id: 2, email_message_id: 10, send_after: "2026-11-29T11:01:00Z" },
    ];
    expect(moveFeedback({ moved: [1, 2, 3], unchanged: [], rejection_emails: emails }, "Rejected", now)).toBe(
      `Moved 3 candidates to Rejected. The 2 rejection e-mails go out at ${localSendTime("2026-11-29T11:01:00Z", now)}; 1 candidate without an e-mail address gets none.`,
    );
    expect(moveFeedback({ moved: [1], unchanged: [], rejection_emails: [{ candidate_id: 1, email_message_id: 9, send_after: null }] }, "Rejected", now)).toBe(
      "Moved 1 candidate to Rejected. The rejection e-mail goes out now.",
    );
  });

  it("names the day when it is not today", () => {
    expect(localSendTime("2026-12-03T10:00:00Z", now)).toMatch(/ at \d\d:\d\d$/);
  });
});
