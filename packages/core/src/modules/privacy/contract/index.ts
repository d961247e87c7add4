/** The privacy module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./candidate-export.ts";
export * from "./privacy.ts";
