"use client";

import { useMutation } from "@tanstack/react-query";
import { type FormEvent } from "react";
import { errorInfo } from "@/lib/errors";

/**
 * A settings form's save: the mutation, its error with field messages (errorInfo), and the submit
 * handler; `onSaved` receives the settings as saved (the page shows what the server kept).
 */
export function useSettingsSave<T>(save: () => Promise<T>, onSaved: (saved: T) => void) {
  const mutation = useMutation({ mutationFn: save, onSuccess: onSaved });
  const error = mutation.error ? errorInfo(mutation.error) : null;
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    mutation.mutate();
  }
  return { save: mutation, error, onSubmit };
}

/** A text input's value for a nullable setting: trimmed, and blank means null. */
export function blankToNull(value: string): string | null {
  return value.trim() === "" ? null : value.trim();
}
