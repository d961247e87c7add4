"use client";

import type { WebhookEndpointDto } from "@hireflow/core/webhook/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { SecretShownOnce } from "@/components/copy-secret";
import { Alert, Badge, Button, Card, describedBy, EmptyState, Field, inputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

export const ENDPOINTS_KEY = ["webhookEndpoints"] as const;

export function WebhookEndpoints({ initial, eventTypes }: { initial: WebhookEndpointDto[]; eventTypes: string[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: ENDPOINTS_KEY, queryFn: async () => (await trpc.webhookEndpoints.list.query({ limit: "100" })).data, initialData: initial });
  const [created, setCreated] = useState<{ id: number; url: string; secret: string } | null>(null);

  const create = useMutation({
    mutationFn: (input: { url: string; events: string[]; description: string | null; include_scorecard_notes: boolean }) => trpc.webhookEndpoints.create.mutate(input as never),
    onSuccess: ({ data }) => {
      setCreated({ id: data.id, url: data.url, secret: data.secret });
      void queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });
    },
  });
  const error = create.error ? errorInfo(create.error) : null;
  const eventsError = error ? (error.fields.events ?? Object.entries(error.fields).find(([k]) => k.startsWith("events["))?.[1]) : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    create.mutate(
      {
        url: String(form.get("url") ?? "").trim(),
        events: form.getAll("events").map(String),
        description: String(form.get("description") ?? "").trim() || null,
        include_scorecard_notes: form.get("include_scorecard_notes") === "on",
      },
      { onSuccess: () => formElement.reset() },
    );
  }

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Add an endpoint</h2>
        <form onSubmit={onSubmit} className="mt-3 space-y-4" noValidate>
          {error && !Object.keys(error.fields).length && <Alert>{error.message}</Alert>}
          <Field id="webhook-url" label="URL" required hint="An https URL that answers 2xx within 10 seconds." error={error?.fields.url}>
            <input {...describedBy("webhook-url", error?.fields.url, true)} name="url" type="url" inputMode="url" placeholder="https://example.com/webhooks/hireflow" required className={inputClass} />
          </Field>
          <Field id="webhook-description" label="Description" error={error?.fields.description}>
            <input {...describedBy("webhook-description", error?.fields.description)} name="description" maxLength={500} className={inputClass} />
          </Field>
          <fieldset aria-describedby="events-hint">
            <legend className="text-sm font-medium text-slate-800">Events</legend>
            <p id="events-hint" className="text-xs text-slate-500">
              None ticked means every event type (including types added later).
            </p>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              {eventTypes.map((type) => (
                <label key={type} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="events" value={type} className="size-4 rounded border-slate-300" />
                  <code>{type}</code>
                </label>
              ))}
            </div>
            {eventsError && (
              <p className="mt-1 text-sm text-red-700" role="alert">
                {eventsError}
              </p>
            )}
          </fieldset>
          <div>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" name="include_scorecard_notes" aria-describedby="scorecard-notes-hint" className="size-4 rounded border-slate-300" />
              Include scorecard notes
            </label>
            <p id="scorecard-notes-hint" className="mt-1 text-xs text-slate-500">
              <code>scorecard.submitted</code> carries ratings and the recommendation; tick this to send interviewers&apos; free-text notes to this endpoint too.
            </p>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add endpoint"}
          </Button>
        </form>
        {created && (
          <SecretShownOnce
            testId="new-webhook-secret"
            title="Copy the signing secret now: it will not be shown again."
            id="new-webhook-secret"
            label="Signing secret"
            secret={created.secret}
            onDismiss={() => setCreated(null)}
            actions={
              <Link href={`/settings/webhooks/${created.id}`} className="self-center text-sm text-indigo-700 underline">
                Open the endpoint
              </Link>
            }
          >
            Use it to verify the <code>webhook-signature</code> header of deliveries to <span className="break-all">{created.url}</span>. You can rotate it
            later, which shows a new one.
          </SecretShownOnce>
        )}
      </Card>

      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading" className="mb-3 text-base font-semibold text-slate-900">
          Endpoints
        </h2>
        {endpoints.data.length === 0 ? (
          <EmptyState title="No endpoints yet">Add one above to receive candidate.applied and candidate.stage_changed events.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {endpoints.data.map((endpoint) => (
              <li key={endpoint.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <Link href={`/settings/webhooks/${endpoint.id}`} className="font-mono text-sm font-medium break-all text-slate-900 hover:text-indigo-700 hover:underline">
                      {endpoint.url}
                    </Link>
                    {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
                    <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                      <Badge tone={endpoint.enabled ? "green" : "red"}>{endpoint.enabled ? "Enabled" : "Disabled"}</Badge>
                      {endpoint.events.length ? endpoint.events.map((e) => <Badge key={e}>{e}</Badge>) : <Badge>All events</Badge>}
                      {endpoint.include_scorecard_notes && <Badge tone="amber">Scorecard notes</Badge>}
                      <span>
                        Added <Time iso={endpoint.created_at} withTime={false} />
                      </span>
                    </div>
                    {!endpoint.enabled && endpoint.disabled_reason && <p className="mt-1 text-xs text-red-700">{endpoint.disabled_reason}</p>}
                  </div>
                  <Link href={`/settings/webhooks/${endpoint.id}`} className="text-sm font-medium text-indigo-700 hover:underline">
                    Deliveries →
                  </Link>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
