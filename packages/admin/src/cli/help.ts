import { commands } from "../commands/index.ts";
import { type Command } from "../commands/types.ts";

const INVOCATION = "npm run -s admin --";

export function generalHelp(): string {
  const lines = [
    `Usage: ${INVOCATION} <command> [options] [--json]`,
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(16)} ${c.summary}`),
    `  ${"help".padEnd(16)} Show this help, or \`help <command>\` for one command.`,
    "",
    "Options for every command:",
    "  --json           Print exactly one JSON document on stdout (logs go to stderr).",
    "  --help, -h       Show the command's usage.",
    "",
    "Database: DATABASE_URL when set; else the embedded PostgreSQL in .data/postgres (the one `npm run dev`",
    "runs is reused; otherwise it is started for the command and stopped afterwards).",
  ];
  return lines.join("\n");
}

export function commandHelp(command: Command): string {
  return [`Usage: ${INVOCATION} ${command.usage} [--json]`, "", command.summary].join("\n");
}
