import { AppError, revokeApiKey, systemContext } from "@hireflow/core";
import { requiredId } from "../cli/flags.ts";
import { type Command } from "./types.ts";

export const apikeyRevoke: Command<{ id: number }> = {
  name: "apikey:revoke",
  usage: "apikey:revoke --id <id>",
  summary: "Revoke an API key; requests with it fail from now on.",
  options: { id: { type: "string" } },
  parse: (values) => ({ id: requiredId(values, "id") }),
  async run(prisma, input) {
    // Operators know the key's id, not its company: find the owner first, then act in its scope.
    const owner = await prisma.apiKey.findUnique({ where: { id: input.id }, select: { companyId: true } });
    if (!owner) throw AppError.notFound("API key", input.id);
    const key = await revokeApiKey(systemContext(prisma, owner.companyId), input.id);
    return {
      json: { id: key.id, revokedAt: key.revoked_at },
      text: `Revoked API key ${key.id} "${key.name}" (${key.prefix}…) of company ${owner.companyId} at ${key.revoked_at}.`,
    };
  },
};
