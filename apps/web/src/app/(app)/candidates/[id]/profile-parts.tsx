import { type ReactNode } from "react";
import { Card } from "@/components/ui";

/** A card of the candidate page, headed by its title. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={className ? `p-5 ${className}` : "p-5"}>
      <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

/** A label and its value in a <dl>; a dash when there is no value. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children ?? <span className="text-slate-500">—</span>}</dd>
    </div>
  );
}

/** A link the candidate gave (LinkedIn), opened in a new tab and shown without its scheme. */
export function ExternalLink({ href }: { href: string }) {
  // The API only accepts http(s) URLs here, so no javascript: links can reach this.
  const safe = /^https?:\/\//i.test(href);
  return safe ? (
    <a className="text-indigo-700 hover:underline" href={href} target="_blank" rel="noopener noreferrer nofollow">
      {href.replace(/^https?:\/\/(www\.)?/i, "")}
    </a>
  ) : (
    <span>{href}</span>
  );
}
