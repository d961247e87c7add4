import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import webPackage from "../../package.json";

/**
 * The API reference's renderer: Scalar's self-contained browser bundle
 * (`@scalar/api-reference/dist/browser/standalone.js`), served by the app itself at
 * SCALAR_SCRIPT_PATH so /docs needs no CDN. The file is read from node_modules at run time;
 * next.config.ts lists it in outputFileTracingIncludes so `next build` output and Vercel's
 * functions ship it. The package does not export this path, hence the lookup on disk: up from the
 * working directory (apps/web under `next start`, the function's folder on Vercel), like the
 * resume worker (packages/worker/src/resume/worker-path.ts).
 */
export const SCALAR_VERSION: string = webPackage.dependencies["@scalar/api-reference"];
export const SCALAR_SCRIPT_PATH = "/docs/scalar.js";
const RELATIVE = path.join("node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js");

let cached: { body: Buffer; etag: string } | undefined;

function locate(): string {
  const starts = [process.env.HIREFLOW_ROOT, process.cwd()].filter((dir): dir is string => Boolean(dir));
  for (const start of starts) {
    let dir = path.resolve(start);
    for (;;) {
      const candidate = path.join(dir, RELATIVE);
      if (existsSync(candidate)) return candidate;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error(`API reference renderer not found (${RELATIVE} above ${starts.join(", ")}); run npm install`);
}

/** The bundle without its sourceMappingURL comment (the map is not served), read once per process. */
export function scalarBundle(): { body: Buffer; etag: string } {
  if (cached) return cached;
  const text = readFileSync(locate(), "utf8").replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const body = Buffer.from(text, "utf8");
  cached = { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
  return cached;
}
