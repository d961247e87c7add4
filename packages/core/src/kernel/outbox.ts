import { appBaseUrl } from "@hireflow/config";
import { type Prisma } from "@hireflow/db";
import { type ScopedTx, tenantRow } from "./tenancy.ts";
import { type EventType } from "./contract/event-types.ts";

/**
 * The one way to emit an event: a row in the outbox, written in the same transaction as the
 * change it describes. After commit the publisher hands it to the job driver; a sweeper
 * re-publishes rows a crash left unpublished. Nothing here talks to the network.
 */
export async function recordEvent(tx: ScopedTx, type: EventType, payload: Record<string, unknown>): Promise<{ id: string }> {
  return tx.event.create({ data: tenantRow<Prisma.EventUncheckedCreateInput>({ type, payload: payload as Prisma.InputJsonValue }), select: { id: true } });
}

type Listener = () => void;
// On globalThis: Next bundles this module into the instrumentation hook (where the publisher
// subscribes) and into each route (where commits notify); both must reach one set.
const globalForEvents = globalThis as unknown as { __hireflowEventListeners?: Set<Listener> };

const listeners = (globalForEvents.__hireflowEventListeners ??= new Set<Listener>());

/** The outbox publisher subscribes here to publish right after a commit instead of polling. */
export function onEventsCommitted(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyEventsCommitted(): void {
  for (const listener of listeners) listener();
}

export function candidateUrl(candidateId: number): string {
  return `${appBaseUrl()}/candidates/${candidateId}`;
}
