import http from "node:http";
import pg from "pg";
import { type AppServer } from "./app.ts";
import { type CpuProbe } from "./cpu.ts";
import { type SeededCompany } from "./seed.ts";
import { mapLimit, percentiles, sleep } from "./util.ts";

/**
 * Webhooks: a receiver on 127.0.0.1 registered through POST /api/v1/webhook_endpoints for
 * candidate.stage_changed, then CHANGES PATCH /api/v1/candidates/{id} {stage} (distinct candidates,
 * CONCURRENCY in flight). Latency is from sending the PATCH to the receiver having the delivery
 * (so it includes the PATCH itself); throughput is deliveries / (last receipt − first PATCH sent).
 */
/**
 * `warmup` changes go first, uncounted, once with no endpoint and once delivered: a server's first
 * thousands of PATCHes and deliveries are also its JIT compiling them (V8's compiler threads are CPU of
 * the process), which in a 2-second phase was a large, varying part of "CPU per change". Measured: the
 * second thousand PATCHes of a new server still cost it ~1.1 ms of CPU each, the fourth ~0.6 ms.
 */
export const WEBHOOKS = { changes: 1_000, warmup: 2_000, concurrency: 20, timeoutMs: 120_000 } as const;

export type WebhookResult =
  | { available: false; reason: string }
  | {
      available: true;
      changes: number;
      delivered: number;
      duplicates: number;
      patchFailures: number;
      patchRps: number;
      deliveriesPerSecond: number;
      p50: number;
      p95: number;
      max: number;
      seconds: number;
      /** Seconds from the last PATCH's answer to the last receipt: the backlog left when the changes stopped. */
      drainSeconds: number;
      /** CPU per stage change over the whole phase (PATCH, outbox, fan-out, delivery): server and PostgreSQL. */
      cpu?: { server: number; db: number };
      /**
       * CPU per stage change of the same number of PATCHes to other candidates before the endpoint is
       * registered: the PATCH and its outbox publish (an event no endpoint receives). The rest of `cpu`
       * is the fan-out and the delivery.
       */
      patchOnlyCpu?: { server: number; db: number };
      /** The delivery path alone: a burst of committed events, no PATCH load (burstDrain). */
      burst?: BurstResult;
      /** The same 1,000 changes (delivered) of candidates that have a parsed resume (withResumes). */
      resumes?: ResumeChangesResult;
    };

/**
 * Candidates as applications make them: each with a resume's text (RESUME_WORDS words, the length of a
 * one-to-two-page resume; every word distinct, where a real resume repeats some: the heavier end), which
 * the seed leaves out. Full-text search indexes those words, so what a stage change costs depends on
 * them while the GIN index sits on candidates.
 */
export const RESUME_WORDS = 450;

export interface ResumeChangesResult {
  changes: number;
  delivered: number;
  duplicates: number;
  p50: number;
  p95: number;
  cpu?: { server: number; db: number };
}

/**
 * Issue 44's "with the PATCHes not limited by the server": every stage change of this phase (both
 * halves) is committed again at once, as copies of its outbox row, and one PATCH wakes the publisher
 * as any commit does. From that PATCH to the last receipt is the outbox, the fan-out and the delivery
 * with nothing else to do.
 */
export interface BurstResult {
  events: number;
  delivered: number;
  duplicates: number;
  deliveriesPerSecond: number;
  /** Milliseconds from the waking PATCH to the first and to the last receipt. */
  firstMs: number;
  lastMs: number;
  cpu?: { server: number; db: number };
}

interface Receiver {
  url: string;
  receipts: Map<number, number>;
  duplicates: number;
  /** Forgets what arrived so far (a new phase counts its own receipts and duplicates). */
  reset(): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receipts = new Map<number, number>();
  const receiver: Receiver = {
    url: "",
    receipts,
    duplicates: 0,
    reset: () => {
      receipts.clear();
      receiver.duplicates = 0;
    },
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const at = performance.now();
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { event?: string; candidate?: { id?: number } };
        const id = body.candidate?.id;
        if (body.event !== "candidate.stage_changed" || typeof id !== "number") return;
        if (receipts.has(id)) receiver.duplicates++;
        else receipts.set(id, at);
      } catch {
        // not a delivery of ours
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  server.unref();
  return receiver;
}

/** Distinct candidates of the company, each with a stage it is not in now (so every PATCH is a change). */
async function plannedChanges(databaseUrl: string, company: SeededCompany): Promise<Array<{ id: number; stage: string }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; stage: string }>(
      "SELECT id, stage FROM candidates WHERE company_id = $1 ORDER BY id LIMIT $2",
      [company.id, 3 * WEBHOOKS.changes + 2 * WEBHOOKS.warmup + 1],
    );
    return rows.map((r, i) => ({ id: r.id, stage: r.stage === "hired" ? "rejected" : r.stage === "rejected" ? "hired" : i % 2 ? "hired" : "rejected" }));
  } finally {
    await client.end();
  }
}

