/** The scheduling module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./availability.ts";
export * from "./public-scheduling.ts";
export * from "./scheduling-link.ts";
