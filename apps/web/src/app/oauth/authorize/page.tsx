import { API_SCOPE_DESCRIPTIONS, API_SCOPES, ROLE_LABELS } from "@hireflow/core";
import { roleScopeCeiling } from "@hireflow/core/kernel/roles";
import { getPrisma } from "@hireflow/db";
import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Alert, buttonClass } from "@/components/ui";
import { getSession } from "@/lib/server/session";
import { originFromHeaders } from "@/lib/server/request-origin";
import { authorizeStep, returnTarget } from "@/server/oauth/authorize";

// same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on the consent form's post, which the
// decision refuses as cross-site; no referrer still leaves for other sites.
export const metadata: Metadata = { title: "Connect an app", referrer: "same-origin" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function queryOf(search: SearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, v);
  return query;
}

async function requestOrigin(): Promise<string> {
  return originFromHeaders(await headers());
}

/**
 * OAuth consent (docs/OAUTH.md): the request is checked before anything else (a bad one is shown, or sent
 * back to the app, without asking anyone to sign in; the proxy lets signed-out visitors reach this page);
 * then a signed-in member sees which app asks to act as them, with which scopes, and may untick some.
 * Only the scopes the resource uses are ticked (for the MCP server: its tools'); scopes the member's role
 * does not allow are shown but cannot be granted. The decision posts to ./decision, which validates everything again.
 */
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = queryOf(await searchParams);
  const step = await authorizeStep(getPrisma(), await requestOrigin(), query, await getSession());
  if (step.kind === "redirect" || step.kind === "sign-in") redirect(step.to);
  if (step.kind === "error") {
    return (
      <Shell title="This app cannot connect">
        <Alert title="Invalid request">{step.message}</Alert>
        <p className="mt-4 text-sm text-slate-600">Nothing was shared. Ask the app&apos;s maker to check its OAuth settings.</p>
      </Shell>
    );
  }
  const { request, session } = step;
  const ceiling = roleScopeCeiling(session.user.role, API_SCOPES);
  const { client } = request;
  const shownUrl = client.clientUri ?? (client.kind === "metadata_document" ? client.id : null);
  const redirectHost = returnTarget(request.redirectUri);
  return (
    <Shell title={`Connect ${client.name} to Hireflow`}>
      <p className="text-sm text-slate-700">
        <strong>{client.name}</strong>
        {shownUrl ? (
          <>
            {" "}
            (<span className="break-all">{shownUrl}</span>)
          </>
        ) : null}{" "}
        asks to act as you, <strong>{session.user.email}</strong> ({ROLE_LABELS[session.user.role]} at {session.user.company.name}).
      </p>
      <p className="mt-2 text-sm text-slate-600">
        You will be sent back to <span className="break-all font-mono text-xs">{redirectHost}</span>. Anything it does shows you as the author.
      </p>
      <form method="post" action="/oauth/authorize/decision" className="mt-5">
        <input type="hidden" name="request" value={query.toString()} />
        <input type="hidden" name="csrf" value={session.csrfToken} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">It may:</legend>
          <ul className="mt-2 space-y-2">
            {request.scopes.map((scope) => {
              const allowed = ceiling.includes(scope);
              const used = request.suggested.includes(scope);
              const id = `scope-${scope.replace(":", "-")}`;
              return (
                <li key={scope} className="flex items-start gap-2">
                  <input id={id} type="checkbox" name="scope" value={scope} defaultChecked={allowed && used} disabled={!allowed} className="mt-1" />
                  <label htmlFor={id} className={allowed ? "text-sm text-slate-800" : "text-sm text-slate-500"}>
                    <code className="rounded bg-slate-100 px-1">{scope}</code> — {API_SCOPE_DESCRIPTIONS[scope]}
                    {allowed ? null : <span className="block text-xs">Your role cannot grant this.</span>}
                    {allowed && !used && request.api === "api/mcp" ? <span className="block text-xs text-slate-600">Hireflow&apos;s MCP tools do not use this.</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="mt-6 flex gap-3">
          <button type="submit" name="decision" value="allow" className={buttonClass("primary")}>
            Allow
          </button>
          <button type="submit" name="decision" value="deny" className={buttonClass("secondary")}>
            Deny
          </button>
        </div>
      </form>
      <p className="mt-5 text-xs text-slate-600">You can disconnect it at any time under Connected apps (in Settings for owners and admins).</p>
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg">
        <div className="mb-8 text-center">
          <p className="text-2xl font-semibold tracking-tight text-indigo-700">Hireflow</p>
          <h1 className="mt-2 text-lg font-medium text-slate-800">{title}</h1>
        </div>
        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">{children}</div>
      </div>
    </main>
  );
}
