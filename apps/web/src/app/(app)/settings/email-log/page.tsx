import type { Metadata } from "next";
import Link from "next/link";
import { Badge, Card, EmptyState, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { STATUS_LABEL, STATUS_TONE } from "./status";

export const metadata: Metadata = { title: "E-mail log" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PAGE_SIZE = 50;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

/**
 * Settings → E-mail log: every e-mail of the company, newest first — sent through SMTP_URL, waiting
 * for a retry, failed with the server's answer, or (without SMTP_URL) kept here instead of sent.
 * Pages go on with the keyset cursor in the URL (plain links: works without JavaScript).
 */
export default async function EmailLogPage({ searchParams }: { searchParams: SearchParams }) {
  const cursor = first((await searchParams).cursor);
  const caller = await serverCaller();
  const [log, settings] = await Promise.all([
    load(caller.emailLog.list({ ...(cursor && cursor.length <= 500 && { cursor }), limit: PAGE_SIZE })),
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
      {log.data.length === 0 ? (
        <EmptyState title="No e-mails yet">Inviting a member by e-mail in Settings → Team sends the first one.</EmptyState>
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
      <nav aria-label="E-mail log pages" className="mt-4 flex gap-4 text-sm">
        {cursor && (
          <Link href="/settings/email-log" className="text-indigo-700 underline">
            ← Newest e-mails
          </Link>
        )}
        {log.pagination.next_cursor && (
          <Link href={`/settings/email-log?cursor=${encodeURIComponent(log.pagination.next_cursor)}`} className="text-indigo-700 underline">
            Older e-mails →
          </Link>
        )}
      </nav>
    </>
  );
}
