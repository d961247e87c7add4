"use client";

import type { ConnectedAppDto, PartnerAppDto } from "@hireflow/core/identity/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { SecretShownOnce } from "@/components/copy-secret";
import { RevocableTableCard, RevokeDialog, useRevocation } from "@/components/revocable-table-card";
import { ScopeBadges } from "@/components/scope-badges";
import { Alert, Badge, Button, Card, describedBy, EmptyState, Field, inputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const GRANTS = ["connectedApps"] as const;

/** How an app came to Hireflow: with several grants of one name, this and the client id tell them apart. */
const CLIENT_KINDS: Record<ConnectedAppDto["client"]["kind"], string> = {
  preregistered: "partner app registered here",
  dynamic: "registered itself",
  metadata_document: "client metadata document",
};
const PARTNERS = ["partnerApps"] as const;

/** `initialPartners` only for owners and admins, who register partner apps; a member's page has their own grants alone. */
export function ConnectedAppsManager({ initialGrants, initialPartners }: { initialGrants: ConnectedAppDto[]; initialPartners?: PartnerAppDto[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const grants = useQuery({ queryKey: GRANTS, queryFn: async () => (await trpc.connectedApps.list.query()).data, initialData: initialGrants });
  const partners = useQuery({ queryKey: PARTNERS, queryFn: async () => (await trpc.connectedApps.partnerApps.query()).data, initialData: initialPartners ?? [], enabled: initialPartners !== undefined });
  const [created, setCreated] = useState<{ name: string; clientId: string; secret: string | null } | null>(null);

  const revocation = useRevocation(
    (grant: ConnectedAppDto) => trpc.connectedApps.revoke.mutate({ id: grant.id }),
    () => void queryClient.invalidateQueries({ queryKey: GRANTS }),
  );
  const revoking = revocation.target;
  const create = useMutation({
    mutationFn: (input: { name: string; client_uri?: string; redirect_uris: string[]; confidential: boolean }) => trpc.connectedApps.createPartnerApp.mutate(input),
    onSuccess: ({ data }) => {
      setCreated({ name: data.app.name, clientId: data.app.client_id, secret: data.client_secret });
      void queryClient.invalidateQueries({ queryKey: PARTNERS });
    },
  });

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const uri = String(data.get("client_uri") ?? "").trim();
    create.mutate(
      {
        name: String(data.get("name") ?? ""),
        ...(uri ? { client_uri: uri } : {}),
        redirect_uris: String(data.get("redirect_uris") ?? "")
          .split(/\s+/)
          .filter(Boolean),
        confidential: data.get("confidential") === "on",
      },
      { onSuccess: () => form.reset() },
    );
  }
  const createError = create.error ? errorInfo(create.error) : null;

  return (
    <div className="space-y-6">
      <section aria-labelledby="grants-heading">
        <h2 id="grants-heading" className="mb-3 text-base font-semibold text-slate-900">
          Apps members connected
        </h2>
        <RevocableTableCard
          columns={["App", "Member", "Scopes", "Connected", "Last used"]}
          items={grants.data}
          empty={<EmptyState title="No connected apps">When a member connects an assistant or app to Hireflow, it is listed here.</EmptyState>}
          row={(grant) => ({
            key: grant.id,
            testId: `connected-app-${grant.id}`,
            className: grant.revoked_at ? "text-slate-500" : undefined,
            cells: (
              <>
                <td className="px-4 py-3">
                  <span className="font-medium text-slate-900">{grant.client.name}</span>
                  {grant.client.uri && <span className="block text-xs break-all">{grant.client.uri}</span>}
                  <span id={`grant-${grant.id}-client`} className="block text-xs text-slate-600" data-testid="grant-client">
                    Client id <code className="break-all">{grant.client.id}</code> · {CLIENT_KINDS[grant.client.kind]}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{grant.member.name ?? grant.member.email}</td>
                <td className="px-4 py-3">
                  <ScopeBadges scopes={grant.scopes} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap"><Time iso={grant.created_at} /></td>
                <td className="px-4 py-3 whitespace-nowrap">{grant.last_used_at ? <Time iso={grant.last_used_at} /> : "Never"}</td>
              </>
            ),
            action: grant.revoked_at ? (
              <Badge tone="red">Disconnected</Badge>
            ) : (
              <Button
                variant="danger-secondary"
                onClick={() => revocation.ask(grant)}
                aria-label={`Disconnect ${grant.client.name} (${grant.member.email})`}
                aria-describedby={`grant-${grant.id}-client`}
              >
                Disconnect
              </Button>
            ),
          })}
        />
      </section>

      {initialPartners && (
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">Register a partner app</h2>
          <p className="mt-1 text-sm text-slate-600">For an app your company builds or buys: it signs members in with OAuth and acts as each of them.</p>
          <form onSubmit={onCreate} className="mt-3 max-w-xl space-y-4" noValidate>
            <Field id="app-name" label="Name" error={createError?.fields.name}>
              <input {...describedBy("app-name", createError?.fields.name)} name="name" required maxLength={100} className={inputClass} />
            </Field>
            <Field id="app-uri" label="Home page (optional)" error={createError?.fields.client_uri}>
              <input {...describedBy("app-uri", createError?.fields.client_uri)} name="client_uri" type="url" className={inputClass} />
            </Field>
            <Field id="app-redirects" label="Redirect URIs" hint="One per line; matched exactly." error={createError?.fields.redirect_uris}>
              <textarea {...describedBy("app-redirects", createError?.fields.redirect_uris, true)} name="redirect_uris" rows={3} required className={inputClass} />
            </Field>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="confidential" className="size-4 rounded border-slate-300" />
              Confidential (a server-side app that can keep a client secret)
            </label>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Registering…" : "Register app"}
            </Button>
          </form>
          {createError && !Object.keys(createError.fields).length && (
            <div className="mt-3">
              <Alert>{createError.message}</Alert>
            </div>
          )}
          {created && (
            <SecretShownOnce
              testId="new-partner-app"
              title={<>“{created.name}” is registered with client_id {created.clientId}.</>}
              id="new-partner-secret"
              label="Client secret"
              secret={created.secret ?? "(public client: no secret)"}
              onDismiss={() => setCreated(null)}
            >
              Only a hash of the secret is stored; copy it now.
            </SecretShownOnce>
          )}
          {partners.data.length > 0 && (
            <ul className="mt-4 space-y-1 text-sm" aria-label="Partner apps">
              {partners.data.map((app) => (
                <li key={app.client_id}>
                  <span className="font-medium">{app.name}</span> — <code className="text-xs">{app.client_id}</code> {app.confidential ? "(confidential)" : "(public)"}
                </li>
              ))}
            </ul>
          )}
        </Card>
      )}

      <RevokeDialog revocation={revocation} title={`Disconnect “${revoking?.client.name ?? ""}”?`} confirmLabel="Disconnect">
        <p>
          Every token it holds for {revoking?.member.email} stops working at once. The member can connect it again later.
          {revoking && (
            <span className="mt-2 block">
              Client id <code className="break-all">{revoking.client.id}</code>, connected <Time iso={revoking.created_at} />, last used{" "}
              {revoking.last_used_at ? <Time iso={revoking.last_used_at} /> : "never"}.
            </span>
          )}
        </p>
      </RevokeDialog>
    </div>
  );
}
