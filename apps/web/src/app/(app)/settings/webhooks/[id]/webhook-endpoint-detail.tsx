"use client";

import type { WebhookDeliveryDto, WebhookEndpointDto } from "@hireflow/core/webhook/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { SecretShownOnce } from "@/components/copy-secret";
import { Alert, Badge, Button, Card, describedBy, EmptyState, Field, inputClass, compactInputClass, Time } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

type DeliveryPage = { data: WebhookDeliveryDto[]; pagination: { next_cursor: string | null; has_more: boolean } };
type StatusFilter = "" | "pending" | "succeeded" | "failed";

const STATUS_TONE = { pending: "amber", succeeded: "green", failed: "red" } as const;

export function WebhookEndpointDetail({
  initialEndpoint,
  initialDeliveries,
  eventTypes,
}: {
  initialEndpoint: WebhookEndpointDto;
  initialDeliveries: DeliveryPage;
  eventTypes: string[];
}) {
  const trpc = useTrpc();
  const router = useRouter();
  const queryClient = useQueryClient();
  const id = String(initialEndpoint.id);
  const endpointKey = ["webhookEndpoint", id];
  const endpoint = useQuery({ queryKey: endpointKey, queryFn: async () => (await trpc.webhookEndpoints.get.query({ id })).data, initialData: initialEndpoint });
  const [status, setStatus] = useState<StatusFilter>("");
  const deliveriesKey = ["webhookDeliveries", id, status];
  const deliveries = useInfiniteQuery({
    queryKey: deliveriesKey,
    queryFn: ({ pageParam }) =>
      trpc.webhookEndpoints.listDeliveries.query({ id, limit: "25", ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) }) as Promise<DeliveryPage>,
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.pagination.has_more ? last.pagination.next_cursor : undefined),
    initialData: status === "" ? { pages: [initialDeliveries], pageParams: [null] } : undefined,
    // New deliveries and retries show up without a reload.
    refetchInterval: 4_000,
  });

  const [secret, setSecret] = useState<{ value: string; previousExpiresAt: string | null } | null>(null);
  const [confirm, setConfirm] = useState<"rotate" | "delete" | null>(null);
  // "grace": the replaced secret keeps signing for the API's default 24 h; "now": it stops at once (it leaked).
  const [rotation, setRotation] = useState<"grace" | "now">("grace");
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: endpointKey });
    void queryClient.invalidateQueries({ queryKey: ["webhookDeliveries", id] });
    void queryClient.invalidateQueries({ queryKey: ["webhookEndpoints"] });
  };
  const update = useMutation({
    mutationFn: (input: { enabled?: boolean; url?: string; events?: string[]; description?: string | null; include_scorecard_notes?: boolean }) => trpc.webhookEndpoints.update.mutate({ id, ...input } as never),
    onSuccess: () => {
      setEditing(false);
      refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: () => trpc.webhookEndpoints.rotateSecret.mutate(rotation === "now" ? { id, expire_previous_in_seconds: 0 } : { id }),
    onSuccess: ({ data }) => {
      setConfirm(null);
      setRotation("grace");
      setSecret({ value: data.secret, previousExpiresAt: data.previous_secret_expires_at });
      refresh();
    },
  });
  const test = useMutation({
    mutationFn: () => trpc.webhookEndpoints.test.mutate({ id }),
    onSuccess: () => {
      setNotice("Test event sent: its delivery appears below.");
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => trpc.webhookEndpoints.delete.mutate({ id }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["webhookEndpoints"] });
      router.push("/settings/webhooks");
      router.refresh();
    },
  });
  const redeliver = useMutation({
    mutationFn: (deliveryId: number) => trpc.webhookEndpoints.redeliver.mutate({ id: String(deliveryId) }),
    onSuccess: () => {
      setNotice("Redelivery queued.");
      refresh();
    },
  });

  const e = endpoint.data;
  const actionError = [update, rotate, test, remove, redeliver].map((m) => m.error).find(Boolean);
  const updateError = update.error ? errorInfo(update.error) : null;
  const rows = deliveries.data?.pages.flatMap((p) => p.data) ?? [];

  function onEdit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    update.mutate({
      url: String(form.get("url") ?? "").trim(),
      events: form.getAll("events").map(String),
      description: String(form.get("description") ?? "").trim() || null,
      include_scorecard_notes: form.get("include_scorecard_notes") === "on",
    });
  }

  return (
    <div className="space-y-6">
      <Card className="p-5">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 space-y-1.5">
            <div className="flex flex-wrap items-center gap-1.5">
              <Badge tone={e.enabled ? "green" : "red"}>{e.enabled ? "Enabled" : "Disabled"}</Badge>
              {e.events.length ? e.events.map((type) => <Badge key={type}>{type}</Badge>) : <Badge>All events</Badge>}
              {e.include_scorecard_notes && <Badge tone="amber">Scorecard notes</Badge>}
            </div>
            {e.description && <p className="text-sm text-slate-700">{e.description}</p>}
            {e.previous_secret_expires_at && (
              <p className="text-sm text-slate-600" data-testid="previous-secret-expiry">
                The previous signing secret also signs deliveries until <Time iso={e.previous_secret_expires_at} />.
              </p>
            )}
            {!e.enabled && e.disabled_reason && (
              <p className="text-sm text-red-700">
                Disabled{e.disabled_at ? <> on <Time iso={e.disabled_at} /></> : null}: {e.disabled_reason}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => test.mutate()} disabled={test.isPending || !e.enabled}>
              {test.isPending ? "Sending…" : "Send test event"}
            </Button>
            <Button variant="secondary" onClick={() => update.mutate({ enabled: !e.enabled })} disabled={update.isPending}>
              {e.enabled ? "Disable" : "Enable"}
            </Button>
            <Button variant="secondary" onClick={() => setConfirm("rotate")}>
              Rotate secret
            </Button>
            <Button variant="secondary" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
              Edit
            </Button>
            <Button variant="danger-ghost" onClick={() => setConfirm("delete")}>
              Delete
            </Button>
          </div>
        </div>
        {notice && (
          <div className="mt-4">
            <Alert tone="green">{notice}</Alert>
          </div>
        )}
        {actionError && !editing && (
          <div className="mt-4">
            <Alert>{errorInfo(actionError).message}</Alert>
          </div>
        )}
        {secret && (
          <SecretShownOnce
            testId="rotated-secret"
            title="New signing secret: copy it now, it will not be shown again."
            id="rotated-secret"
            label="New signing secret"
            secret={secret.value}
            onDismiss={() => setSecret(null)}
          >
            Deliveries are signed with the new secret from now on; update your receiver.
            {secret.previousExpiresAt ? (
              <>
                {" "}
                Until <Time iso={secret.previousExpiresAt} /> they carry a signature made with the previous secret as well, so a receiver that
                still checks the old one keeps accepting them.
              </>
            ) : null}
          </SecretShownOnce>
        )}
        {editing && (
          <form onSubmit={onEdit} className="mt-5 space-y-4 border-t border-slate-100 pt-5" noValidate>
            <Field id="edit-url" label="URL" error={updateError?.fields.url}>
              <input {...describedBy("edit-url", updateError?.fields.url)} name="url" type="url" defaultValue={e.url} className={inputClass} />
            </Field>
            <Field id="edit-description" label="Description" error={updateError?.fields.description}>
              <input {...describedBy("edit-description", updateError?.fields.description)} name="description" defaultValue={e.description ?? ""} maxLength={500} className={inputClass} />
            </Field>
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Events (none ticked = all)</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {eventTypes.map((type) => (
                  <label key={type} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="events" value={type} defaultChecked={e.events.includes(type)} className="size-4 rounded border-slate-300" />
                    <code>{type}</code>
                  </label>
                ))}
              </div>
            </fieldset>
            <div>
              <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  name="include_scorecard_notes"
                  defaultChecked={e.include_scorecard_notes}
                  aria-describedby="edit-scorecard-notes-hint"
                  className="size-4 rounded border-slate-300"
                />
                Include scorecard notes
              </label>
              <p id="edit-scorecard-notes-hint" className="mt-1 text-xs text-slate-500">
                <code>scorecard.submitted</code> deliveries to this endpoint carry interviewers&apos; free-text notes.
              </p>
            </div>
            {updateError && !Object.keys(updateError.fields).length && <Alert>{updateError.message}</Alert>}
            <div className="flex gap-2">
              <Button type="submit" disabled={update.isPending}>
                Save
              </Button>
              <Button variant="secondary" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </Card>

      <section aria-labelledby="deliveries-heading">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="deliveries-heading" className="text-base font-semibold text-slate-900">
            Delivery log
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Status
            <select value={status} onChange={(ev) => setStatus(ev.target.value as StatusFilter)} className={compactInputClass}>
              <option value="">All</option>
              <option value="pending">Pending</option>
              <option value="succeeded">Succeeded</option>
              <option value="failed">Failed</option>
            </select>
          </label>
        </div>
        {rows.length === 0 ? (
          <EmptyState title={status ? `No ${status} deliveries` : "No deliveries yet"}>
            Send a test event, or move a candidate, and the delivery shows up here.
          </EmptyState>
        ) : (
          // `relative`: the visually hidden "Actions" label is absolutely positioned and would escape the scroll box.
          <Card className="relative overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="deliveries">
              <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Event</th>
                  <th scope="col" className="px-4 py-3">Status</th>
                  <th scope="col" className="px-4 py-3">Attempts</th>
                  <th scope="col" className="px-4 py-3">Code</th>
                  <th scope="col" className="px-4 py-3">Latency</th>
                  <th scope="col" className="px-4 py-3">Last attempt</th>
                  <th scope="col" className="px-4 py-3">Response</th>
                  <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {rows.map((d) => (
                  <tr key={d.id} data-testid={`delivery-${d.id}`} data-event={d.event_type} data-status={d.status}>
                    <td className="px-4 py-3">
                      <code className="whitespace-nowrap">{d.event_type}</code>
                      <p className="font-mono text-xs text-slate-500" title="webhook-id">{d.event_id.slice(0, 8)}…</p>
                    </td>
                    <td className="px-4 py-3">
                      <Badge tone={STATUS_TONE[d.status]}>{d.status}</Badge>
                      {d.status === "pending" && d.next_attempt_at && (
                        <p className="mt-1 text-xs whitespace-nowrap text-slate-500">
                          next <Time iso={d.next_attempt_at} />
                        </p>
                      )}
                    </td>
                    <td className="px-4 py-3">{d.attempt_count}</td>
                    <td className="px-4 py-3">{d.last_status_code ?? (d.last_error ? <span className="text-red-700">{d.last_error}</span> : "—")}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{d.last_response_ms != null ? `${d.last_response_ms} ms` : "—"}</td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <Time iso={d.last_attempt_at} />
                    </td>
                    <td className="max-w-xs px-4 py-3">
                      {d.response_excerpt ? (
                        <details>
                          <summary className="cursor-pointer truncate text-slate-600">{d.response_excerpt.slice(0, 40)}</summary>
                          <pre className="mt-1 max-h-48 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap">{d.response_excerpt}</pre>
                        </details>
                      ) : (
                        <span className="text-slate-500">—</span>
                      )}
                    </td>
                    <td className="px-4 py-3 text-right">
                      <Button variant="secondary" onClick={() => redeliver.mutate(d.id)} disabled={redeliver.isPending} aria-label={`Redeliver ${d.event_type} delivery ${d.id}`}>
                        Redeliver
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
        {deliveries.hasNextPage && (
          <div className="mt-3">
            <Button variant="secondary" onClick={() => deliveries.fetchNextPage()} disabled={deliveries.isFetchingNextPage}>
              {deliveries.isFetchingNextPage ? "Loading…" : "Load older deliveries"}
            </Button>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={confirm === "rotate"}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => rotate.mutate()}
      >
        <p>Deliveries are signed with a new secret, which is shown once. A secret replaced earlier stops at once.</p>
        <fieldset className="mt-3 space-y-2">
          <legend className="sr-only">The current secret</legend>
          <label className="flex items-start gap-2">
            <input type="radio" name="rotation" value="grace" checked={rotation === "grace"} onChange={() => setRotation("grace")} className="mt-0.5 size-4" />
            <span>
              Keep the current secret working for 24 hours (recommended): deliveries carry both signatures while you switch your receiver.
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input type="radio" name="rotation" value="now" checked={rotation === "now"} onChange={() => setRotation("now")} className="mt-0.5 size-4" />
            <span>Stop the current secret now: it has leaked. Your receiver rejects deliveries until it has the new one.</span>
          </label>
        </fieldset>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "delete"}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        pending={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => remove.mutate()}
      >
        No more events are sent to <span className="font-mono break-all">{e.url}</span>, and its delivery log is removed.
      </ConfirmDialog>
    </div>
  );
}
