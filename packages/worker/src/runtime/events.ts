import type { JobEventInput } from "./types.ts";

export interface NormalizedEvent {
  name: string;
  data: Record<string, unknown>;
  id?: string;
}

/**
 * Inngest only accepts an object as `data`; checking it for both drivers keeps a bad payload from
 * working locally and failing in production.
 */
export function normalizeEvent(event: JobEventInput): NormalizedEvent {
  if (typeof event.name !== "string" || event.name.length === 0) {
    throw new TypeError("Event name must be a non-empty string");
  }
  const data = event.data ?? {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new TypeError(`Event "${event.name}": data must be an object`);
  }
  if (event.id !== undefined && (typeof event.id !== "string" || event.id.length === 0)) {
    throw new TypeError(`Event "${event.name}": id must be a non-empty string`);
  }
  return {
    name: event.name,
    data: data as Record<string, unknown>,
    ...(event.id === undefined ? {} : { id: event.id }),
  };
}

export function asEventList(events: JobEventInput | readonly JobEventInput[]): NormalizedEvent[] {
  return (Array.isArray(events) ? events : [events as JobEventInput]).map(normalizeEvent);
}
