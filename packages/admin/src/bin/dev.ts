import { createPrismaClient } from "@hireflow/db";
import { type DatabaseHandle } from "../database.ts";
import { demoAccessLines, seedSummary } from "../demo-access.ts";
import { launch } from "../server/launch.ts";
import { seedDemo } from "../seed.ts";

const log = (line: string) => process.stdout.write(`[hireflow] ${line}\n`);

/** First start = a database without companies: fill it with the demo tenant. Later starts only report. */
async function prepareDemo(database: DatabaseHandle): Promise<string[]> {
  const prisma = createPrismaClient(database.url, { max: 2 });
  try {
    const fresh = (await prisma.company.count()) === 0;
    const seed = fresh ? await seedDemo(prisma) : null;
    if (!fresh) log("Demo data: skipped (the database already has data).");
    return [...(seed ? [seedSummary(seed)] : []), ...(await demoAccessLines(prisma, seed))];
  } finally {
    await prisma.$disconnect();
  }
}

await launch({ mode: "dev", log, prepare: prepareDemo });
