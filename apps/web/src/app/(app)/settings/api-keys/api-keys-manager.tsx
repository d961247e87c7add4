"use client";

import type { ApiKeyDto } from "@hireflow/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { SecretShownOnce } from "@/components/copy-secret";
import { Alert, Badge, Button, Card, describedBy, EmptyState, Field, inputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const KEYS = ["apiKeys"] as const;

export function ApiKeysManager({ initialKeys }: { initialKeys: ApiKeyDto[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: async () => (await trpc.apiKeys.list.query()).data, initialData: initialKeys });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);

  const create = useMutation({
    mutationFn: (name: string) => trpc.apiKeys.create.mutate({ name }),
    onSuccess: ({ data }) => {
      setCreated({ name: data.key.name, secret: data.secret });
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: number) => trpc.apiKeys.revoke.mutate({ id }),
    onSuccess: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    create.mutate(name, { onSuccess: () => form.reset() });
  }

  const createError = create.error ? errorInfo(create.error) : null;
  const active = keys.data.filter((k) => !k.revoked_at);
  const revoked = keys.data.filter((k) => k.revoked_at);

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Create a key</h2>
        <form onSubmit={onCreate} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
          <div className="flex-1">
            <Field id="key-name" label="Name" hint="What uses this key, e.g. “ATS sync”." error={createError?.fields.name}>
              <input {...describedBy("key-name", createError?.fields.name, true)} name="name" required maxLength={100} className={inputClass} />
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending} className="sm:mt-7">
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </form>
        {createError && !Object.keys(createError.fields).length && (
          <div className="mt-3">
            <Alert>{createError.message}</Alert>
          </div>
        )}
        {created && (
          <SecretShownOnce
            testId="new-key"
            title={<>Copy the key “{created.name}” now: it will not be shown again.</>}
            id="new-key-secret"
            label="New API key"
            secret={created.secret}
            onDismiss={() => setCreated(null)}
          >
            Only a hash is stored. If you lose it, revoke it and create a new one. Treat it like a password: it grants full access to your
            company&apos;s candidates through the API.
          </SecretShownOnce>
        )}
      </Card>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-3 text-base font-semibold text-slate-900">
          Keys
        </h2>
        {keys.data.length === 0 ? (
          <EmptyState title="No API keys yet">Create one above to connect your tools to Hireflow.</EmptyState>
        ) : (
          <Card className="overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Name</th>
                  <th scope="col" className="px-4 py-3">Key</th>
                  <th scope="col" className="px-4 py-3">Created by</th>
                  <th scope="col" className="px-4 py-3">Created</th>
                  <th scope="col" className="px-4 py-3">Last used</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...active, ...revoked].map((key) => (
                  <tr key={key.id} className={key.revoked_at ? "text-slate-400" : undefined} data-testid={`api-key-${key.id}`}>
                    <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">{key.name}</td>
                    <td className="px-4 py-3 font-mono whitespace-nowrap">{key.prefix}…</td>
                    <td className="px-4 py-3 whitespace-nowrap">{key.created_by ? (key.created_by.name ?? key.created_by.email) : "—"}</td>
                    <td className="px-4 py-3 whitespace-nowrap"><Time iso={key.created_at} /></td>
                    <td className="px-4 py-3 whitespace-nowrap">{key.last_used_at ? <Time iso={key.last_used_at} /> : "Never"}</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap">
                      {key.revoked_at ? (
                        <Badge tone="red">Revoked <Time iso={key.revoked_at} withTime={false} /></Badge>
                      ) : (
                        <Button variant="danger-secondary" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </section>

      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      >
        <p>
          Requests with <span className="font-mono">{revoking?.prefix}…</span> are refused from now on with 401. This cannot be undone.
        </p>
        {revoke.error && <p className="mt-2 text-red-700">{errorInfo(revoke.error).message}</p>}
      </ConfirmDialog>
    </div>
  );
}
