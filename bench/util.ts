import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function tail(text: string, lines: number): string {
  return text.split("\n").slice(-lines).join("\n");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Nearest-rank percentile of unsorted numbers (sorts a copy). */
export function percentiles(values: ArrayLike<number>, ps: number[]): number[] {
  if (values.length === 0) return ps.map(() => Number.NaN);
  const sorted = Float64Array.from(values).sort();
  return ps.map((p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 50): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() >= deadline) return undefined;
    await sleep(intervalMs);
  }
}

/** Runs `fn` over items with at most `limit` in flight. */
export async function mapLimit<T, U>(items: T[], limit: number, fn: (item: T, index: number) => Promise<U>): Promise<U[]> {
  const results = new Array<U>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await fn(items[i]!, i);
      }
    }),
  );
  return results;
}
