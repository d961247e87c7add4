import { randomBytes } from "node:crypto";
import { createCompany } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { describe, expect, it } from "vitest";
import { pruneOldEvents } from "../../src/outbox/retention.ts";
import { createPublishedEvent } from "@hireflow/db/testing/outbox";

// Table-wide deletes: a database of this file's own (no publisher runs here, so unpublished rows stay so).
useIsolatedDatabase();

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

async function setup() {
  const prisma = getPrisma();
  const company = await createCompany(prisma, { name: `Retention ${randomBytes(4).toString("hex")}` });
  const endpoint = await prisma.webhookEndpoint.create({ data: { companyId: company.id, url: "https://hooks.example.test/x", secret: `whsec_${randomBytes(32).toString("base64")}` } });
  const event = (occurredAt: Date, published = true, type = "candidate.stage_changed") => {
    const data = { companyId: company.id, type, payload: {}, occurredAt };
    return published ? createPublishedEvent(data) : prisma.event.create({ data });
  };
  const delivery = (eventId: string, status: "pending" | "succeeded" | "failed") =>
    prisma.webhookDelivery.create({ data: { companyId: company.id, eventId, endpointId: endpoint.id, status, attemptCount: 1 } });
  return { prisma, companyId: company.id, event, delivery };
}

describe("events retention", () => {
  it("deletes published events past the retention in batches, their deliveries with them; keeps unpublished ones and those still being delivered", async () => {
    const { prisma, companyId, event, delivery } = await setup();
    const old = await Promise.all([31, 32, 33, 60, 365].map((days) => event(ago(days))));
    await event(ago(31), true, "candidate/resume.uploaded");
    const failed = await event(ago(40));
    const failedDelivery = await delivery(failed.id, "failed");
    const unpublished = await event(ago(50), false);
    const retrying = await event(ago(50));
    await delivery(retrying.id, "pending");
    const kept = await Promise.all([29.9, 0.5, 0].map((days) => event(ago(days))));

    // Seven old rows (the internal one too) in batches of 2: four statements, and all of them go.
    expect(await pruneOldEvents(prisma, { retentionDays: 30, batchSize: 2 })).toBe(old.length + 2);
    const left = await prisma.event.findMany({ where: { companyId }, select: { id: true } });
    expect(left.map((e) => e.id).sort()).toEqual([unpublished.id, retrying.id, ...kept.map((e) => e.id)].sort());
    expect(await prisma.webhookDelivery.findUnique({ where: { id: failedDelivery.id } })).toBeNull();
    expect(await pruneOldEvents(prisma, { retentionDays: 30 })).toBe(0);

    // A shorter retention reaches further.
    expect(await pruneOldEvents(prisma, { retentionDays: 1 })).toBe(1);
    expect(await prisma.event.count({ where: { companyId } })).toBe(4);
  });
});
