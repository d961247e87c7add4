export { Hireflow, Candidates, Events, Interviews, Jobs, Offers, RejectReasons, Reports, SchedulingLinks, Scorecards, Users, WebhookEndpoints } from "./client.ts";
export { HireflowError, type HireflowErrorDetail } from "./errors.ts";
export type { ClientOptions, RequestOptions } from "./http.ts";
export { PageIterator, type Page } from "./pagination.ts";
export { verifyWebhook, WebhookVerificationError, type WebhookHeaders } from "./webhooks.ts";
export type * from "./types.ts";
export type { components, operations, paths, webhooks } from "./generated/openapi.ts";
