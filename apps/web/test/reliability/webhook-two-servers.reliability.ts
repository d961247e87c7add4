import { getPrisma, poolOf } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { createTestCompany } from "../helpers/fixtures.ts";
import { useServerProcesses } from "./support/server-processes.ts";
import { createReceiver } from "./support/receiver.ts";

/**
 * Two server processes (API + background work each) on one database, 5,000 stage changes spread over
 * both, 40 in flight: every change's candidate.stage_changed reaches the receiver exactly once. Both
 * processes publish, fan out and deliver at the same time, so a batch claimed twice, a delivery sent
 * by both or one lost between them shows here (issue 44: the batched path keeps at-least-once and adds
 * no duplicates where nothing failed).
 */
const CHANGES = 5_000;
const IN_FLIGHT = 40;

const processes = useServerProcesses({ killAfter: "file" });

async function eventually(check: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what()}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("webhooks from two server processes on one database", () => {
  it(`delivers each of ${CHANGES} stage changes exactly once`, { timeout: 600_000 }, async () => {
    const receiver = createReceiver();
    await receiver.up();
    const env = { RATE_LIMIT_MAX: "1000000000" };
    const servers = await Promise.all([processes.start(env), processes.start(env)]);
    const company = await createTestCompany();
    const registered = await fetch(`${servers[0]!.url}/api/v1/webhook_endpoints`, {
      method: "POST",
      headers: company.headers,
      body: JSON.stringify({ url: receiver.url(), events: ["candidate.stage_changed"] }),
    });
    expect(registered.status).toBe(201);

    // The candidates, written directly: the changes are what is under test, not the creates.
    const { rows } = await poolOf(getPrisma()).query<{ id: number }>(
      `INSERT INTO candidates (company_id, job_id, name, stage, application_source, lead_type)
       SELECT $1, $2, 'Moved ' || n, 'applied', 'public_api', 'sourced' FROM generate_series(1, $3::int) n RETURNING id`,
      [company.id, company.jobId, CHANGES],
    );
    const ids = rows.map((r) => r.id);
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < ids.length) {
          const i = next++;
          // Alternate the server, as a load balancer in front of two would.
          const res = await fetch(`${servers[i % 2]!.url}/api/v1/candidates/${ids[i]}`, { method: "PATCH", headers: company.headers, body: JSON.stringify({ stage: "phonescreen" }) });
          await res.arrayBuffer();
          if (res.status !== 200) failures.push(`${ids[i]}: ${res.status}`);
        }
      }),
    );
    expect(failures).toEqual([]);

    const events = await getPrisma().event.findMany({ where: { companyId: company.id, type: "candidate.stage_changed" }, select: { id: true } });
    expect(events).toHaveLength(CHANGES);
    await eventually(() => receiver.received.length >= CHANGES, 300_000, () => `${receiver.received.length} of ${CHANGES} delivered`);
    // Every attempt recorded (a batch's record follows its receipts): nothing is left to send twice.
    let unfinished = -1;
    const settled = async () => (unfinished = await getPrisma().webhookDelivery.count({ where: { companyId: company.id, status: { not: "succeeded" } } })) === 0;
    const deadline = Date.now() + 60_000;
    while (!(await settled())) {
      if (Date.now() > deadline) throw new Error(`${unfinished} deliveries not recorded as succeeded after 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const received = receiver.received.map((r) => r.id);
    const counts = new Map<string, number>();
    for (const id of received) counts.set(id, (counts.get(id) ?? 0) + 1);
    const duplicated = [...counts].filter(([, n]) => n > 1);
    console.info(`[reliability] webhook-two-servers ${JSON.stringify({ changes: CHANGES, received: received.length, distinct: counts.size, duplicated: duplicated.length })}`);
    expect(duplicated).toEqual([]);
    expect(new Set(received)).toEqual(new Set(events.map((e) => e.id)));
    const attempts = await getPrisma().webhookDelivery.aggregate({ where: { companyId: company.id }, _sum: { attemptCount: true }, _count: true });
    expect(attempts).toMatchObject({ _count: CHANGES, _sum: { attemptCount: CHANGES } });
    await receiver.down();
  });
});
