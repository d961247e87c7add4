import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { useApiApp } from "../helpers/api-app.ts";

/**
 * README's SDK example, copied out of README.md as a user would and run with plain Node against the
 * app (the route modules in `npm test`, the production build in `npm run test:build`), importing
 * the workspace's `@hireflow/sdk` as built by `npm install`. If the README's code rots, this fails.
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../../../..");
const script = path.join(ROOT, `.readme-example-${process.pid}.mjs`);
const app = useApiApp();

beforeAll(async () => {
  // What `npm install` (postinstall) does, so the example imports the SDK of this very checkout.
  await run("npm", ["run", "-s", "-w", "@hireflow/sdk", "build"], { cwd: ROOT });
}, 120_000);
afterAll(() => rm(script, { force: true }));

it("the README's SDK example runs and does what it says", async () => {
  const readme = await readFile(path.join(ROOT, "README.md"), "utf8");
  const block = readme.match(/<!-- sdk-example:[^>]*-->\s*```js\n([\s\S]*?)```/);
  expect(block, "README.md has the SDK example block").not.toBeNull();
  expect(block![1]!.trim().split("\n").length).toBeLessThanOrEqual(12);
  await writeFile(script, block![1]!);

  const { stdout } = await run(process.execPath, [script], { cwd: ROOT, env: { ...process.env, HIREFLOW_API_KEY: app.acme.apiKey, HIREFLOW_URL: app.url } });
  expect(stdout).toContain("Connected to ");
  expect(stdout).toMatch(/\d+ Ada Lovelace phonescreen/);
  const ada = await getPrisma().candidate.findFirstOrThrow({ where: { companyId: app.acme.id, name: "Ada Lovelace" }, include: { activities: true } });
  expect(ada.stage).toBe("phonescreen");
  expect(ada.activities.map((a) => a.note)).toContain("Strong systems background");
});
