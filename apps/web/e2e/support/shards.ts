import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The spec files split into `shards` shares of about equal time: the longest first, each to the share with the least
 * so far (durations.json: seconds per file in a CI run; a file not in it counts as the median). Playwright's own
 * --shard splits by test count, which left one shard 90 s behind the other (the accessibility and API reference
 * specs are long). Refresh the durations after a CI run with `npx tsx e2e/support/update-durations.ts`.
 */
export function shardFiles(e2eDir: string, shards: number): { files: string[]; seconds: number }[] {
  const specs = readdirSync(e2eDir).filter((name) => name.endsWith(".spec.ts")).sort();
  const known = JSON.parse(readFileSync(path.join(e2eDir, "support", "durations.json"), "utf8")) as Record<string, number>;
  const times = Object.values(known).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 10;
  const shares = Array.from({ length: shards }, () => ({ files: [] as string[], seconds: 0 }));
  const byTime = specs.map((file) => ({ file, seconds: known[file] ?? median })).sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  for (const { file, seconds } of byTime) {
    const share = shares.reduce((least, s) => (s.seconds < least.seconds ? s : least));
    share.files.push(file);
    share.seconds += seconds;
  }
  for (const share of shares) share.files.sort();
  return shares;
}
