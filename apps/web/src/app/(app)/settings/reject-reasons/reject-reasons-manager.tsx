"use client";

import type { RejectReasonDto } from "@hireflow/core/pipeline/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Alert, Badge, Button, Card, describedBy, EmptyState, Field, inputClass } from "@/components/ui";
import { errorInfo } from "@/lib/errors";
import { useTrpc } from "@/lib/trpc";

const REASONS = ["rejectReasons", "list"] as const;

/** Settings → Reject reasons: add, rename, archive and restore (reasons are never deleted). */
export function RejectReasonsManager({ initialReasons }: { initialReasons: RejectReasonDto[] }) {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const reasons = useQuery({ queryKey: REASONS, queryFn: async () => (await trpc.rejectReasons.list.query({})).data, initialData: initialReasons });
  const [name, setName] = useState("");
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [status, setStatus] = useState("");
  // Focus to restore once the list has re-rendered (an archived reason moves to the other list).
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (!focusNext.current) return;
    const element = document.getElementById(focusNext.current);
    if (element) {
      element.focus();
      focusNext.current = null;
    }
  });

  function store(reason: RejectReasonDto, created = false) {
    queryClient.setQueryData<RejectReasonDto[]>(REASONS, (list = []) => (created ? [...list, reason] : list.map((r) => (r.id === reason.id ? reason : r))));
    void queryClient.invalidateQueries({ queryKey: REASONS });
  }

  const create = useMutation({
    mutationFn: (input: { name: string }) => trpc.rejectReasons.create.mutate(input),
    onSuccess: (reason) => {
      store(reason, true);
      setName("");
      setStatus(`Added “${reason.name}”.`);
    },
  });
  const update = useMutation({
    mutationFn: (input: { id: number; name?: string; archived?: boolean }) => trpc.rejectReasons.update.mutate(input),
    onSuccess: (reason, input) => {
      store(reason);
      if (input.name !== undefined) {
        setRenaming(null);
        focusNext.current = `reason-${reason.id}-rename`;
        setStatus(`Renamed to “${reason.name}”.`);
      } else {
        focusNext.current = reason.archived ? `reason-${reason.id}-restore` : `reason-${reason.id}-archive`;
        setStatus(reason.archived ? `Archived “${reason.name}”.` : `Restored “${reason.name}”.`);
      }
    },
  });

  const createError = create.error ? errorInfo(create.error) : null;
  const updateError = update.error ? errorInfo(update.error) : null;
  const active = reasons.data.filter((r) => !r.archived);
  const archived = reasons.data.filter((r) => r.archived);

  function onCreate(event: FormEvent) {
    event.preventDefault();
    setStatus("");
    create.mutate({ name });
  }
  function onRename(event: FormEvent) {
    event.preventDefault();
    if (!renaming) return;
    setStatus("");
    update.mutate({ id: renaming.id, name: renaming.name });
  }
  function startRename(reason: RejectReasonDto) {
    update.reset();
    setRenaming({ id: reason.id, name: reason.name });
    focusNext.current = `reason-${reason.id}-name`;
  }

  function reasonRow(reason: RejectReasonDto) {
    if (renaming?.id === reason.id) {
      const error = updateError?.fields.name ?? (updateError && !Object.keys(updateError.fields).length ? updateError.message : undefined);
      const id = `reason-${reason.id}-name`;
      return (
        <li key={reason.id} className="px-4 py-3">
          <form onSubmit={onRename} className="flex flex-wrap items-end gap-2" noValidate>
            <div className="min-w-0 flex-1">
              <Field id={id} label={`New name for ${reason.name}`} error={error}>
                <input
                  {...describedBy(id, error)}
                  value={renaming.name}
                  onChange={(e) => setRenaming({ id: reason.id, name: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === "Escape") {
                      setRenaming(null);
                      focusNext.current = `reason-${reason.id}-rename`;
                    }
                  }}
                  maxLength={100}
                  autoComplete="off"
                  className={inputClass}
                />
              </Field>
            </div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? "Saving…" : "Save"}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setRenaming(null);
                focusNext.current = `reason-${reason.id}-rename`;
              }}
            >
              Cancel
            </Button>
          </form>
        </li>
      );
    }
    return (
      <li key={reason.id} data-testid="reject-reason" className="flex flex-wrap items-center gap-2 px-4 py-3">
        <span className="min-w-0 flex-1 text-sm text-slate-900">
          {reason.name} {reason.archived && <Badge>Archived</Badge>}
        </span>
        {reason.archived ? (
          <Button id={`reason-${reason.id}-restore`} variant="secondary" disabled={update.isPending} onClick={() => update.mutate({ id: reason.id, archived: false })} aria-label={`Restore ${reason.name}`}>
            Restore
          </Button>
        ) : (
          <>
            <Button id={`reason-${reason.id}-rename`} variant="ghost" onClick={() => startRename(reason)} aria-label={`Rename ${reason.name}`}>
              Rename
            </Button>
            <Button id={`reason-${reason.id}-archive`} variant="danger-ghost" disabled={update.isPending} onClick={() => update.mutate({ id: reason.id, archived: true })} aria-label={`Archive ${reason.name}`}>
              Archive
            </Button>
          </>
        )}
      </li>
    );
  }

  const createFieldError = createError?.fields.name;
  return (
    <div className="max-w-3xl space-y-6">
      <Card className="p-5">
        <h2 className="text-base font-semibold text-slate-900">Add a reason</h2>
        <form onSubmit={onCreate} className="mt-3 flex flex-wrap items-end gap-2" noValidate>
          <div className="min-w-0 flex-1">
            <Field id="new-reason" label="Name" error={createFieldError}>
              <input {...describedBy("new-reason", createFieldError)} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" className={inputClass} />
            </Field>
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add reason"}
          </Button>
        </form>
        {createError && !createFieldError && (
          <div className="mt-3">
            <Alert>{createError.message}</Alert>
          </div>
        )}
      </Card>

      <p role="status" className="text-sm text-green-800 empty:hidden">
        {status}
      </p>
      {updateError && !renaming && <Alert>{updateError.message}</Alert>}

      <section aria-labelledby="active-reasons">
        <h2 id="active-reasons" className="mb-2 text-base font-semibold text-slate-900">
          In use ({active.length})
        </h2>
        {active.length ? (
          <Card>
            <ul className="divide-y divide-slate-200" aria-labelledby="active-reasons">
              {active.map(reasonRow)}
            </ul>
          </Card>
        ) : (
          <EmptyState title="No reasons in use">Add one above, or restore an archived one.</EmptyState>
        )}
      </section>

      {archived.length > 0 && (
        <section aria-labelledby="archived-reasons">
          <h2 id="archived-reasons" className="mb-2 text-base font-semibold text-slate-900">
            Archived ({archived.length})
          </h2>
          <p className="mb-2 text-sm text-slate-600">Not offered when rejecting; candidates rejected for them keep them.</p>
          <Card>
            <ul className="divide-y divide-slate-200" aria-labelledby="archived-reasons">
              {archived.map(reasonRow)}
            </ul>
          </Card>
        </section>
      )}
    </div>
  );
}
