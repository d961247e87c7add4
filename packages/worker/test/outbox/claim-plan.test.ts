import { createCompany } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { publishWebhookEvents } from "../../src/webhooks/store.ts";

/**
 * The publisher's claim walks pending_events' index on occurred_at whatever PostgreSQL last counted in
 * the queue (migration 20261206010000). Planned for the few rows the queue mostly holds, the claim was a
 * sequential scan sorting every row, kept by the prepared statement when the queue grew: a backlog of
 * 6,000 events was sorted whole for each batch of 100. The plan of the claim's own query is read from
 * auto_explain, sent to this connection as a notice.
 */
useIsolatedDatabase();

const clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.end()));
});

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  clients.push(client);
  return client;
}

const WEBHOOK_TYPES = ["candidate.stage_changed"];

async function queue(client: pg.Client, companyId: number, count: number): Promise<void> {
  await client.query(`INSERT INTO events (company_id, type, payload) SELECT $1, 'candidate.stage_changed', '{}'::jsonb FROM generate_series(1, $2::int)`, [companyId, count]);
}

describe("claiming pending events", () => {
  it("takes a backlog's oldest rows by the index, though the queue was analyzed nearly empty and the statement is prepared", async () => {
    const companyId = (await createCompany(getPrisma(), { name: "Backlog" })).id;
    const client = await connect();
    // Statistics as autovacuum leaves them between bursts: a handful of rows.
    await queue(client, companyId, 5);
    await client.query("ANALYZE pending_events");
    // Past the five custom plans after which PostgreSQL may keep a generic plan for the prepared statement.
    for (let i = 0; i < 8; i++) await publishWebhookEvents(client, { olderThanSeconds: 0, limit: 100, types: WEBHOOK_TYPES });
    expect((await client.query("SELECT count(*)::int AS n FROM pending_events")).rows[0].n).toBe(0);

    await queue(client, companyId, 3_000);
    const plans: string[] = [];
    client.on("notice", (notice) => plans.push(notice.message ?? ""));
    await client.query("LOAD 'auto_explain'");
    await client.query("SET auto_explain.log_min_duration = 0");
    await client.query("SET auto_explain.log_nested_statements = on");
    await client.query("SET auto_explain.log_level = notice");
    const batch = await publishWebhookEvents(client, { olderThanSeconds: 0, limit: 100, types: WEBHOOK_TYPES });
    await client.query("RESET auto_explain.log_min_duration");

    expect(batch.claimed).toBe(100);
    const claim = plans.find((plan) => plan.includes("FROM pending_events") && plan.includes("FOR UPDATE SKIP LOCKED"));
    expect(claim, plans.join("\n---\n")).toBeDefined();
    expect(claim).toMatch(/Index Scan using pending_events_occurred_at_idx/);
    expect(claim).not.toMatch(/Seq Scan|Sort/);
    expect((await client.query("SELECT count(*)::int AS n FROM pending_events")).rows[0].n).toBe(2_900);
  });
});
