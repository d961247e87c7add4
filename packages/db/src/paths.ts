import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findRepoRoot(): string {
  if (process.env.HIREFLOW_ROOT) return process.env.HIREFLOW_ROOT;
  // Walk up from this file (source) or the working directory (bundled code) to the folder
  // holding prisma/schema.prisma.
  const starts = [path.dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    let dir = start;
    for (;;) {
      if (existsSync(path.join(dir, "prisma", "schema.prisma"))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}

export const repoRoot = findRepoRoot();
export const migrationsDir = path.join(repoRoot, "prisma", "migrations");
/** Local state: embedded database, blobs, generated secrets. */
export const dataDir = path.resolve(repoRoot, process.env.HIREFLOW_DATA_DIR ?? ".data");
