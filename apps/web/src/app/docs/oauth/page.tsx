import { API_SCOPE_DESCRIPTIONS, API_SCOPES } from "@hireflow/core/kernel/scopes";
import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { title: "Connecting apps with OAuth" };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`oauth-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`} className="space-y-2">
      <h2 id={`oauth-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const code = "rounded bg-slate-100 px-1 font-mono text-[0.85em] text-slate-800";

/**
 * How apps act as a member through OAuth, for the members and admins who connect them (Settings →
 * Connected apps links here, #43 §18) and the developers who build them. Public like the API
 * reference; the whole story for developers is the repository's docs/OAUTH.md.
 */
export default function OAuthDocsPage() {
  return (
    <div className="min-h-screen bg-white">
      <nav aria-label="Hireflow" className="flex flex-wrap items-center gap-4 border-b border-slate-200 bg-white px-4 py-2 text-sm">
        <a href="/jobs" className="font-medium text-indigo-700 hover:underline">
          <span aria-hidden="true">← </span>Back to Hireflow
        </a>
        <a href="/docs" className="text-indigo-700 hover:underline">
          API reference
        </a>
      </nav>
      <main className="mx-auto max-w-3xl space-y-8 px-4 py-8 text-sm leading-6 text-slate-700 sm:px-6">
        <header className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Connecting apps with OAuth</h1>
          <p>
            An API key acts for the whole company. An app that should act <strong>as one member</strong> — an AI assistant connected over MCP, or a partner app —
            asks the member instead: the member signs in, sees what the app asks for, and agrees. What the app then does is recorded as done by that member.
          </p>
        </header>

        <Section title="What an app may do">
          <p>
            No more than the scopes the member ticked on the consent page, and never more than the member&apos;s role allows: a recruiter cannot give an app
            the webhook settings, and an app of a recruiter cannot erase a candidate. The role is checked again on every request, so a member whose role
            changes takes their apps with them.
          </p>
          <ul className="grid gap-1 sm:grid-cols-2" aria-label="Scopes">
            {API_SCOPES.map((scope) => (
              <li key={scope}>
                <code className={code}>{scope}</code> — {API_SCOPE_DESCRIPTIONS[scope].toLowerCase()}
              </li>
            ))}
          </ul>
        </Section>

        <Section title="Seeing and disconnecting apps">
          <p>
            Every member finds the apps they connected under <a href="/connected-apps" className="text-indigo-700 underline">Connected apps</a>; owners and admins see
            every member&apos;s in <a href="/settings/connected-apps" className="text-indigo-700 underline">Settings → Connected apps</a>. Each grant shows its app&apos;s
            client id, when it was connected and when it was last used, so two apps of one name (say, an assistant connected from two computers) are told apart.
            Disconnecting ends every token of that grant at once; the member can connect the app again later.
          </p>
        </Section>

        <Section title="Partner apps">
          <p>
            An app your company builds or buys can be registered by an owner or admin in Settings → Connected apps: its name, home page and the exact redirect
            URIs it uses, public or confidential. A confidential app gets a client secret once; only its hash is kept. Assistants register themselves (Dynamic
            Client Registration) or publish a client metadata document, and need nothing from an admin.
          </p>
        </Section>

        <Section title="For developers">
          <p>
            Hireflow is its own OAuth 2.1 authorization server, as the MCP authorization specification asks: the authorization code flow with PKCE (S256), resource
            indicators, token revocation, Dynamic Client Registration and client metadata documents. A request without a token gets a <code className={code}>401</code>{" "}
            whose <code className={code}>WWW-Authenticate</code> header names the resource&apos;s metadata; discovery starts there.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Authorization server metadata: <code className={code}>/.well-known/oauth-authorization-server</code>
            </li>
            <li>
              Resource metadata: <code className={code}>/.well-known/oauth-protected-resource/api/v1</code> (REST) and{" "}
              <code className={code}>/.well-known/oauth-protected-resource/api/mcp</code> (MCP)
            </li>
            <li>
              Consent <code className={code}>/oauth/authorize</code>, token <code className={code}>/api/oauth/token</code>, revocation{" "}
              <code className={code}>/api/oauth/revoke</code>, registration <code className={code}>/api/oauth/register</code>
            </li>
            <li>Access tokens last an hour and are bound to the resource they were issued for; refresh tokens last 30 days and change on every use.</li>
          </ul>
          <p>
            The operations an access token may call, with their scopes, are in the <a href="/docs" className="text-indigo-700 underline">API reference</a>.
          </p>
        </Section>
      </main>
    </div>
  );
}
