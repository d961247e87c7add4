import { migrate } from "@hireflow/db";
import { openDatabase, releaseDatabase, reportMigrations } from "../database.ts";
import { logToStderr } from "../log.ts";
import { runMain } from "../main.ts";

const log = logToStderr();

runMain(async () => {
  const database = await openDatabase(log);
  try {
    log(`Migrating ${database.description}`);
    const result = await migrate(database.url, { log });
    reportMigrations(result, (line) => process.stdout.write(`${line}\n`));
  } finally {
    await releaseDatabase(database, log);
  }
}, log);