async function patchAll(server: AppServer, headers: Record<string, string>, changes: Array<{ id: number; stage: string }>, sent?: Map<number, number>): Promise<number> {
  let failures = 0;
  await mapLimit(changes, WEBHOOKS.concurrency, async ({ id, stage }) => {
    sent?.set(id, performance.now());
    const response = await fetch(`${server.url}/api/v1/candidates/${id}`, { method: "PATCH", headers, body: JSON.stringify({ stage }) });
    const body = (await response.json()) as { data?: { stage: string } };
    if (response.status !== 200 || body.data?.stage !== stage) failures++;
  });
  return failures;
}

export async function runWebhookBench(server: AppServer, company: SeededCompany, databaseUrl: string, probe?: CpuProbe): Promise<WebhookResult> {
  const json = { authorization: `Bearer ${company.apiKey}`, "content-type": "application/json" };
  const planned = await plannedChanges(databaseUrl, company);
  // First the same number of changes with no endpoint to deliver to: what the PATCH and the outbox cost alone.
  const patchOnly = planned.slice(WEBHOOKS.changes, 2 * WEBHOOKS.changes);
  const warmup = planned.slice(2 * WEBHOOKS.changes, 2 * WEBHOOKS.changes + WEBHOOKS.warmup);
  const warmupDelivered = planned.slice(2 * WEBHOOKS.changes + WEBHOOKS.warmup, 2 * WEBHOOKS.changes + 2 * WEBHOOKS.warmup);
  const wake = planned[2 * WEBHOOKS.changes + 2 * WEBHOOKS.warmup]!;
  await patchAll(server, json, warmup);
  await sleep(1_000); // the warm-up's publishes done before the sample (a bench's measurement window, not a test's wait)
  const beforePatchOnly = await probe?.sample();
  await patchAll(server, json, patchOnly);
  await sleep(1_000); // the last publishes land in the sample (a bench's measurement window, not a test's wait)
  const afterPatchOnly = await probe?.sample();
  const receiver = await startReceiver();
  try {
    const registered = await fetch(`${server.url}/api/v1/webhook_endpoints`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ url: receiver.url, events: ["candidate.stage_changed"], description: "benchmark receiver" }),
    });
    if (registered.status !== 201) {
      return { available: false, reason: `POST /api/v1/webhook_endpoints answered ${registered.status}: ${(await registered.text()).slice(0, 200)}` };
    }

    await patchAll(server, json, warmupDelivered);
    await receiptsOf(receiver, warmupDelivered.length);
    receiver.reset();

    const changes = planned.slice(0, WEBHOOKS.changes);
    const sent = new Map<number, number>();
    const before = await probe?.sample();
    const started = performance.now();
    const patchFailures = await patchAll(server, json, changes, sent);
    const patchesDone = performance.now();
    const patchSeconds = (patchesDone - started) / 1000;

    await receiptsOf(receiver, changes.length);
    const after = await probe?.sample();
    if (receiver.receipts.size === 0) {
      return { available: false, reason: `the endpoint was registered and ${changes.length} stage changes made, but no delivery arrived (is webhook delivery built yet?)` };
    }
    const latencies = receiptLatencies(receiver, sent);
    const lastReceipt = receiver.receipts.size ? Math.max(...receiver.receipts.values()) : Number.NaN;
    const [p50, p95, max] = percentiles(latencies, [50, 95, 100]);
    const delivered = receiver.receipts.size;
    const duplicates = receiver.duplicates;
    const burst = await burstDrain(server, json, databaseUrl, company, receiver, wake, probe);
    const resumes = await withResumes(server, json, databaseUrl, receiver, planned.slice(2 * WEBHOOKS.changes + 2 * WEBHOOKS.warmup + 1), probe);
    return {
      available: true,
      changes: changes.length,
      delivered,
      duplicates,
      patchFailures,
      patchRps: changes.length / patchSeconds,
      deliveriesPerSecond: delivered / ((lastReceipt - started) / 1000),
      p50: p50!,
      p95: p95!,
      max: max!,
      seconds: (lastReceipt - started) / 1000,
      drainSeconds: Math.max(0, (lastReceipt - patchesDone) / 1000),
      cpu: before && after ? { server: (after.server - before.server) / changes.length, db: (after.db - before.db) / changes.length } : undefined,
      patchOnlyCpu:
        beforePatchOnly && afterPatchOnly
          ? { server: (afterPatchOnly.server - beforePatchOnly.server) / patchOnly.length, db: (afterPatchOnly.db - beforePatchOnly.db) / patchOnly.length }
          : undefined,
      burst,
      resumes,
    };
  } finally {
    await receiver.close();
  }
}

