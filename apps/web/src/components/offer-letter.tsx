import type { Block, Run } from "@hireflow/core/offer/letter-blocks";
import { type ReactNode } from "react";

/*
 * An offer letter on a page, from the same reading of its HTML (letter/html-blocks.ts) that the PDF
 * is laid out from: the candidate's page shows the letter as sent, the settings page previews a
 * template. Only text, headings, emphasis and lists come through; nothing of the template's markup runs.
 */

function Runs({ runs }: { runs: Run[] }) {
  return runs.map((run, i) => {
    if (run.br) return <br key={i} />;
    let node: ReactNode = run.text;
    if (run.underline) node = <u>{node}</u>;
    if (run.italic) node = <em>{node}</em>;
    if (run.bold) node = <strong>{node}</strong>;
    return <span key={i}>{node}</span>;
  });
}

/** The letter as sent, from the same reading of its HTML the PDF was laid out from: text only, no markup of the template runs. */
export function OfferLetter({ blocks, label = "Offer letter" }: { blocks: Block[]; label?: string }) {
  return (
    <article className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 text-slate-900 sm:p-8" aria-label={label}>
      {blocks.map((block, i) => {
        if (block.kind === "rule") return <hr key={i} className="border-slate-200" />;
        const style = { marginInlineStart: `${block.indent * 1.25}rem` };
        const content = (
          <>
            {block.marker && <span className="mr-1.5 text-slate-600">{block.marker}</span>}
            <Runs runs={block.runs} />
          </>
        );
        if (block.role === "h1") return <h2 key={i} style={style} className="text-xl font-semibold">{content}</h2>;
        if (block.role === "h2") return <h3 key={i} style={style} className="text-lg font-semibold">{content}</h3>;
        if (block.role === "h3") return <h4 key={i} style={style} className="font-semibold">{content}</h4>;
        return <p key={i} style={style} className="break-words leading-relaxed">{content}</p>;
      })}
    </article>
  );
}

