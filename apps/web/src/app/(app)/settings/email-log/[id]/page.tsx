import type { Metadata } from "next";
import { type ReactNode } from "react";
import { Alert, Badge, Card, PageHeader, Time } from "@/components/ui";
import { load, serverCaller } from "@/lib/server/caller";
import { idFromParams } from "@/lib/server/params";
import { STATUS_LABEL, STATUS_TONE } from "../status";

export const metadata: Metadata = { title: "E-mail" };

/**
 * The HTML body as its own document in a sandboxed iframe: no scripts (no allow-scripts), an opaque
 * origin (no allow-same-origin: it cannot read the app's cookies or pages), links open in a new tab,
 * and nothing is fetched (its own CSP: no remote images, so no tracking pixel fires when an admin
 * looks). A srcdoc document inherits this page's CSP, which is why this page alone allows inline
 * styles (src/server/security-headers.ts): e-mail HTML is styled with style attributes.
 */
function previewDocument(html: string): string {
  return [
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    `<meta name="referrer" content="no-referrer">`,
    `<base target="_blank">`,
    html,
  ].join("\n");
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default async function EmailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const id = await idFromParams(params);
  const caller = await serverCaller();
  const { data: message } = await load(caller.emailLog.get({ id }));
  return (
    <>
      <PageHeader
        back={{ href: "/settings/email-log", label: "E-mail log" }}
        title={message.subject || "(no subject)"}
        actions={
          <a
            href={`/api/email-messages/${message.id}/eml`}
            download
            className="rounded-md bg-white px-3.5 py-2 text-sm font-medium text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            Download .eml
          </a>
        }
      />
      <div className="space-y-6">
        {message.last_error && (
          <Alert tone={message.status === "failed" ? "red" : "amber"} title={message.status === "failed" ? "Not delivered: the mail server's answer" : "The last attempt failed; it will be retried"}>
            <code className="break-words" data-testid="email-error">{message.last_error}</code>
          </Alert>
        )}
        <section aria-labelledby="email-headers">
          <h2 id="email-headers" className="mb-2 text-base font-semibold text-slate-900">
            Headers
          </h2>
          <Card>
            <dl className="divide-y divide-slate-100">
              <Row label="From">{message.from}</Row>
              <Row label="To">{message.to.join(", ")}</Row>
              <Row label="Reply-To">{message.reply_to ?? "—"}</Row>
              <Row label="Subject">{message.subject}</Row>
              <Row label="Date">
                <Time iso={message.created_at} />
              </Row>
              <Row label="Message-ID">
                <code className="text-xs">{message.message_id}</code>
              </Row>
              <Row label="Status">
                <Badge tone={STATUS_TONE[message.status]}>{STATUS_LABEL[message.status]}</Badge>
                {message.status === "stored" && <span className="ml-2 text-slate-600">This server has no SMTP_URL: the e-mail was not sent.</span>}
              </Row>
              <Row label="Attempts">{message.attempts}</Row>
              {message.last_attempt_at && (
                <Row label="Last attempt">
                  <Time iso={message.last_attempt_at} />
                </Row>
              )}
              {message.next_attempt_at && (
                <Row label="Next attempt">
                  <Time iso={message.next_attempt_at} />
                </Row>
              )}
              {message.sent_at && (
                <Row label="Sent">
                  <Time iso={message.sent_at} />
                </Row>
              )}
            </dl>
          </Card>
        </section>
        {message.html !== null && (
          <section aria-labelledby="email-html">
            <h2 id="email-html" className="mb-2 text-base font-semibold text-slate-900">
              HTML body
            </h2>
            <Card className="overflow-hidden">
              <iframe
                title={`HTML body of “${message.subject}”`}
                sandbox="allow-popups allow-popups-to-escape-sandbox"
                srcDoc={previewDocument(message.html)}
                referrerPolicy="no-referrer"
                className="h-96 w-full bg-white"
              />
            </Card>
          </section>
        )}
        <section aria-labelledby="email-text">
          <h2 id="email-text" className="mb-2 text-base font-semibold text-slate-900">
            Text body
          </h2>
          <Card className="p-4">
            <pre className="font-mono text-sm whitespace-pre-wrap break-words text-slate-900" data-testid="email-text">{message.text}</pre>
          </Card>
        </section>
        <section aria-labelledby="email-attachments">
          <h2 id="email-attachments" className="mb-2 text-base font-semibold text-slate-900">
            Attachments
          </h2>
          {message.attachments.length === 0 ? (
            <p className="text-sm text-slate-600">None.</p>
          ) : (
            <Card>
              <ul className="divide-y divide-slate-100">
                {message.attachments.map((attachment, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-2 px-4 py-2 text-sm">
                    <a href={`/api/email-messages/${message.id}/attachments/${i}`} download className="font-medium break-all text-indigo-700 underline">
                      {attachment.filename}
                    </a>
                    <span className="text-slate-600">
                      {attachment.content_type}, {formatBytes(attachment.size_bytes)}
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <p className="mt-2 text-sm text-slate-600">Each attachment downloads on its own; the .eml download holds the whole message, attachments included, exactly as it was (or would be) sent.</p>
        </section>
      </div>
    </>
  );
}
