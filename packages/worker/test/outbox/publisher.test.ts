import { createCompany, recordEvent, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { z } from "zod";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterEach, describe, expect, it } from "vitest";
import { publishPendingEvents } from "../../src/outbox/publisher.ts";
import { defineJob, getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";

useIsolatedDatabase();
afterEach(() => shutdownLocalRunner());

function recorder() {
  const seen: { id: string; data: unknown }[] = [];
  const job = defineJob({
    id: "test-recorder",
    event: "webhook.test",
    retries: 0,
    schema: z.object({ event_id: z.string(), company_id: z.number(), occurred_at: z.string(), payload: z.record(z.string(), z.unknown()) }),
    handler: async ({ event }) => {
      seen.push({ id: event.id, data: event.data });
    },
  });
  registerJobs([job]);
  return seen;
}

describe("outbox publisher", () => {
  it("publishes each committed event once, with its row id as the event id, and marks it published", async () => {
    const seen = recorder();
    const prisma = getPrisma();
    const company = await createCompany(prisma, { name: "Outbox Co" });
    const svc = systemContext(prisma, company.id);
    const ids = await svc.db.$transaction(async (tx) => [
      (await recordEvent(tx, "webhook.test", { n: 1 })).id,
      (await recordEvent(tx, "webhook.test", { n: 2 })).id,
    ]);
    // Two publishers racing (two server processes): SKIP LOCKED gives each row to one of them.
    const counts = await Promise.all([publishPendingEvents(prisma), publishPendingEvents(prisma)]);
    await getLocalRunner().idle();
    const mine = seen.filter((s) => ids.includes(s.id));
    expect(mine.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    expect(mine[0]!.data).toMatchObject({ company_id: company.id, payload: { n: expect.any(Number) } });
    const rows = await prisma.event.findMany({ where: { id: { in: ids } } });
    expect(rows.every((r) => r.publishedAt instanceof Date)).toBe(true);
    // Nothing left: a second sweep publishes nothing of ours again.
    await publishPendingEvents(prisma);
    await getLocalRunner().idle();
    expect(seen.filter((s) => ids.includes(s.id))).toHaveLength(2);
  });

  it("leaves rows unpublished when the driver fails, so the sweeper can retry", async () => {
    const prisma = getPrisma();
    const company = await createCompany(prisma, { name: "Outbox Fail Co" });
    const { id } = await systemContext(prisma, company.id).db.$transaction((tx) => recordEvent(tx, "webhook.test", {}));
    const runner = getLocalRunner();
    const original = runner.send.bind(runner);
    runner.send = async () => {
      throw new Error("driver down");
    };
    await expect(publishPendingEvents(prisma)).rejects.toThrow("driver down");
    expect((await prisma.event.findUniqueOrThrow({ where: { id } })).publishedAt).toBeNull();
    runner.send = original;
    recorder();
    await publishPendingEvents(prisma);
    expect((await prisma.event.findUniqueOrThrow({ where: { id } })).publishedAt).not.toBeNull();
  });
});
