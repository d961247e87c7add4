/**
 * Writes e2e/support/durations.json (seconds per spec file, which shards.ts balances the shards by) from the JUnit
 * reports of the last CI-mode run: `CI=1 npm run test:e2e`, then `npx tsx e2e/support/update-durations.ts`.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const results = path.resolve(import.meta.dirname, "../../../../test-results");
const seconds: Record<string, number> = {};
for (const report of readdirSync(results).filter((name) => /^e2e.*-junit\.xml$/.test(name))) {
  const xml = readFileSync(path.join(results, report), "utf8");
  for (const [, attributes] of xml.matchAll(/<testcase ([^>]*)>/g)) {
    const file = /classname="([^"]+\.spec\.ts)"/.exec(attributes!)?.[1];
    const time = Number(/time="([0-9.]+)"/.exec(attributes!)?.[1]);
    if (file && Number.isFinite(time)) seconds[file] = (seconds[file] ?? 0) + time;
  }
}
if (!Object.keys(seconds).length) throw new Error(`no e2e JUnit report in ${results}: run CI=1 npm run test:e2e first`);
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([file, s]) => [file, Math.round(s)]));
writeFileSync(path.resolve(import.meta.dirname, "durations.json"), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`wrote ${Object.keys(sorted).length} files' durations`);
