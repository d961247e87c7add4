/** The screening module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./guard-rails.ts";
export * from "./questions.ts";
export * from "./screening-notice.ts";
export * from "./screening.ts";
