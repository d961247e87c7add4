import { AUDIT_ACTIONS, type AuditAction, type AuditEntryDto, auditLogFilters } from "@hireflow/core/audit/contract";
import { ROLE_LABELS } from "@hireflow/core/kernel/roles";
import type { Metadata } from "next";
import Link from "next/link";
import { Alert, Badge, type BadgeTone, Button, Card, compactInputClass, EmptyState, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_SIZE = 50;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const ACTOR_TONE: Record<AuditEntryDto["actor"]["type"], BadgeTone> = { user: "slate", api_key: "blue", system: "indigo", anonymous: "amber" };
const ACTOR_KIND: Record<AuditEntryDto["actor"]["type"], string> = { user: "Member", api_key: "API key", system: "System", anonymous: "Not signed in" };

/** The actor's badge: a member's role as of now (Owner, Admin, Recruiter), "Former member" once removed. */
function actorKind(actor: AuditEntryDto["actor"]): string {
  if (actor.type !== "user") return ACTOR_KIND[actor.type];
  return actor.role ? ROLE_LABELS[actor.role] : "Former member";
}

/** Why a sign-in failed (data.reason of auth.sign_in_failed). */
const SIGN_IN_FAILURES: Record<string, string> = { wrong_password: "wrong password", too_many_attempts: "too many attempts (refused, 429)" };

/** A short line of what changed: "role: admin → recruiter", "scopes: jobs:read", … */
function details(entry: AuditEntryDto): string {
  if (!entry.data) return "";
  return Object.entries(entry.data)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => {
      if (value && typeof value === "object" && !Array.isArray(value) && "from" in value && "to" in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${show(change.from)} → ${show(change.to)}`;
      }
      if (key === "reason" && entry.action === "auth.sign_in_failed" && typeof value === "string") return `reason: ${SIGN_IN_FAILURES[value] ?? value}`;
      return `${key}: ${show(value)}`;
    })
    .join("; ");
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "none";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function href(params: Record<string, string | undefined>, path = "/settings/audit-log"): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Settings → Audit log: who did what, when, from where. Filters by action and actor are in the URL
 * (a plain GET form: works without JavaScript); pages go on with the keyset cursor; the CSV has the
 * same filters.
 */
export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const raw = { action: first(params.action), actor: first(params.actor) };
  const cursor = first(params.cursor);
  const parsed = auditLogFilters.safeParse(raw);
  const filters = parsed.success ? parsed.data : {};
  const caller = await serverCaller();
  const [{ data: actors }, log] = await Promise.all([
    load(caller.auditLog.actors()),
    load(caller.auditLog.list({ ...filters, ...(cursor && cursor.length <= 500 && { cursor }), limit: PAGE_SIZE })),
  ]);
  const actorOptions = filters.actor && !actors.some((a) => a.value === filters.actor) ? [...actors, { value: filters.actor, label: `${filters.actor} (no longer a member or key)` }] : actors;

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who did what, when and from where: sign-ins, team changes, API keys, webhook endpoints, privacy settings, candidate erasures and exports. Entries cannot be changed or deleted."
        actions={
          <a href={href(filters, "/api/audit-log.csv")} className="rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50" download>
            Download CSV
          </a>
        }
      />
      <form method="get" action="/settings/audit-log" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Filter the audit log">
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium text-slate-800">
            Action
          </label>
          <select id="audit-action" name="action" defaultValue={filters.action ?? ""} className={`${compactInputClass} mt-1`}>
            <option value="">Every action</option>
            {(Object.keys(AUDIT_ACTIONS) as AuditAction[]).map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTIONS[action]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-actor" className="block text-sm font-medium text-slate-800">
            Actor
          </label>
          <select id="audit-actor" name="actor" defaultValue={filters.actor ?? ""} className={`${compactInputClass} mt-1 max-w-xs`}>
            <option value="">Everyone</option>
            {actorOptions.map((actor) => (
              <option key={actor.value} value={actor.value}>
                {actor.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {(filters.action || filters.actor) && (
          <Link href="/settings/audit-log" className="py-2 text-sm text-indigo-700 underline">
            Clear filters
          </Link>
        )}
      </form>
      {!parsed.success && (
        <div className="mb-4">
          <Alert>These filters cannot be used; showing every entry.</Alert>
        </div>
      )}
      {log.data.length === 0 ? (
        <EmptyState title="No entries">{filters.action || filters.actor ? "Nothing matches these filters." : "Nothing has been recorded yet."}</EmptyState>
      ) : (
        <Card className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Time</th>
                <th scope="col" className="px-4 py-3">Actor</th>
                <th scope="col" className="px-4 py-3">Action</th>
                <th scope="col" className="px-4 py-3">Target</th>
                <th scope="col" className="px-4 py-3">IP</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.data.map((entry) => {
                const actorValue = entry.actor.type === "user" || entry.actor.type === "api_key" ? `${entry.actor.type}:${entry.actor.id}` : entry.actor.type;
                const more = details(entry);
                return (
                  <tr key={entry.id} data-testid="audit-entry" data-action={entry.action} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <Time iso={entry.created_at} />
                    </td>
                    <td className="px-4 py-3">
                      <Link href={href({ ...filters, actor: actorValue })} className="text-slate-900 hover:underline" title={`Only entries by ${entry.actor.label}`}>
                        {entry.actor.label}
                      </Link>
                      <span className="mt-0.5 block">
                        <Badge tone={ACTOR_TONE[entry.actor.type]}>{actorKind(entry.actor)}</Badge>
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <span className="font-medium text-slate-900">{AUDIT_ACTIONS[entry.action as AuditAction] ?? entry.action}</span>
                      <code className="block text-xs text-slate-600">{entry.action}</code>
                      {more && <span className="mt-1 block text-xs break-words text-slate-700">{more}</span>}
                    </td>
                    <td className="px-4 py-3 break-words text-slate-700">
                      {entry.target ? (
                        <>
                          {entry.target.label ?? entry.target.id}
                          <span className="block text-xs text-slate-600">
                            {entry.target.type.replace("_", " ")} {entry.target.id}
                          </span>
                        </>
                      ) : (
                        "—"
                      )}
                    </td>
                    <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-700">{entry.ip ?? "—"}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </Card>
      )}
      <nav aria-label="Audit log pages" className="mt-4 flex gap-4 text-sm">
        {cursor && (
          <Link href={href(filters)} className="text-indigo-700 underline">
            ← Newest entries
          </Link>
        )}
        {log.pagination.next_cursor && (
          <Link href={href({ ...filters, cursor: log.pagination.next_cursor })} className="text-indigo-700 underline">
            Older entries →
          </Link>
        )}
      </nav>
    </>
  );
}
