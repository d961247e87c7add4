/**
 * Periodic recovery work of the domain (due webhook deliveries, stuck resumes), started with the
 * runner by startBackgroundWork. Its own module so that job modules imported by registry.ts can
 * add a factory without importing background.ts (which imports the registry: a cycle).
 */
export type Sweeper = { stop(): Promise<void> | void };
export type SweeperFactory = () => Sweeper;

export const sweepers: SweeperFactory[] = [];
