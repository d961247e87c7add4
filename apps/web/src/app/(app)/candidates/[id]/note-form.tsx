"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button, describedBy, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

/** Adds a note as the signed-in user (added_by "user", performer = the user), through candidates.addNote. */
export function NoteForm({ candidateId }: { candidateId: number }) {
  const trpc = useTrpc();
  const router = useRouter();
  const [note, setNote] = useState("");
  const add = useMutation({
    mutationFn: (text: string) => trpc.candidates.addNote.mutate({ id: String(candidateId), note: text }),
    onSuccess: () => {
      setNote("");
      router.refresh();
    },
  });
  const error = add.error ? errorInfo(add.error) : null;
  const message = error ? (error.fields.note ?? error.message) : undefined;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    add.mutate(note);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-2" noValidate>
      <Field id="note" label="Add a note" error={message}>
        <textarea
          {...describedBy("note", message)}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              add.mutate(note);
            }
          }}
          rows={3}
          maxLength={2000}
          placeholder="Visible to everyone in your company"
          className={inputClass}
        />
      </Field>
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-slate-500">{note.length}/2000 · Ctrl+Enter to save</span>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Saving…" : "Add note"}
        </Button>
      </div>
    </form>
  );
}
