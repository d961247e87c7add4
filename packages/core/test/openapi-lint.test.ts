import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "../src/api/openapi/document.ts";

/**
 * The OpenAPI document (GET /api/v1/openapi.json, generated in src/openapi.ts) passes Redocly's
 * `recommended` rules with no error and no warning: `@redocly/cli lint` runs on the document as a
 * deployment serves it (APP_BASE_URL set: a development install's `localhost` server is the one thing
 * the rule no-server-example.com would flag, and it is meant to be there). Fix the generator, never
 * the rule set.
 */
const execFileAsync = promisify(execFile);
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve("@redocly/cli/package.json")), "bin/cli.js");

type Problem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hireflow-openapi-lint-"));
  file = path.join(dir, "openapi.json");
  const before = process.env.APP_BASE_URL;
  process.env.APP_BASE_URL = "https://hireflow.acme.test";
  try {
    await writeFile(file, JSON.stringify(openApiDocument(), null, 2));
  } finally {
    if (before === undefined) delete process.env.APP_BASE_URL;
    else process.env.APP_BASE_URL = before;
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("the OpenAPI document is lint-clean", () => {
  it("@redocly/cli lint --extends recommended: no errors, no warnings", async () => {
    // Exit status 1 when there are errors; the report is JSON on stdout either way.
    const { stdout } = await execFileAsync(process.execPath, [cli, "lint", file, "--extends", "recommended", "--format", "json"], {
      cwd: dir,
      // Offline and quiet: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
      maxBuffer: 64 * 1024 * 1024,
      // Seconds idle; under the test's own limit (the process project's 90 s) on a loaded machine.
      timeout: 80_000,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`redocly lint failed without a report: ${error.stderr ?? String(error)}`);
      return { stdout: error.stdout };
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});
