import { createApiKey, systemContext } from "@hireflow/core";
import { optionalString, requiredId } from "../cli/flags.ts";
import { requireCompany } from "./company.ts";
import { type Command } from "./types.ts";

interface Input {
  companyId: number;
  name?: string;
}

export const apikeyCreate: Command<Input> = {
  name: "apikey:create",
  usage: "apikey:create --company <id> [--name <name>]",
  summary: "Create an API key for a company (the secret is shown once).",
  options: { company: { type: "string" }, name: { type: "string" } },
  parse: (values) => ({ companyId: requiredId(values, "company"), name: optionalString(values, "name") }),
  async run(prisma, input) {
    const company = await requireCompany(prisma, input.companyId);
    const { key, secret } = await createApiKey(systemContext(prisma, company.id), { name: input.name });
    return {
      json: { id: key.id, apiKey: secret },
      text: [
        `Created API key ${key.id} "${key.name}" for company ${company.id} "${company.name}":`,
        `  ${secret}`,
        "Store it now: it is not shown again.",
      ].join("\n"),
    };
  },
};
