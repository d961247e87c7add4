"use client";

import { useEffect } from "react";

/**
 * Sets `data-hydrated` on <html> once React has hydrated the page. Until then a click on a
 * server-rendered button does nothing (no handler is attached yet); the browser tests wait for this
 * mark before they press anything, instead of hoping the scripts were fast enough.
 */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return null;
}
