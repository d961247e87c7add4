"use client";

import { useMutation, type UseMutationResult } from "@tanstack/react-query";
import { type Key, type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Card } from "@/components/ui";
import { errorInfo } from "@/lib/errors";

/**
 * Settings lists whose rows can be taken back (API keys, members and invitations, connected apps):
 * a table in a card with an action per row, and a confirmation before the revoke, remove or
 * disconnect runs.
 */

/** The row being revoked (`null`: none asked) and the mutation that does it once confirmed. */
export type Revocation<T> = {
  target: T | null;
  ask: (target: T | null) => void;
  mutation: UseMutationResult<unknown, Error, T>;
};

/** Asks before `revoke`; on success the question closes, then `onRevoked` runs. */
export function useRevocation<T>(revoke: (target: T) => Promise<unknown>, onRevoked: (target: T) => void): Revocation<T> {
  const [target, ask] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: revoke,
    onSuccess: (_data, revoked) => {
      ask(null);
      onRevoked(revoked);
    },
  });
  return { target, ask, mutation };
}

/** The confirmation of a revocation, with the server's refusal below `children`. */
export function RevokeDialog<T>({ revocation, title, confirmLabel, children }: { revocation: Revocation<T>; title: string; confirmLabel: string; children: ReactNode }) {
  const { target, ask, mutation } = revocation;
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      confirmLabel={confirmLabel}
      pending={mutation.isPending}
      onCancel={() => {
        ask(null);
        mutation.reset();
      }}
      onConfirm={() => target && mutation.mutate(target)}
    >
      {children}
      {mutation.error && <p className="mt-2 text-red-700">{errorInfo(mutation.error).message}</p>}
    </ConfirmDialog>
  );
}

/** A row of the table: its cells (<td>s) and what goes in its actions cell, last. */
export type RevocableRow = { key: Key; testId: string; className?: string; cells: ReactNode; action: ReactNode };

/**
 * On a phone the table is wider than the screen and scrolls sideways inside its card. The card is
 * `relative` so that the visually hidden "Actions" label (absolutely positioned) stays inside the
 * scroll box: without a positioned ancestor it escaped it and made the whole page 850 px wide. The
 * actions column sticks to the card's right edge (with a shadow where rows pass under it), so Revoke
 * or Disconnect is on screen without scrolling the table.
 */
const STICKY_ACTIONS = "sticky right-0 shadow-[-6px_0_6px_-6px_rgb(15_23_42/0.2)]";

/**
 * The table: a header cell per column plus the actions column (named for screen readers only),
 * `row` giving each item's row; `empty` stands instead when there are no items.
 */
export function RevocableTableCard<T>({
  columns,
  headTone = "text-slate-500",
  items,
  row,
  empty,
}: {
  columns: string[];
  headTone?: "text-slate-500" | "text-slate-600";
  items: readonly T[];
  row: (item: T) => RevocableRow;
  empty?: ReactNode;
}) {
  if (empty !== undefined && items.length === 0) return empty;
  return (
    <Card className="relative overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className={`bg-slate-50 text-left text-xs font-medium tracking-wide ${headTone} uppercase`}>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
            <th scope="col" className={`${STICKY_ACTIONS} bg-slate-50 px-4 py-3`}><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((item) => {
            const { key, testId, className, cells, action } = row(item);
            return (
              <tr key={key} className={className} data-testid={testId}>
                {cells}
                <td className={`${STICKY_ACTIONS} bg-white px-4 py-3 text-right whitespace-nowrap`}>{action}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
