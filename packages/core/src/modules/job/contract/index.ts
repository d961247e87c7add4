/** The job module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./job.ts";
