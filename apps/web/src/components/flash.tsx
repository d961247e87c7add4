"use client";

import { usePathname } from "next/navigation";
import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * A confirmation that outlives the client-side navigation it comes with ("Job saved." on the board
 * the job form goes to). `flash(message, landing)` before `router.push(landing)`; <FlashMessage/>, in
 * the signed-in frame, shows it in a live region until it is dismissed or the user leaves the page it
 * landed on. Nothing is stored: a reload does not say it again.
 */
interface Flash {
  id: number;
  message: string;
  landing: string;
}

let current: Flash | null = null;
let counter = 0;
const listeners = new Set<() => void>();

function publish(next: Flash | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function flash(message: string, landing: string) {
  publish({ id: ++counter, message, landing });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function FlashMessage() {
  const message = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const pathname = usePathname();
  // Whether the page it was meant for has been reached (before that, the page it came from still shows).
  const [arrived, setArrived] = useState<number | null>(null);
  useEffect(() => {
    if (!message) return;
    if (pathname === message.landing) setArrived(message.id);
    else if (arrived === message.id) publish(null);
  }, [message, pathname, arrived]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {message && (
        <div className="pointer-events-auto flex items-center gap-3 rounded-md bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg" data-testid="flash">
          <span>{message.message}</span>
          <button
            type="button"
            onClick={() => publish(null)}
            className="rounded px-1.5 text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            aria-label="Dismiss"
          >
            ✕
          </button>
        </div>
      )}
    </div>
  );
}
