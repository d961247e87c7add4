import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { migrate } from "../src/migrate.ts";
import { migrationsDir } from "../src/paths.ts";
import { createDatabase, type TestDatabase } from "../src/testing/server.ts";

/**
 * Upgrading a database that has users of the old roles (admin, member) to owner / admin / recruiter:
 * every admin had full control and becomes an owner, a member becomes a recruiter, and new users
 * default to owner (the admin CLI's behaviour before roles existed).
 */
const MIGRATION = "20261125140000_team_roles";

describe(`migration ${MIGRATION}`, () => {
  let workDir: string;
  let database: TestDatabase;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), "hireflow-roles-"));
    database = await createDatabase(inject("adminUrl"));
  });
  afterAll(async () => {
    await database?.drop();
    await rm(workDir, { recursive: true, force: true });
  });

  it("turns admins into owners and members into recruiters, defaults to owner, and guards the audit log", async () => {
    // The migrations before this one, applied to a database with users of both old roles.
    const before = path.join(workDir, "before");
    await cp(migrationsDir, before, { recursive: true });
    const names = (await readdir(before, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(names).toContain(MIGRATION);
    for (const name of names.filter((n) => n >= MIGRATION)) await rm(path.join(before, name), { recursive: true });
    await migrate(database.url, { dir: before });

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows: [company] } = await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('Old', 'old') RETURNING id`);
      await client.query(
        `INSERT INTO users (company_id, email, password_hash, role) VALUES ($1, 'a@old.test', 'x', 'admin'), ($1, 'm@old.test', 'x', 'member')`,
        [company!.id],
      );

      await migrate(database.url);
      const { rows } = await client.query<{ email: string; role: string }>(`SELECT email, role::text AS role FROM users ORDER BY email`);
      expect(rows).toEqual([
        { email: "a@old.test", role: "owner" },
        { email: "m@old.test", role: "recruiter" },
      ]);
      await client.query(`INSERT INTO users (company_id, email, password_hash) VALUES ($1, 'new@old.test', 'x')`, [company!.id]);
      expect((await client.query(`SELECT role::text AS role FROM users WHERE email = 'new@old.test'`)).rows).toEqual([{ role: "owner" }]);
      const { rows: values } = await client.query(`SELECT unnest(enum_range(NULL::user_role))::text AS v`);
      // This migration's three, then what later ones appended (interviewer: 20261127010000_scorecards).
      expect(values.map((r) => r.v)).toEqual(["owner", "admin", "recruiter", "interviewer"]);

      // The audit log takes rows, refuses to change them, and lets them go with their company.
      await client.query(`INSERT INTO audit_log (company_id, action, actor_type, actor_label) VALUES ($1, 'api_key.created', 'system', 'system')`, [company!.id]);
      await expect(client.query(`UPDATE audit_log SET actor_label = 'someone else'`)).rejects.toThrow(/append-only/);
      await client.query(`DELETE FROM users WHERE company_id = $1`, [company!.id]);
      await client.query(`DELETE FROM companies WHERE id = $1`, [company!.id]);
      expect((await client.query(`SELECT count(*)::int AS n FROM audit_log`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });
});
