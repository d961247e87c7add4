import { API_SCOPES, type ApiScope, createApiKey, isApiScope, normalizeScopes, systemContext } from "@hireflow/core";
import { CliError } from "../cli/errors.ts";
import { optionalString, requiredId, type Values } from "../cli/flags.ts";
import { requireCompany } from "./company.ts";
import { type Command } from "./types.ts";

interface Input {
  companyId: number;
  name?: string;
  /** Omitted: every scope (full access). */
  scopes?: ApiScope[];
}

/** `--scopes candidates:read,jobs:read` (commas, spaces around them allowed) → known scopes, or an error naming the unknown one. */
function parseScopes(values: Values): ApiScope[] | undefined {
  const raw = optionalString(values, "scopes");
  if (raw === undefined) return undefined;
  const given = raw.split(",").map((scope) => scope.trim()).filter(Boolean);
  const unknown = given.filter((scope) => !isApiScope(scope));
  if (unknown.length) {
    const names = unknown.map((scope) => `"${scope}"`).join(", ");
    throw new CliError(`--scopes: unknown scope ${names}; use one or more of ${API_SCOPES.join(", ")}, separated by commas.`);
  }
  if (!given.length) throw new CliError(`--scopes needs at least one of ${API_SCOPES.join(", ")} (omit it for every scope).`);
  return normalizeScopes(given);
}

export const apikeyCreate: Command<Input> = {
  name: "apikey:create",
  usage: "apikey:create --company <id> [--name <name>] [--scopes <scope,scope,…>]",
  summary: `Create an API key for a company (the secret is shown once), with every scope unless --scopes lists some of: ${API_SCOPES.join(", ")}.`,
  options: { company: { type: "string" }, name: { type: "string" }, scopes: { type: "string" } },
  parse: (values) => ({ companyId: requiredId(values, "company"), name: optionalString(values, "name"), scopes: parseScopes(values) }),
  async run(prisma, input) {
    const company = await requireCompany(prisma, input.companyId);
    const { key, secret } = await createApiKey(systemContext(prisma, company.id), { name: input.name, scopes: input.scopes });
    return {
      json: { id: key.id, apiKey: secret, scopes: key.scopes },
      text: [
        `Created API key ${key.id} "${key.name}" for company ${company.id} "${company.name}":`,
        `  ${secret}`,
        `Scopes: ${key.scopes.join(", ")}`,
        "Store it now: it is not shown again.",
      ].join("\n"),
    };
  },
};
