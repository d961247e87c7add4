import { Fragment } from "react";
import { highlightParts } from "@/lib/highlight";

/** `text` with every occurrence of `match` in <mark> (case-insensitive); rendered as text, never as HTML. */
export function Highlighted({ text, match }: { text: string; match?: string | null }) {
  return (
    <>
      {highlightParts(text, match).map((part, index) =>
        part.mark ? (
          <mark key={index} className="rounded-sm bg-amber-100 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
