import { createApiKey, createCompany, systemContext } from "@hireflow/core";
import { CliError } from "../cli/errors.ts";
import { optionalString, requiredString } from "../cli/flags.ts";
import { type Command } from "./types.ts";

interface Input {
  name: string;
  phoneRegion?: string;
}

export const companyCreate: Command<Input> = {
  name: "company:create",
  usage: "company:create --name <name> [--phone-region <ISO country, default US>]",
  summary: "Create a company and its first API key (the key is shown once).",
  options: { name: { type: "string" }, "phone-region": { type: "string" } },
  parse(values) {
    const phoneRegion = optionalString(values, "phone-region");
    if (phoneRegion !== undefined && !/^[A-Za-z]{2}$/.test(phoneRegion)) {
      throw new CliError(`--phone-region must be a two-letter country code such as DE (got "${phoneRegion}").`);
    }
    return { name: requiredString(values, "name"), phoneRegion };
  },
  async run(prisma, input) {
    const company = await createCompany(prisma, { name: input.name, defaultPhoneRegion: input.phoneRegion });
    const { key, secret } = await createApiKey(systemContext(prisma, company.id), { name: "Default" });
    return {
      json: { company: { id: company.id, name: company.name, slug: company.slug }, apiKey: secret },
      text: [
        `Created company ${company.id} "${company.name}" (slug ${company.slug}).`,
        `API key ${key.id} "${key.name}": ${secret}`,
        "Store the key now: it is not shown again.",
      ].join("\n"),
    };
  },
};
