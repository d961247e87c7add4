import { createPrismaClient, migrate } from "@hireflow/db";
import { openDatabase, releaseDatabase } from "../database.ts";
import { demoAccessLines, seedSummary } from "../demo-access.ts";
import { logToStderr } from "../log.ts";
import { runMain } from "../main.ts";
import { seedDemo } from "../seed.ts";

const log = logToStderr();

runMain(async () => {
  const database = await openDatabase(log);
  try {
    log(`Seeding ${database.description}`);
    // The embedded database is ours to bring up to date; a DATABASE_URL one is migrated by its operator.
    if (database.embedded) await migrate(database.url);
    const prisma = createPrismaClient(database.url, { max: 2 });
    try {
      const seed = await seedDemo(prisma);
      const lines = [seedSummary(seed), ...(await demoAccessLines(prisma, seed))];
      process.stdout.write(`${lines.join("\n")}\n`);
    } finally {
      await prisma.$disconnect();
    }
  } finally {
    await releaseDatabase(database, log);
  }
}, log);
