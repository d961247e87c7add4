import type { MoveCandidatesResult } from "@hireflow/core/board/contract";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * When a scheduled e-mail goes, in this browser's time zone (the member's): "14:35", or
 * "Mon 30 Nov at 14:35" when that is not today. 24-hour HH:MM whatever the browser's language.
 */
export function localSendTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  const day = (d: Date) => new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short" }).format(d);
  return day(at) === day(now) ? time : `${day(at)} at ${time}`;
}

/**
 * What a move did, in words: "Moved 1 candidate to Rejected. The rejection e-mail goes out at 14:35."
 * With rejection e-mails it says when they go (the latest, so "by then" holds for a whole selection),
 * and who of the selection gets none for want of an address.
 */
export function moveFeedback(result: MoveCandidatesResult, stageName: string, now: Date = new Date()): string {
  const n = result.moved.length;
  if (n === 0) return `Already in ${stageName}.`;
  const moved = `Moved ${plural(n, "candidate")} to ${stageName}.`;
  const emails = result.rejection_emails;
  if (!emails.length) return moved;
  const times = emails.flatMap((email) => (email.send_after ? [email.send_after] : [])).sort();
  const subject = emails.length === 1 ? "The rejection e-mail" : `The ${emails.length} rejection e-mails`;
  const verb = emails.length === 1 ? "goes" : "go";
  const when = times.length ? `${verb} out at ${localSendTime(times.at(-1)!, now)}` : `${verb} out now`;
  const without = n - emails.length;
  return `${moved} ${subject} ${when}${without > 0 ? `; ${plural(without, "candidate")} without an e-mail address get${without === 1 ? "s" : ""} none` : ""}.`;
}
