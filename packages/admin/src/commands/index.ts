import { apikeyCreate } from "./apikey-create.ts";
import { apikeyRevoke } from "./apikey-revoke.ts";
import { companyCreate } from "./company-create.ts";
import { jobCreate } from "./job-create.ts";
import { type Command } from "./types.ts";
import { userCreate } from "./user-create.ts";

export const commands: readonly Command[] = [companyCreate, jobCreate, apikeyCreate, apikeyRevoke, userCreate];

export function findCommand(name: string): Command | undefined {
  return commands.find((c) => c.name === name);
}
