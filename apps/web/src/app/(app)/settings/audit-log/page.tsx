import { AUDIT_ACTION_KINDS, AUDIT_ACTIONS, type AuditAction, type AuditActionKind, type AuditEntryDto, type AuditLogFilters, auditLogFilters } from "@hireflow/core/audit/contract";
import { ROLE_LABELS } from "@hireflow/core/kernel/roles";
import type { Metadata } from "next";
import Link from "next/link";
import { firstParam as first, LogFilterForm, LogPager, logHref } from "@/components/log-page";
import { Alert, Badge, type BadgeTone, Card, compactInputClass, EmptyState, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";

export const metadata: Metadata = { title: "Audit log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_SIZE = 50;

const ACTOR_TONE: Record<AuditEntryDto["actor"]["type"], BadgeTone> = { user: "slate", api_key: "blue", system: "indigo", anonymous: "amber" };
const ACTOR_KIND: Record<AuditEntryDto["actor"]["type"], string> = { user: "Member", api_key: "API key", system: "System", anonymous: "Not signed in" };

/** The actor's badge: a member's role as of now (Owner, Admin, Recruiter), "Former member" once removed. */
function actorKind(actor: AuditEntryDto["actor"]): string {
  if (actor.type !== "user") return ACTOR_KIND[actor.type];
  return actor.role ? ROLE_LABELS[actor.role] : "Former member";
}

/** Why a sign-in failed (data.reason of auth.sign_in_failed). */
const SIGN_IN_FAILURES: Record<string, string> = { wrong_password: "wrong password", too_many_attempts: "too many attempts (refused, 429)" };

type Names = Record<string, string>;

/**
 * A short line of what changed: "role: admin → recruiter", "scopes: jobs:read", "after: Ana Lee, Bo Chen", …
 * Ids are shown by name where the page has one (`names`: members, candidates), stages by their names.
 */
function details(entry: AuditEntryDto, names: Names): string {
  if (!entry.data) return "";
  return Object.entries(entry.data)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => {
      if (value && typeof value === "object" && !Array.isArray(value) && "from" in value && "to" in value) {
        const change = value as { from: unknown; to: unknown };
        return `${key}: ${show(change.from, names)} → ${show(change.to, names)}`;
      }
      if (key === "reason" && entry.action === "auth.sign_in_failed" && typeof value === "string") return `reason: ${SIGN_IN_FAILURES[value] ?? value}`;
      if (key === "candidate_id" && typeof value === "number") return `candidate: ${names[`candidate:${value}`] ?? value}`;
      return `${key}: ${show(value, names)}`;
    })
    .join("; ");
}

function show(value: unknown, names: Names): string {
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.length ? value.map((item) => show(item, names)).join(", ") : "none";
  if (typeof value === "string") return names[value.toLowerCase()] ?? value;
  // A stage of a pipeline ({key, name, type}), a reject reason ({id, name, archived}): by its name.
  if (value && typeof value === "object" && "name" in value && typeof value.name === "string") return value.name;
  return JSON.stringify(value);
}

const PATH = "/settings/audit-log";
const href = (params: Record<string, string | undefined>, path = PATH) => logHref(path, params);

/**
 * Settings → Audit log: who did what, when, from where. Filters by action and actor are in the URL
 * (a plain GET form: works without JavaScript); pages go on with the keyset cursor; the CSV has the
 * same filters.
 */
export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  // Sign-ins outnumber everything else: hidden unless asked for (or filtered to).
  const showSignIns = first(params.sign_ins) === "show";
  const raw = { action: first(params.action), actor: first(params.actor), kind: first(params.kind) };
  const cursor = first(params.cursor);
  const parsed = auditLogFilters.safeParse(raw);
  const chosen: AuditLogFilters = parsed.success ? parsed.data : {};
  const filters: AuditLogFilters = { ...chosen, sign_ins: showSignIns ? "show" : "hide" };
  // In the page's links, "hide" is the default and left out; the CSV's default is every entry, so it is said there.
  const linkFilters = { action: filters.action, actor: filters.actor, kind: filters.kind, sign_ins: showSignIns ? "show" : undefined };
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
          <a href={href({ ...linkFilters, sign_ins: filters.sign_ins }, "/api/audit-log.csv")} className="rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50" download>
            Download CSV
          </a>
        }
      />
      <LogFilterForm path={PATH} label="Filter the audit log" filtered={Boolean(filters.action || filters.actor || filters.kind || showSignIns)}>
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
          <label htmlFor="audit-kind" className="block text-sm font-medium text-slate-800">
            Kind
          </label>
          <select id="audit-kind" name="kind" defaultValue={filters.kind ?? ""} className={`${compactInputClass} mt-1 max-w-xs`}>
            <option value="">Every kind</option>
            {(Object.keys(AUDIT_ACTION_KINDS) as AuditActionKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {AUDIT_ACTION_KINDS[kind].label}
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
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input type="checkbox" name="sign_ins" value="show" defaultChecked={showSignIns} className="size-4 rounded border-slate-400" />
          Show sign-ins
        </label>
      </LogFilterForm>
      {!parsed.success && (
        <div className="mb-4">
          <Alert>These filters cannot be used; showing every entry.</Alert>
        </div>
      )}
      {log.data.length === 0 ? (
        <EmptyState title="No entries">
          {filters.action || filters.actor || filters.kind ? "Nothing matches these filters." : showSignIns ? "Nothing has been recorded yet." : "Nothing but sign-ins so far: tick “Show sign-ins” to see them."}
        </EmptyState>
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
                const more = details(entry, log.names);
                return (
                  <tr key={entry.id} data-testid="audit-entry" data-action={entry.action} className="align-top">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      <Time iso={entry.created_at} />
                    </td>
                    <td className="px-4 py-3">
                      <Link href={href({ ...linkFilters, actor: actorValue })} className="text-slate-900 hover:underline" title={`Only entries by ${entry.actor.label}`}>
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
                          {/* A member by their name as of now (an availability entry's label is their id). */}
                          {(entry.target.type === "user" && entry.target.id && log.names[entry.target.id]) || (entry.target.label ?? entry.target.id)}
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
      <LogPager
        label="Audit log pages"
        things="entries"
        newest={cursor ? href(linkFilters) : undefined}
        older={log.pagination.next_cursor ? href({ ...linkFilters, cursor: log.pagination.next_cursor }) : undefined}
      />
    </>
  );
}
