/** The webhook module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./event.ts";
export * from "./webhook-endpoint.ts";
export * from "./webhook-events.ts";
