/**
 * Request and response examples of the API reference, one place for all of them: the OpenAPI
 * document (openapi.ts) puts them on each operation's media types and builds the code samples from
 * them. Each example must parse with its operation's own zod contract (apps/web/test/api/openapi-reference.test.ts
 * checks every one), so they cannot drift from what the API accepts and answers.
 *
 * This is the entry; the examples live in examples/: entities.ts (the shared job, candidate, endpoint,
 * interview… they are built from), webhooks.ts (the webhook bodies), operations.ts (by operationId), and
 * offers.ts and scheduling.ts (those features' entities and operations, spread into operations.ts).
 */

export type { OperationExample, QueryValue } from "./examples/operations.ts";
export { OPERATION_EXAMPLES } from "./examples/operations.ts";
export { WEBHOOK_EXAMPLES } from "./examples/webhooks.ts";
