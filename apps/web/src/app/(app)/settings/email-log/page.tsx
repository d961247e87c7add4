import { EMAIL_LOG_KIND_LABELS, EMAIL_LOG_KINDS, listEmailMessagesInput } from "@hireflow/core/mail/contract";
import type { Metadata } from "next";
import Link from "next/link";
import { firstParam as first, LogFilterForm, LogPager, logHref } from "@/components/log-page";
import { Alert, Badge, Card, compactInputClass, EmptyState, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { STATUS_LABEL, STATUS_TONE } from "./status";

export const metadata: Metadata = { title: "E-mail log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_SIZE = 50;

const PATH = "/settings/email-log";
const href = (params: Record<string, string | undefined>) => logHref(PATH, params);

/**
 * Settings → E-mail log: every e-mail of the company, newest first — sent through SMTP_URL, waiting
 * for a retry, failed with the server's answer, or (without SMTP_URL) kept here instead of sent.
 * Filters (kind, recipient, words) and pages (the keyset cursor) are in the URL: a plain GET form and
 * plain links, so it works without JavaScript. A message with a calendar file links its .ics on its own.
 */
export default async function EmailLogPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const cursor = first(params.cursor);
  const parsed = listEmailMessagesInput.pick({ kind: true, to: true, q: true }).safeParse({ kind: first(params.kind), to: first(params.to), q: first(params.q) });
  const filters = parsed.success ? parsed.data : {};
  const filtered = Boolean(filters.kind || filters.to || filters.q);
  const caller = await serverCaller();
  const [log, settings] = await Promise.all([
    load(caller.emailLog.list({ ...filters, ...(cursor && cursor.length <= 500 && { cursor }), limit: PAGE_SIZE })),
    load(caller.emailSettings.get()),
  ]);

  return (
    <>
      <PageHeader
        title="E-mail log"
        description={
          settings.delivery === "smtp"
            ? "Every e-mail Hireflow sent for the company (invitations, and later interview invitations and candidate e-mails), with its status. Failed messages show the mail server's answer."
            : "This server has no mail server configured (SMTP_URL), so e-mails are not sent: each one is kept here, with its content and a .eml download."
        }
      />
      <LogFilterForm path={PATH} label="Filter the e-mail log" filtered={filtered}>
        <div>
          <label htmlFor="email-kind" className="block text-sm font-medium text-slate-800">
            Kind
          </label>
          <select id="email-kind" name="kind" defaultValue={filters.kind ?? ""} className={`${compactInputClass} mt-1`}>
            <option value="">Every kind</option>
            {EMAIL_LOG_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {EMAIL_LOG_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="email-to" className="block text-sm font-medium text-slate-800">
            Recipient
          </label>
          <input id="email-to" name="to" type="search" defaultValue={filters.to ?? ""} maxLength={200} placeholder="name or address" className={`${compactInputClass} mt-1 w-48`} />
        </div>
        <div>
          <label htmlFor="email-q" className="block text-sm font-medium text-slate-800">
            Search
          </label>
          <input id="email-q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={200} placeholder="subject or text" className={`${compactInputClass} mt-1 w-48`} />
        </div>
      </LogFilterForm>
      {!parsed.success && (
        <div className="mb-4">
          <Alert>These filters cannot be used; showing every e-mail.</Alert>
        </div>
      )}
      {log.data.length === 0 ? (
        filtered ? (
          <EmptyState title="No e-mails match">Nothing in the log matches these filters.</EmptyState>
        ) : (
          <EmptyState title="No e-mails yet">Inviting a member by e-mail in Settings → Team sends the first one.</EmptyState>
        )
      ) : (
        <Card className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">E-mails, newest first</caption>
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">Time</th>
                <th scope="col" className="px-4 py-3">To</th>
                <th scope="col" className="px-4 py-3">Subject</th>
                <th scope="col" className="px-4 py-3">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {log.data.map((message) => (
                <tr key={message.id} data-testid="email-message" className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                    <Time iso={message.created_at} />
                  </td>
                  <td className="px-4 py-3 break-all text-slate-900">{message.to.join(", ")}</td>
                  <td className="px-4 py-3">
                    <Link href={`/settings/email-log/${message.id}`} className="font-medium text-indigo-700 hover:underline">
                      {message.subject || "(no subject)"}
                    </Link>
                    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      {EMAIL_LOG_KIND_LABELS[message.log_kind]}
                      {message.calendar_attachment !== null && (
                        <a href={`/api/email-messages/${message.id}/attachments/${message.calendar_attachment}`} download className="text-indigo-700 underline">
                          .ics<span className="sr-only"> calendar file of “{message.subject}”</span>
                        </a>
                      )}
                    </span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <Badge tone={STATUS_TONE[message.status]}>{STATUS_LABEL[message.status]}</Badge>
                    {message.status === "queued" && message.attempts > 0 && (
                      <span className="mt-0.5 block text-xs text-slate-600">
                        {message.attempts} attempt{message.attempts === 1 ? "" : "s"} so far
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <LogPager
        label="E-mail log pages"
        things="e-mails"
        newest={cursor ? href(filters) : undefined}
        older={log.pagination.next_cursor ? href({ ...filters, cursor: log.pagination.next_cursor }) : undefined}
      />
    </>
  );
}
