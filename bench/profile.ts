import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { repoRoot } from "./util.ts";

/**
 * Summarises a V8 .cpuprofile (node --cpu-prof): self time per function and per origin (the
 * package or part of the app the code comes from). Minified Turbopack chunks are mapped back to
 * their sources through the build's .map files. Counted in samples (one per ~1 ms the thread ran),
 * not in the samples' time deltas: on a busy machine a delta also holds the time the thread waited
 * for a core, which lands on whatever frame it was preempted in (typically a socket write).
 * Samples under module loading are put in one "(module loading)" row: a once-per-process cost
 * that --cpu-prof (profiling from process start) cannot leave out.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileRow {
  name: string;
  origin: string;
  samples: number;
  share: number;
}

export interface ProfileSummary {
  file: string;
  /** The scenario under load (bench/scenarios.ts), set by run.ts. */
  label?: string;
  wallMs: number;
  samples: number;
  /** Share of the samples in which the main thread was not idle. */
  busyShare: number;
  functions: ProfileRow[];
  origins: ProfileRow[];
}

const LOADING = /^(Module\._load|Module\._compile|instantiateModule|compileSourceTextModule|wrapSafe|loadESM|importModuleDynamically)$/;

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string): SourceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  }
  return maps.get(file)!;
}

interface Resolved {
  /** Path relative to the repository (or "node:…"), "" for V8/native frames. */
  source: string;
  line: number;
  name: string;
}

function resolve(frame: CallFrame): Resolved {
  const { url, functionName, lineNumber, columnNumber } = frame;
  if (!url) return { source: "", line: 0, name: functionName };
  if (url.startsWith("node:")) return { source: url, line: lineNumber + 1, name: functionName };
  const file = url.startsWith("file://") ? fileURLToPath(url) : url;
  const map = file.includes(".next") ? sourceMapOf(file) : null;
  if (map) {
    const entry = map.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number; name?: string };
    if (entry.originalSource) {
      const original = path.resolve(path.dirname(file), decodeURIComponent(entry.originalSource.replace(/^turbopack:\/\/\/?(\[project\]\/)?/, "")));
      return { source: path.relative(repoRoot, original), line: (entry.originalLine ?? 0) + 1, name: functionName || entry.name || "" };
    }
  }
  return { source: path.relative(repoRoot, file), line: lineNumber + 1, name: functionName };
}

/** Where a function's code comes from: a package, Node itself, V8 bookkeeping, or our code. */
export function originOf(source: string, functionName: string): string {
  if (!source) return functionName.startsWith("(") ? functionName : "(native: syscalls, V8 builtins)";
  if (source.startsWith("node:")) return "node: core";
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = source.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const ours = source.match(/^(apps\/web|packages\/[^/]+)\/(src\/)?([^/]+)/);
  if (ours) return `hireflow: ${ours[1]}/${ours[3]}`;
  return source.includes(".next") ? `bundle: ${path.basename(source)}` : source;
}

/** A .cpuprofile with its nodes by id and each node's parent (the profile lists only children). */
function readProfile(file: string): { profile: CpuProfile; byId: Map<number, ProfileNode>; parent: Map<number, number> } {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  return { profile, byId, parent };
}

export function summarise(file: string, top = 15): ProfileSummary {
  const { profile, byId, parent } = readProfile(file);
  const loading = new Map<number, boolean>();
  const isLoading = (id: number): boolean => {
    const known = loading.get(id);
    if (known !== undefined) return known;
    const p = parent.get(id);
    const value = LOADING.test(byId.get(id)!.callFrame.functionName) || (p !== undefined && isLoading(p));
    loading.set(id, value);
    return value;
  };

  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const functions = new Map<string, ProfileRow>();
  const origins = new Map<string, ProfileRow>();
  let idle = 0;
  for (const [id, count] of counts) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") {
      idle += count;
      continue;
    }
    if (isLoading(id)) {
      add(functions, "(module loading)", "(module loading, once per process)", count);
      add(origins, "(module loading, once per process)", "", count);
      continue;
    }
    const r = resolve(frame);
    const origin = originOf(r.source, frame.functionName);
    add(functions, `${r.name || "(anonymous)"}${r.source ? ` ${path.basename(r.source)}:${r.line}` : ""}`, origin, count);
    add(origins, origin, origin, count);
  }
  const busy = profile.samples.length - idle;
  const rows = (m: Map<string, ProfileRow>) =>
    [...m.values()]
      .map((r) => ({ ...r, share: r.samples / busy }))
      .sort((a, b) => b.samples - a.samples)
      .slice(0, top);
  return {
    file,
    wallMs: (profile.endTime - profile.startTime) / 1000,
    samples: profile.samples.length,
    busyShare: busy / profile.samples.length,
    functions: rows(functions),
    origins: rows(origins),
  };
}

function add(map: Map<string, ProfileRow>, key: string, origin: string, count: number): void {
  const row = map.get(key) ?? { name: key, origin, samples: 0, share: 0 };
  row.samples += count;
  map.set(key, row);
}

/** The largest profile in a folder: the server process (helpers may leave small ones). */
export function largestProfile(dir: string): string | undefined {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .map((f) => path.join(dir, f));
  return files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
}

/**
 * Inclusive share per function: of the busy samples (not idle, not module loading), the share with
 * the function anywhere on the stack (counted once per sample however deep it recurs). Keys are
 * "name file" with the file relative to its own checkout, so two checkouts' profiles compare
 * (bench/paired.ts --profile).
 */
export function inclusiveShares(file: string): Map<string, number> {
  const { profile, byId, parent } = readProfile(file);
  const keyOf = new Map<number, string>();
  const key = (id: number): string => {
    let known = keyOf.get(id);
    if (known === undefined) {
      const frame = byId.get(id)!.callFrame;
      const r = resolve(frame);
      const source = r.source.replace(/^(\.\.\/[^/]+\/)+/, "");
      // No line: tsx's and the build's line numbers differ between checkouts for the same function.
      known = `${r.name || "(anonymous)"}${source ? ` ${source}` : ""}`;
      keyOf.set(id, known);
    }
    return known;
  };
  const counts = new Map<number, number>();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [leaf, count] of counts) {
    if (byId.get(leaf)!.callFrame.functionName === "(idle)") continue;
    const stack = new Set<string>();
    let loadingStack = false;
    for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      if (LOADING.test(byId.get(id)!.callFrame.functionName)) loadingStack = true;
      stack.add(key(id));
    }
    if (loadingStack) continue;
    busy += count;
    for (const k of stack) inclusive.set(k, (inclusive.get(k) ?? 0) + count);
  }
  for (const [k, v] of inclusive) inclusive.set(k, v / busy);
  return inclusive;
}
