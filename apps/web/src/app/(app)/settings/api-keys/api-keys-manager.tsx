"use client";

import type { ApiKeyDto } from "@hireflow/core";
import { API_SCOPE_DESCRIPTIONS, API_SCOPES, type ApiScope, hasFullAccess } from "@hireflow/core/kernel/scopes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { SecretShownOnce } from "@/components/copy-secret";
import { RevocableTableCard, RevokeDialog, useRevocation } from "@/components/revocable-table-card";
import { ScopeBadges } from "@/components/scope-badges";
import { Alert, Badge, Button, Card, describedBy, EmptyState, Field, inputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const KEYS = ["apiKeys"] as const;
const READ_ONLY = API_SCOPES.filter((scope) => scope.endsWith(":read"));

export function ApiKeysManager({ initialKeys }: { initialKeys: ApiKeyDto[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEYS, queryFn: async () => (await trpc.apiKeys.list.query()).data, initialData: initialKeys });
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  // Full access by default; the presets and the single boxes edit this one set.
  const [scopes, setScopes] = useState<ApiScope[]>([...API_SCOPES]);

  const create = useMutation({
    mutationFn: (input: { name: string; scopes: ApiScope[] }) => trpc.apiKeys.create.mutate(input),
    onSuccess: ({ data }) => {
      setCreated({ name: data.key.name, secret: data.secret });
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const revocation = useRevocation(
    (key: ApiKeyDto) => trpc.apiKeys.revoke.mutate({ id: key.id }),
    () => void queryClient.invalidateQueries({ queryKey: KEYS }),
  );
  const revoking = revocation.target;

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "");
    create.mutate(
      { name, scopes },
      {
        onSuccess: () => {
          form.reset();
          setScopes([...API_SCOPES]);
        },
      },
    );
  }

  const createError = create.error ? errorInfo(create.error) : null;
  const active = keys.data.filter((k) => !k.revoked_at);
  const revoked = keys.data.filter((k) => k.revoked_at);

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Create a key</h2>
        <form onSubmit={onCreate} className="mt-3 space-y-4" noValidate>
          <div className="max-w-md">
            <Field id="key-name" label="Name" hint="What uses this key, e.g. “ATS sync”." error={createError?.fields.name}>
              <input {...describedBy("key-name", createError?.fields.name, true)} name="name" required maxLength={100} className={inputClass} />
            </Field>
          </div>
          <ScopePicker value={scopes} onChange={setScopes} error={createError?.fields.scopes} />
          <Button type="submit" disabled={create.isPending}>
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
            Only a hash is stored. If you lose it, revoke it and create a new one. Treat it like a password: it grants everything its
            scopes allow on your company&apos;s data through the API.
          </SecretShownOnce>
        )}
      </Card>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading" className="mb-3 text-base font-semibold text-slate-900">
          Keys
        </h2>
        <RevocableTableCard
          columns={["Name", "Key", "Scopes", "Created by", "Created", "Last used"]}
          items={[...active, ...revoked]}
          empty={<EmptyState title="No API keys yet">Create one above to connect your tools to Hireflow.</EmptyState>}
          row={(key) => ({
            key: key.id,
            testId: `api-key-${key.id}`,
            className: key.revoked_at ? "text-slate-500" : undefined,
            cells: (
              <>
                <td className="px-4 py-3 font-medium whitespace-nowrap text-slate-900">{key.name}</td>
                <td className="px-4 py-3 font-mono whitespace-nowrap">{key.prefix}…</td>
                <td className="px-4 py-3">
                  <ScopeList scopes={key.scopes} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{key.created_by ? (key.created_by.name ?? key.created_by.email) : "—"}</td>
                <td className="px-4 py-3 whitespace-nowrap"><Time iso={key.created_at} /></td>
                <td className="px-4 py-3 whitespace-nowrap">{key.last_used_at ? <Time iso={key.last_used_at} /> : "Never"}</td>
              </>
            ),
            action: key.revoked_at ? (
              <Badge tone="red">Revoked <Time iso={key.revoked_at} withTime={false} /></Badge>
            ) : (
              <Button variant="danger-secondary" onClick={() => revocation.ask(key)} aria-label={`Revoke ${key.name}`}>
                Revoke
              </Button>
            ),
          })}
        />
      </section>

      <RevokeDialog revocation={revocation} title={`Revoke “${revoking?.name ?? ""}”?`} confirmLabel="Revoke key">
        <p>
          Requests with <span className="font-mono">{revoking?.prefix}…</span> are refused from now on with 401. This cannot be undone.
        </p>
      </RevokeDialog>
    </div>
  );
}

/**
 * The scopes of a new key: "Full access" (every scope, the default) and "Read only" presets, and one
 * box per scope. The full-access box is mixed when some scopes are ticked.
 */
function ScopePicker({ value, onChange, error }: { value: ApiScope[]; onChange: (scopes: ApiScope[]) => void; error?: string }) {
  const fullRef = useRef<HTMLInputElement>(null);
  const full = hasFullAccess(value);
  useEffect(() => {
    if (fullRef.current) fullRef.current.indeterminate = value.length > 0 && !full;
  }, [value, full]);
  const toggle = (scope: ApiScope, on: boolean) => onChange(API_SCOPES.filter((s) => (s === scope ? on : value.includes(s))));

  return (
    <fieldset aria-describedby={error ? "key-scopes-error" : "key-scopes-hint"}>
      <legend className="text-sm font-medium text-slate-800">Scopes</legend>
      <p id="key-scopes-hint" className="text-xs text-slate-600">
        What the key may do through the API. A request outside its scopes is refused with 403; scopes cannot be changed later.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            ref={fullRef}
            type="checkbox"
            checked={full}
            onChange={(e) => onChange(e.target.checked ? [...API_SCOPES] : [])}
            className="size-4 rounded border-slate-300"
          />
          Full access
        </label>
        <Button variant="secondary" onClick={() => onChange([...READ_ONLY])} aria-pressed={value.join() === READ_ONLY.join()}>
          Read only
        </Button>
      </div>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {API_SCOPES.map((scope) => (
          <li key={scope}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={value.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
                className="mt-0.5 size-4 rounded border-slate-300"
              />
              <span>
                <code className="font-medium text-slate-900">{scope}</code>
                <span className="block text-xs text-slate-600">{API_SCOPE_DESCRIPTIONS[scope]}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id="key-scopes-error" className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A key's scopes in the list: "Full access" when it holds every one, else each scope. */
function ScopeList({ scopes }: { scopes: readonly ApiScope[] }) {
  if (hasFullAccess(scopes)) {
    return (
      <span title={scopes.join(", ")}>
        <Badge tone="indigo">Full access</Badge>
      </span>
    );
  }
  return <ScopeBadges scopes={scopes} />;
}
