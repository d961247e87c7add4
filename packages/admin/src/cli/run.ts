import { parseArgs } from "node:util";
import { createPrismaClient, migrate } from "@hireflow/db";
import { findCommand } from "../commands/index.ts";
import { type Command } from "../commands/types.ts";
import { openDatabase, releaseDatabase, type DatabaseHandle } from "../database.ts";
import { CliError, describeError, isUsageError } from "./errors.ts";
import { type Values } from "./flags.ts";
import { commandHelp, generalHelp } from "./help.ts";

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const COMMON_OPTIONS = { json: { type: "boolean" }, help: { type: "boolean", short: "h" } } as const;

/** Runs one admin command and returns the process exit code; never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.err(generalHelp());
    return 1;
  }
  if (name === "help" || name === "--help" || name === "-h") {
    const topic = rest[0] === undefined ? undefined : findCommand(rest[0]);
    if (rest[0] !== undefined && !topic) return fail(io, new CliError(`Unknown command "${rest[0]}".`), undefined);
    io.out(topic ? commandHelp(topic) : generalHelp());
    return 0;
  }
  const command = findCommand(name);
  if (!command) return fail(io, new CliError(`Unknown command "${name}". Run \`npm run admin -- help\` for the list.`), undefined);

  let values: Values;
  let input: unknown;
  try {
    values = parseArgs({ args: rest, options: { ...command.options, ...COMMON_OPTIONS }, strict: true, allowPositionals: false }).values;
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    input = command.parse(values);
  } catch (error) {
    return fail(io, error, command);
  }

  let database: DatabaseHandle | null = null;
  try {
    database = await openDatabase((line) => io.err(line));
    // The embedded database belongs to this checkout: bring it to the current schema like `npm run dev`
    // would. A DATABASE_URL database is migrated by its operator (`npm run db:migrate`), not as a side effect.
    if (database.embedded) await migrate(database.url);
    const prisma = createPrismaClient(database.url, { max: 2 });
    try {
      const output = await command.run(prisma, input);
      io.out(values.json ? JSON.stringify(output.json) : output.text);
      return 0;
    } finally {
      await prisma.$disconnect();
    }
  } catch (error) {
    return fail(io, error, command);
  } finally {
    // Stopping the server must not turn a result already printed into a crash.
    if (database) await releaseDatabase(database, (line) => io.err(line)).catch((error: unknown) => io.err(`warning: ${describeError(error)}`));
  }
}

function fail(io: CliIo, error: unknown, command: Command | undefined): number {
  io.err(`error: ${describeError(error, command?.flagOf)}`);
  if (command && isUsageError(error)) {
    io.err(commandHelp(command));
  }
  if (process.env.DEBUG && error instanceof Error && !(error instanceof CliError)) io.err(error.stack ?? "");
  return 1;
}
