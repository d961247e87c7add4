import Link from "next/link";
import { type ReactNode } from "react";
import { Button } from "@/components/ui";

/*
 * What the settings logs (Audit log, E-mail log) share: filters and pages live in the URL — a plain GET
 * form and plain links, so the pages work without JavaScript.
 */

/** A query parameter's first value; empty is none. */
export const firstParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/** `path` with the given parameters (empty ones left out). */
export function logHref(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The filter form: its fields, Filter, and (while any filter is set) a link back to `path` without them. */
export function LogFilterForm({ path, label, filtered, children }: { path: string; label: string; filtered: boolean; children: ReactNode }) {
  return (
    <form method="get" action={path} className="mb-4 flex flex-wrap items-end gap-3" aria-label={label}>
      {children}
      <Button type="submit" variant="secondary">
        Filter
      </Button>
      {filtered && (
        <Link href={path} className="py-2 text-sm text-indigo-700 underline">
          Clear filters
        </Link>
      )}
    </form>
  );
}

/** Back to the newest page (when past the first) and on to older ones (when there are more). */
export function LogPager({ label, things, newest, older }: { label: string; things: string; newest?: string; older?: string }) {
  return (
    <nav aria-label={label} className="mt-4 flex gap-4 text-sm">
      {newest && (
        <Link href={newest} className="text-indigo-700 underline">
          ← Newest {things}
        </Link>
      )}
      {older && (
        <Link href={older} className="text-indigo-700 underline">
          Older {things} →
        </Link>
      )}
    </nav>
  );
}
