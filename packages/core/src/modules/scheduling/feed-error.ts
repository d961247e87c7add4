/**
 * Why a member's calendar feed could not be used. The message is plain and shown to the member on
 * their availability page, so it never repeats the feed's address (the address is the secret).
 */
export type CalendarFeedErrorKind =
  | "invalid_url"
  | "blocked_address"
  | "http_status"
  | "timeout"
  | "aborted"
  | "network"
  | "too_large"
  | "not_icalendar"
  | "malformed"
  | "too_complex";

// Marks the error across copies of this module (bundles), like AppError does.
const CALENDAR_FEED_ERROR = Symbol.for("hireflow.CalendarFeedError");

export class CalendarFeedError extends Error {
  override name = "CalendarFeedError";
  readonly [CALENDAR_FEED_ERROR] = true;
  readonly kind: CalendarFeedErrorKind;

  constructor(kind: CalendarFeedErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.kind = kind;
  }

  static isInstance(error: unknown): error is CalendarFeedError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[CALENDAR_FEED_ERROR] === true;
  }
}
