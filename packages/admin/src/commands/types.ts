import { type PrismaClient } from "@hireflow/db";
import { type FlagOf } from "../cli/errors.ts";
import { type OptionSpec, type Values } from "../cli/flags.ts";

export interface CommandOutput {
  /** The one document printed with --json. */
  json: unknown;
  /** The readable summary printed without --json. */
  text: string;
}

export interface Command<Input = unknown> {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec;
  /** Flags → input without touching the database, so a usage error never starts PostgreSQL. */
  parse(values: Values): Input;
  run(prisma: PrismaClient, input: Input): Promise<CommandOutput>;
  /** Names the flag behind a validation detail's field. */
  flagOf?: FlagOf;
}
