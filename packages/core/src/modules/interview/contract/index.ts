/** The interview module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./interview.ts";
export * from "./my-interviews.ts";
export * from "./scorecard.ts";
