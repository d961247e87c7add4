import { getPrisma, type Prisma } from "../client.ts";

/**
 * The outbox's state as tests set it up and read it. An event is pending while it has a row in
 * pending_events (queued by the events_queue_pending trigger as it is written) and published once
 * the publisher deleted that row; the event row itself never changes.
 */

/** Whether the event still waits for the publisher. */
export async function isPending(eventId: string): Promise<boolean> {
  return (await getPrisma().pendingEvent.count({ where: { eventId } })) > 0;
}

/** Takes events off the queue as if the publisher had published them (events written as history). */
export async function markPublished(eventIds: string[]): Promise<void> {
  await getPrisma().pendingEvent.deleteMany({ where: { eventId: { in: eventIds } } });
}

/** Queues a published event again, as a crash between the publisher's commit and what follows it would. */
export async function markPending(eventId: string): Promise<void> {
  const event = await getPrisma().event.findUniqueOrThrow({ where: { id: eventId }, select: { type: true, occurredAt: true } });
  await getPrisma().pendingEvent.upsert({ where: { eventId }, create: { eventId, type: event.type, occurredAt: event.occurredAt }, update: {} });
}

/**
 * An event written as already published (history a test sets up): created and taken off the queue in
 * one transaction, so no publisher running beside the test ever sees it pending.
 */
export async function createPublishedEvent(data: Prisma.EventUncheckedCreateInput) {
  return getPrisma().$transaction(async (tx) => {
    const event = await tx.event.create({ data });
    await tx.pendingEvent.delete({ where: { eventId: event.id } });
    return event;
  });
}
