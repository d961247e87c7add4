export { answerMcpPost } from "./server.ts";
export { MCP_TOOLS } from "./tools/index.ts";
export { MCP_RESOURCE_TEMPLATES } from "./resources.ts";
export { grantedScopes, missingScopes } from "./access.ts";
export { MCP_SCOPES, scopeChallenge, type ScopeChallenge } from "./scopes.ts";
