// Ad-hoc: per-thread CPU of two servers under the PATCH scenario (not committed).
import { readdirSync, readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startApp } from "./app.ts";
import { createBenchDatabase } from "./database.ts";
import { runLoad } from "./load.ts";
import { seed } from "./seed.ts";

function threads(pids: number[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of pids) {
    let tasks: string[] = [];
    try { tasks = readdirSync(`/proc/${pid}/task`); } catch { continue; }
    for (const tid of tasks) {
      try {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) + (tid === String(pid) ? " (main thread)" : " (other thread)");
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const key = `${pid === pids[0] ? "main" : "child " + readFileSync(`/proc/${pid}/comm`, "utf8").trim()}: ${name}`;
        out.set(key, (out.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) * 10);
      } catch {}
    }
  }
  return out;
}
const work = await mkdtemp(path.join(tmpdir(), "hf-threads-"));
const db = await createBenchDatabase();
const seeded = await seed(db.url, () => {});
const env = (side: string) => ({ DATABASE_URL: db.url, RATE_LIMIT_MAX: "1000000000", SECRET_KEY: randomBytes(32).toString("base64url"), HIREFLOW_BENCH: "1", HIREFLOW_DATA_DIR: path.join(work, side), HIREFLOW_BACKGROUND_WORK: "off" });
const unset = ["INNGEST_EVENT_KEY", "INNGEST_DEV", "INNGEST_SIGNING_KEY", "REDIS_URL", "NODE_OPTIONS"];
const a = await startApp({ env: env("a"), unset, logFile: path.join(work, "a.log") });
const b = await startApp({ env: env("b"), unset, logFile: path.join(work, "b.log"), repo: "/work/base" });
const ids = seeded.company.candidateIds;
let n = 0;
const scenario = { key: "patch_stage", label: "PATCH", method: "PATCH" as const, headers: { authorization: `Bearer ${seeded.company.apiKey}`, "content-type": "application/json" },
  next: () => { const i = n++; return { path: `/api/v1/candidates/${ids[i % ids.length]}`, body: JSON.stringify({ stage: Math.floor(i / ids.length) % 2 === 0 ? "phonescreen" : "inprogress" }) }; } };
for (const s of [a, b]) await runLoad(s.url, scenario as never, { connections: 50, durationS: 5, warmupS: 0 });
const totals = { a: new Map<string, number>(), b: new Map<string, number>() } as Record<string, Map<string, number>>;
const reqs: Record<string, number> = { a: 0, b: 0 };
for (let round = 0; round < 4; round++) {
  for (const [side, s] of (round % 2 ? [["b", b], ["a", a]] : [["a", a], ["b", b]]) as [string, typeof a][]) {
    const before = threads(s.pids());
    const r = await runLoad(s.url, scenario as never, { connections: 50, durationS: 8, warmupS: 0 });
    const after = threads(s.pids());
    reqs[side]! += r.requests;
    for (const [k, v] of after) totals[side]!.set(k, (totals[side]!.get(k) ?? 0) + v - (before.get(k) ?? 0));
  }
}
for (const side of ["a", "b"]) {
  console.log(`== ${side} ${reqs[side]} requests`);
  let sum = 0;
  for (const [k, v] of [...totals[side]!].sort((x, y) => y[1] - x[1])) { sum += v; if (v > 0) console.log(`  ${(v / reqs[side]!).toFixed(3)} ms/req  ${k}`); }
  console.log(`  total ${(sum / reqs[side]!).toFixed(3)}`);
}
await a.stop(); await b.stop(); await db.close();
process.exit(0);
