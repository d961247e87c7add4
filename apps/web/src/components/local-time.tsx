"use client";

import { useSyncExternalStore } from "react";
import { formatDate } from "./ui";

const subscribe = () => () => {};

/**
 * A time in the member's own time zone (this browser's), "14:35" or "Mon 30 Nov at 14:35" (`format`).
 * The server knows no zone, so it renders UTC and the browser swaps in the local time right after
 * hydration (useSyncExternalStore's server snapshot), without a hydration mismatch.
 */
export function LocalTime({ iso, format }: { iso: string; format: (iso: string) => string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return <time dateTime={iso}>{inBrowser ? format(iso) : formatDate(iso)}</time>;
}
