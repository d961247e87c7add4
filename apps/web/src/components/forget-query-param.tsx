"use client";

import { useEffect } from "react";

/**
 * Removes a one-time query parameter (`?erased=1`) from the address bar once the page that read it is
 * shown, without a navigation: Next's router follows history.replaceState, and what the server rendered
 * for this visit stays on screen. A reload then renders the page without it.
 */
export function ForgetQueryParam({ name }: { name: string }) {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(name)) return;
    url.searchParams.delete(name);
    window.history.replaceState(null, "", `${url.pathname}${url.search}${url.hash}`);
  }, [name]);
  return null;
}
