/** The identity module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./api-key.ts";
export * from "./connected-app.ts";
export * from "./team.ts";
export * from "./user.ts";
