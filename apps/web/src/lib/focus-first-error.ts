"use client";

import { type RefObject, useEffect } from "react";

/**
 * After a failed save, takes the member to what needs fixing: the first field the server marked
 * invalid (aria-invalid, in the page's order), scrolled to the middle of the screen with its label and
 * error in view, or else `fallback` (the form's error banner). Without this, focus stayed on the
 * Save button at the bottom of a long form while the banner and the field sat out of view.
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>, error: unknown): void {
  useEffect(() => {
    if (!error) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? fallback.current;
    if (!target) return;
    target.scrollIntoView({ block: "center" });
    target.focus({ preventScroll: true });
  }, [error, form, fallback]);
}