/** `changes` again (delivered, 20 in flight) after each of their candidates got a resume's text. */
async function withResumes(
  server: AppServer,
  headers: Record<string, string>,
  databaseUrl: string,
  receiver: Receiver,
  changes: Array<{ id: number; stage: string }>,
  probe?: CpuProbe,
): Promise<ResumeChangesResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Deterministic: word k of candidate c's resume is one of 4,000 pseudo-words (letters only).
    await client.query(
      `UPDATE candidates c SET resume_status = 'completed', resume_text = (
         SELECT string_agg(translate(substr(md5(((c.id * 7919 + k * 104729) % 4000)::text), 1, 4 + k % 6), '0123456789', 'ghijklmnop'), ' ' ORDER BY k)
           FROM generate_series(1, $2::int) AS k)
        WHERE c.id = ANY($1::int[])`,
      [changes.map((change) => change.id), RESUME_WORDS],
    );
  } finally {
    await client.end();
  }
  receiver.reset();
  const sent = new Map<number, number>();
  const before = await probe?.sample();
  await patchAll(server, headers, changes, sent);
  await receiptsOf(receiver, changes.length);
  const after = await probe?.sample();
  const [p50, p95] = percentiles(receiptLatencies(receiver, sent), [50, 95]);
  return {
    changes: changes.length,
    delivered: receiver.receipts.size,
    duplicates: receiver.duplicates,
    p50: p50 ?? Number.NaN,
    p95: p95 ?? Number.NaN,
    cpu: before && after ? { server: (after.server - before.server) / changes.length, db: (after.db - before.db) / changes.length } : undefined,
  };
}

/** Milliseconds from each change's PATCH being sent to its delivery's receipt. */
function receiptLatencies(receiver: Receiver, sent: Map<number, number>): number[] {
  return [...receiver.receipts].map(([id, at]) => at - (sent.get(id) ?? Number.NaN)).filter(Number.isFinite);
}

/** Waits until `expected` receipts arrived, or none arrived for 10 s, or the phase's time is up. */
async function receiptsOf(receiver: Receiver, expected: number): Promise<void> {
  const deadline = performance.now() + WEBHOOKS.timeoutMs;
  let last = -1;
  let stableSince = performance.now();
  while (performance.now() < deadline) {
    if (receiver.receipts.size !== last) {
      last = receiver.receipts.size;
      stableSince = performance.now();
    }
    if (receiver.receipts.size >= expected || performance.now() - stableSince > 10_000) return;
    await sleep(50);
  }
}

async function burstDrain(
  server: AppServer,
  headers: Record<string, string>,
  databaseUrl: string,
  company: SeededCompany,
  receiver: Receiver,
  wake: { id: number; stage: string },
  probe?: CpuProbe,
): Promise<BurstResult> {
  receiver.reset();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let events: number;
  try {
    // Published by now (every receipt of the phase is in), so nothing else is pending when they go in. Which
    // events are published is a pending_events row gone since 20261205010000, events.published_at set before
    // (paired-phase.ts runs this bench against an earlier checkout's schema too).
    const queue = await client.query<{ present: boolean }>("SELECT to_regclass('pending_events') IS NOT NULL AS present");
    const published = queue.rows[0]!.present ? "NOT EXISTS (SELECT 1 FROM pending_events p WHERE p.event_id = events.id)" : "published_at IS NOT NULL";
    const copied = await client.query(
      `INSERT INTO events (company_id, type, payload)
       SELECT company_id, type, payload FROM events WHERE company_id = $1 AND type = 'candidate.stage_changed' AND ${published}`,
      [company.id],
    );
    events = copied.rowCount ?? 0;
  } finally {
    await client.end();
  }
  const before = await probe?.sample();
  const woken = performance.now();
  await patchAll(server, headers, [wake]);
  const expected = events + 1;
  await receiptsOf(receiver, expected);
  const after = await probe?.sample();
  const times = [...receiver.receipts.values()];
  const first = Math.min(...times);
  const last = Math.max(...times);
  return {
    events: expected,
    delivered: receiver.receipts.size,
    duplicates: receiver.duplicates,
    deliveriesPerSecond: receiver.receipts.size / ((last - woken) / 1000),
    firstMs: first - woken,
    lastMs: last - woken,
    cpu: before && after ? { server: (after.server - before.server) / expected, db: (after.db - before.db) / expected } : undefined,
  };
}
