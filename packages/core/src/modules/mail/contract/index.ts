/** The mail module's contracts: browser-safe zod schemas and types (no service code; eslint/core-boundaries.js). */
export * from "./email.ts";
export * from "./templates.ts";
export * from "./rejection-email.ts";
