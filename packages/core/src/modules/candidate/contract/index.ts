/** The candidate module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./application-source.ts";
export * from "./candidate-search.ts";
export * from "./candidate.ts";
export * from "./note.ts";
export * from "./quick-search-order.ts";
export * from "./resume.ts";
export * from "./screening-explanation.ts";
export * from "./search-query.ts";
export * from "./self-identification.ts";
