/** The offer module's contracts: browser-safe zod schemas, types and pure formatters (no service code; eslint/core-boundaries.js). */
export * from "./letter-template.ts";
export * from "./offer.ts";
export * from "./public-offer.ts";
export * from "./settings.ts";
