// Prints one line of totals per JUnit report in test-results/ and, for every failed test, its file,
// name and the first lines of its message; then the ten slowest test files of all reports, so a slow
// test is seen the day it is added. .ci/run calls it last, so a failure is named in the tail of the
// log even when the step's own output scrolled away.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const dir = process.argv[2] ?? "test-results";
const MESSAGE_LINES = 6;

const unescape = (s) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/g, "&");
const attr = (tag, name) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescape(m[1]) : "";
};

// The message, then the first stack line in the test files (vitest marks it with ❯).
const describe = (failure) => {
  const body = unescape(failure[3] ?? "");
  const message = unescape(attr(failure[2], "message")) || body.trim().split("\n")[0] || "";
  const where = body.split("\n").find((l) => l.trim().startsWith("❯"));
  return [message.trim(), where?.trim()].filter(Boolean).join("\n");
};

const SLOWEST = 10;
const fileTimes = [];
let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith(".xml")).sort();
} catch {
  process.exit(0);
}

for (const file of files) {
  const xml = readFileSync(path.join(dir, file), "utf8");
  const cases = [...xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)];
  const failures = [];
  let skipped = 0;
  for (const [, attrs, body = ""] of cases) {
    if (/<skipped\b/.test(body)) skipped++;
    const failure = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(body);
    if (failure) {
      failures.push({ file: attr(attrs, "classname"), name: attr(attrs, "name"), text: describe(failure) });
    }
  }
  // Errors outside any test (an unhandled rejection, a failed hook) are reported at suite level.
  for (const [, attrs, body] of xml.matchAll(/<testsuite\b([^>]*)>([\s\S]*?)<\/testsuite>/g)) {
    // vitest and Playwright both write one <testsuite> per test file, its time in seconds.
    fileTimes.push({ report: file, name: attr(attrs, "name"), seconds: Number(attr(attrs, "time")) || 0, tests: Number(attr(attrs, "tests")) || 0 });
    const own = body.replace(/<testcase\b[\s\S]*?(?:\/>|<\/testcase>)/g, "");
    const failure = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(own);
    if (failure) {
      failures.push({ file: attr(attrs, "name"), name: "(outside any test)", text: describe(failure) });
    }
  }
  const passed = cases.length - failures.filter((f) => f.name !== "(outside any test)").length - skipped;
  console.log(`  ${file}: ${cases.length} tests, ${passed} passed, ${failures.length} failed, ${skipped} skipped`);
  for (const f of failures) {
    console.log(`    FAILED ${f.file} › ${f.name}`);
    for (const line of f.text.split("\n").slice(0, MESSAGE_LINES)) console.log(`      ${line.slice(0, 200)}`);
  }
}

if (fileTimes.length) {
  console.log(`  slowest ${Math.min(SLOWEST, fileTimes.length)} test files (of ${fileTimes.length}):`);
  for (const f of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) {
    console.log(`    ${f.seconds.toFixed(1).padStart(7)} s  ${String(f.tests).padStart(4)} tests  ${f.name}  (${f.report})`);
  }
}
