/**
 * Business days for the AI agent's hold-back after a job's screening notice (LL144: "at least 10
 * business days"): Monday to Friday, counted in UTC; public holidays are not known, so a company
 * that needs them counted sets a larger number.
 */
export function addBusinessDays(start: Date, days: number): Date {
  const end = new Date(start.getTime());
  let left = days;
  while (left > 0) {
    end.setUTCDate(end.getUTCDate() + 1);
    const weekday = end.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return end;
}

/** Until when the agent is held back: N business days after the notice (null: not held back at all). */
export function holdBackUntil(noticeAt: Date | null, days: number): Date | null {
  if (days <= 0) return null;
  // No notice ever went up (say, a private job): the notice has not preceded the tool, so it waits.
  if (noticeAt === null) return new Date(8.64e15);
  return addBusinessDays(noticeAt, days);
}
