import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate, readMigrations } from "../src/migrate.ts";
import { createDatabase } from "../src/testing/server.ts";

describe("migration runner", () => {
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ url, drop } = await createDatabase(inject("adminUrl")));
  });
  afterAll(async () => drop());

  it("applies every migration once and records it as Prisma does", async () => {
    const migrations = await readMigrations();
    const first = await migrate(url);
    expect(first.applied).toEqual(migrations.map((m) => m.name));
    const second = await migrate(url);
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(migrations.map((m) => m.name));

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count, rolled_back_at FROM _prisma_migrations ORDER BY migration_name`,
    );
    await client.end();
    expect(rows).toHaveLength(migrations.length);
    rows.forEach((row, i) => {
      expect(row.migration_name).toBe(migrations[i]!.name);
      expect(row.checksum).toBe(migrations[i]!.checksum);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
      expect(row.rolled_back_at).toBeNull();
    });
  });
});
