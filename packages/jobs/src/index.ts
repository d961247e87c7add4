export { allJobs } from "./registry.ts";
export { startBackgroundWork, stopBackgroundWork, sweepers } from "./background.ts";
export { publishPendingEvents, startOutboxPublisher, type OutboxEventData } from "./outbox/publisher.ts";
