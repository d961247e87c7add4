import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";

/**
 * The package as a user installs it: compiled by its own build config to ESM with declarations,
 * placed in a node_modules folder, imported by plain Node (no TypeScript loader) and compiled
 * against by a NodeNext TypeScript consumer. Its source imports nothing of the workspace.
 */
const run = promisify(execFile);
const SDK = path.resolve(import.meta.dirname, "..");
const ROOT = path.resolve(SDK, "../..");
let consumer = "";

beforeAll(async () => {
  // Inside the repository, so `standardwebhooks` resolves from the root node_modules as it would
  // from the user's own.
  consumer = await mkdtemp(path.join(SDK, ".consumer-"));
  // Its own package scope: without it Node and TypeScript would resolve "@hireflow/sdk" as the SDK's
  // self-reference (packages/sdk/dist), not the installed copy.
  await writeFile(path.join(consumer, "package.json"), JSON.stringify({ name: "sdk-consumer", private: true, type: "module" }));
  const installed = path.join(consumer, "node_modules/@hireflow/sdk");
  await mkdir(installed, { recursive: true });
  await run(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(SDK, "tsconfig.build.json"), "--outDir", path.join(installed, "dist")]);
  await writeFile(path.join(installed, "package.json"), await readFile(path.join(SDK, "package.json")));
}, 120_000);
afterAll(() => (process.env.KEEP_CONSUMER ? undefined : rm(consumer, { recursive: true, force: true })));

it("plain Node imports the built ESM entry and uses it", async () => {
  const script = `
    import { Hireflow, HireflowError, PageIterator, verifyWebhook, WebhookVerificationError } from "@hireflow/sdk";
    import { Webhook } from "standardwebhooks";
    const secret = "whsec_" + Buffer.from("0123456789abcdef0123456789abcdef").toString("base64");
    const body = JSON.stringify({ event: "webhook.test", occurred_at: new Date().toISOString() });
    const now = new Date();
    const headers = { "webhook-id": "e1", "webhook-timestamp": String(Math.floor(now / 1000)), "webhook-signature": new Webhook(secret).sign("e1", now, body) };
    const event = verifyWebhook(body, headers, secret);
    let refused = false;
    try { verifyWebhook(body + " ", headers, secret); } catch (error) { refused = error instanceof WebhookVerificationError; }
    const hf = new Hireflow({ apiKey: "hf_live_x", baseUrl: "http://127.0.0.1:9" });
    console.log(JSON.stringify({ event: event.event, refused, list: hf.candidates.list() instanceof PageIterator, error: typeof HireflowError }));
  `;
  await writeFile(path.join(consumer, "main.mjs"), script);
  const { stdout } = await run(process.execPath, [path.join(consumer, "main.mjs")], { cwd: consumer });
  expect(JSON.parse(stdout)).toEqual({ event: "webhook.test", refused: true, list: true, error: "function" });
});

it("a NodeNext TypeScript consumer compiles against the declarations, and a wrong call does not", async () => {
  await writeFile(
    path.join(consumer, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ["ES2023", "DOM"] }, include: ["*.ts"] }),
  );
  await writeFile(
    path.join(consumer, "ok.ts"),
    `import { Hireflow, HireflowError, type CandidateDetail, type WebhookEvent } from "@hireflow/sdk";
     const hf = new Hireflow({ apiKey: "k", baseUrl: "https://hireflow.example.com" });
     export async function main(): Promise<void> {
       const job = await hf.jobs.get(1);
       const c: CandidateDetail = await hf.candidates.create({ job_id: job.id, name: "Ada", email: "ada@example.com" });
       for await (const cand of hf.candidates.list({ job_id: 1, limit: 50 })) cand.name?.toUpperCase();
       await hf.candidates.update(c.id, { stage: "phonescreen" });
       await hf.candidates.addNote(c.id, "Strong systems background");
       await hf.candidates.create({ job_id: 1, resume: new Blob([new Uint8Array(1)], { type: "application/pdf" }) });
       const me = await hf.me();
       me.api_key.scopes.includes("jobs:read");
       const onEvent = (e: WebhookEvent) => e.event === "candidate.stage_changed" && e.candidate.id.toFixed();
       void onEvent;
       try { await hf.events.get("x"); } catch (error) { if (error instanceof HireflowError) error.requestId?.trim(); }
     }
    `,
  );
  const tsc = path.join(ROOT, "node_modules/typescript/bin/tsc");
  await run(process.execPath, [tsc, "-p", path.join(consumer, "tsconfig.json")], { cwd: consumer });

  await writeFile(path.join(consumer, "wrong.ts"), `import { Hireflow } from "@hireflow/sdk";\nnew Hireflow({ apiKey: "k", baseUrl: "x" }).candidates.update(1, { stage: "phonescreen", rating: "five" });\n`);
  const failed = await run(process.execPath, [tsc, "-p", path.join(consumer, "tsconfig.json")], { cwd: consumer }).then(() => "", (error: { stdout: string }) => error.stdout);
  // Stage keys are the job's own (any string of the key pattern), so the wrong call is a wrong type.
  expect(failed).toMatch(/wrong\.ts.*rating|wrong\.ts\(2,/s);
}, 120_000);

it("the SDK's source imports nothing but itself and standardwebhooks", async () => {
  const files = (await readdir(path.join(SDK, "src"), { recursive: true })).filter((file) => file.endsWith(".ts"));
  const specifiers = new Set<string>();
  for (const file of files) {
    const text = await readFile(path.join(SDK, "src", file), "utf8");
    for (const match of text.matchAll(/(?:import|export)[^"']*?from\s+["']([^"']+)["']/g)) specifiers.add(match[1]!);
  }
  expect([...specifiers].filter((specifier) => !specifier.startsWith("."))).toEqual(["standardwebhooks"]);
});
