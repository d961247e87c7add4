/** The careers module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./application.ts";
export * from "./career-site.ts";
export * from "./careers.ts";
