import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const WORKER_RELATIVE_PATH = path.join("packages", "worker", "src", "resume", "worker.mjs");

let cached: string | undefined;

/**
 * Absolute path of worker.mjs. Bundlers (Next/Turbopack) neither emit worker entry files reliably nor
 * keep `import.meta.url` pointing at the source, so the file is found on disk from the repository root:
 * HIREFLOW_ROOT, else the folder above the working directory holding prisma/schema.prisma. The module's
 * own location is only a last resort for unbundled runs started outside the repository.
 */
export function resumeWorkerPath(): string {
  if (cached) return cached;
  const candidates: string[] = [];
  if (process.env.HIREFLOW_ROOT) candidates.push(path.join(process.env.HIREFLOW_ROOT, WORKER_RELATIVE_PATH));
  const root = findUp(process.cwd());
  if (root) candidates.push(path.join(root, WORKER_RELATIVE_PATH));
  const here = moduleDirectory();
  if (here) candidates.push(path.join(here, "worker.mjs"));

  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    // Not the file's fault: a deployment without the worker must surface as a (retried) error.
    throw new Error(
      `Resume parser worker not found (tried ${candidates.join(", ") || "nothing"}); set HIREFLOW_ROOT to the repository root.`,
    );
  }
  cached = found;
  return found;
}

function findUp(start: string): string | null {
  let dir = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(dir, "prisma", "schema.prisma"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function moduleDirectory(): string | null {
  try {
    const url = import.meta.url;
    return url.startsWith("file:") ? path.dirname(fileURLToPath(url)) : null;
  } catch {
    return null;
  }
}
