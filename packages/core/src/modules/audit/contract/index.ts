/** The audit module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./audit-log.ts";
