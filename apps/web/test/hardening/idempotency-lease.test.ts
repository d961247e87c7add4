import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import { claimIdempotencyKey } from "../../src/server/rest/idempotency.ts";
import { createTestCompany } from "../helpers/fixtures.ts";

/**
 * A key whose request died without releasing it (the database went away before the 5xx could be
 * recorded) must not answer "still being processed" for 24 hours: past the lease a retry takes it
 * over. The database crash suite (test/reliability/db-restart) shows the end-to-end effect.
 */
let apiKeyId: number;

beforeAll(async () => {
  const company = await createTestCompany();
  apiKeyId = (await getPrisma().apiKey.findFirstOrThrow({ where: { companyId: company.id } })).id;
});

describe("idempotency key lease", () => {
  it("a claim left in progress is a 409 within the lease and is taken over after it", async () => {
    const prisma = getPrisma();
    const first = await claimIdempotencyKey(prisma, { apiKeyId }, "orphaned-1", "fingerprint");
    expect(first.kind).toBe("new");
    await expect(claimIdempotencyKey(prisma, { apiKeyId }, "orphaned-1", "fingerprint")).rejects.toMatchObject({ code: "conflict" });
    // The process that claimed it is gone; the lease (60 s by default) runs out.
    await prisma.idempotencyKey.update({ where: { id: (first as { id: number }).id }, data: { createdAt: new Date(Date.now() - 61_000) } });
    const retry = await claimIdempotencyKey(prisma, { apiKeyId }, "orphaned-1", "fingerprint");
    expect(retry.kind).toBe("new");
    expect((retry as { id: number }).id).not.toBe((first as { id: number }).id);
    expect(await prisma.idempotencyKey.count({ where: { apiKeyId, key: "orphaned-1" } })).toBe(1);
    // Another body under the stale key is still a conflict, lease or not.
    await prisma.idempotencyKey.update({ where: { id: (retry as { id: number }).id }, data: { createdAt: new Date(Date.now() - 61_000) } });
    await expect(claimIdempotencyKey(prisma, { apiKeyId }, "orphaned-1", "other fingerprint")).rejects.toMatchObject({ code: "conflict" });
  });
});
