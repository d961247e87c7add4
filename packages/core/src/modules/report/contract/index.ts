/** The report module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./impact-ratio.ts";
export * from "./interview-report.ts";
export * from "./offer-report.ts";
export * from "./report.ts";
