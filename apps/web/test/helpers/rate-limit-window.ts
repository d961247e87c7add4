/**
 * The rate limiter counts in fixed windows aligned to the clock (packages/core kernel/rate-limit.ts):
 * requests that straddle a window's end see the count start again, and a test expecting the limit's
 * refusal gets a 200 (a CI run failed so: session-auth, its tenth failed sign-in counted at 07:15:00).
 * Waits, if need be, until the current window of `windowMs` has `neededMs` left — until the next one starts.
 */
export async function inOneWindow(windowMs: number, neededMs: number): Promise<void> {
  const left = () => windowMs - (Date.now() % windowMs);
  while (left() < neededMs) await new Promise((resolve) => setTimeout(resolve, Math.min(left(), 1_000)));
}
