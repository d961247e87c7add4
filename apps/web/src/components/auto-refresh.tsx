"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * Re-renders the server component around it every few seconds (e.g. while a resume is parsed),
 * for at most `maxTimes` refreshes so a stuck job does not poll forever.
 */
export function AutoRefresh({ everyMs = 3_000, maxTimes = 40 }: { everyMs?: number; maxTimes?: number }) {
  const router = useRouter();
  useEffect(() => {
    let count = 0;
    const timer = setInterval(() => {
      if (++count >= maxTimes) clearInterval(timer);
      router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs, maxTimes]);
  return null;
}
