import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { migrate } from "@hireflow/db/migrate";
import { migrationsDir } from "@hireflow/db/paths";
import { createDatabase } from "@hireflow/db/testing/server";
import type {} from "@hireflow/db/testing/global-setup";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { DEFAULT_PIPELINE } from "../src/modules/pipeline/stages.ts";

/**
 * The job pipelines migration on a database that has candidates in all six stages (issue 23): every
 * job gets the default pipeline (the same as DEFAULT_PIPELINE in the code), every candidate keeps its
 * stage string, outcomes are backfilled from the stage history, every company gets the default reject
 * reasons; afterwards new jobs and companies get theirs from the triggers, and the foreign key keeps
 * every candidate in a stage of its job.
 */
describe("the job_pipelines migration", () => {
  it("keeps every candidate's stage and gives every job the default pipeline", async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), "hireflow-pipelines-"));
    const database = await createDatabase(inject("adminUrl"));
    const client = new pg.Client({ connectionString: database.url });
    try {
      const names = (await readdir(migrationsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      const pipelines = names.find((name) => name.endsWith("_job_pipelines"))!;
      expect(pipelines).toBeDefined();
      const before = path.join(work, "before");
      for (const name of names.filter((n) => n < pipelines)) await cp(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
      await migrate(database.url, { dir: before });
      await client.connect();

      const company = (await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('Old Co', 'old-co') RETURNING id`)).rows[0]!.id;
      const department = (await client.query<{ id: number }>(`INSERT INTO departments (company_id, name) VALUES ($1, 'General') RETURNING id`, [company])).rows[0]!.id;
      const jobs: number[] = [];
      for (const title of ["Backend", "Design"]) {
        jobs.push((await client.query<{ id: number }>(`INSERT INTO jobs (company_id, department_id, title) VALUES ($1, $2, $3) RETURNING id`, [company, department, title])).rows[0]!.id);
      }
      const stages = ["prospect", "applied", "phonescreen", "inprogress", "hired", "rejected"];
      const candidates: { id: number; stage: string; job: number }[] = [];
      for (const job of jobs) {
        for (const stage of stages) {
          const { rows } = await client.query<{ id: number }>(
            `INSERT INTO candidates (company_id, job_id, name, stage, application_source, created_at) VALUES ($1, $2, $3, $4, 'public_api', '2026-01-01T00:00:00Z') RETURNING id`,
            [company, job, `${stage} person`, stage],
          );
          candidates.push({ id: rows[0]!.id, stage, job });
        }
      }
      const hiredMove = candidates.find((c) => c.stage === "hired" && c.job === jobs[0])!;
      await client.query(
        `INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, data, created_at)
         VALUES ($1, $2, 'stage_changed', 'api', '{"previous_stage":"inprogress","new_stage":"hired"}', '2026-03-04T05:06:07Z')`,
        [company, hiredMove.id],
      );

      await migrate(database.url);

      for (const job of jobs) {
        const { rows } = await client.query(`SELECT key, name, type::text AS type FROM job_stages WHERE job_id = $1 ORDER BY position`, [job]);
        expect(rows).toEqual(DEFAULT_PIPELINE);
      }
      const { rows: after } = await client.query<{ id: number; stage: string; hired_at: Date | null; rejected_at: Date | null }>(
        `SELECT id, stage, hired_at, rejected_at FROM candidates ORDER BY id`,
      );
      expect(after.map((c) => ({ id: c.id, stage: c.stage }))).toEqual(candidates.map((c) => ({ id: c.id, stage: c.stage })));
      for (const row of after) {
        const stage = candidates.find((c) => c.id === row.id)!.stage;
        expect(row.hired_at !== null, `hired_at of a ${stage} candidate`).toBe(stage === "hired");
        expect(row.rejected_at !== null, `rejected_at of a ${stage} candidate`).toBe(stage === "rejected");
      }
      // The last move into hired, else the creation.
      expect(after.find((c) => c.id === hiredMove.id)!.hired_at!.toISOString()).toBe("2026-03-04T05:06:07.000Z");
      const otherHired = candidates.find((c) => c.stage === "hired" && c.job === jobs[1])!;
      expect(after.find((c) => c.id === otherHired.id)!.hired_at!.toISOString()).toBe("2026-01-01T00:00:00.000Z");

      const reasons = await client.query(`SELECT name FROM reject_reasons WHERE company_id = $1 ORDER BY position`, [company]);
      expect(reasons.rows.map((r) => r.name)).toEqual(["Not a fit for the role", "Withdrew", "Position filled", "Compensation", "Location", "No response", "Other"]);

      // From now on: a new job gets its company's template (the default), a new company its reasons.
      const newJob = (await client.query<{ id: number }>(`INSERT INTO jobs (company_id, department_id, title) VALUES ($1, $2, 'New') RETURNING id`, [company, department])).rows[0]!.id;
      expect((await client.query(`SELECT key, name, type::text AS type FROM job_stages WHERE job_id = $1 ORDER BY position`, [newJob])).rows).toEqual(DEFAULT_PIPELINE);
      const template = [{ key: "lead", name: "Lead", type: "prospect" }, { key: "applied", name: "Applied", type: "applied" }, { key: "won", name: "Won", type: "hired" }, { key: "lost", name: "Lost", type: "rejected" }];
      await client.query(`UPDATE companies SET pipeline_template = $1 WHERE id = $2`, [JSON.stringify(template), company]);
      const templated = (await client.query<{ id: number }>(`INSERT INTO jobs (company_id, department_id, title) VALUES ($1, $2, 'Templated') RETURNING id`, [company, department])).rows[0]!.id;
      expect((await client.query(`SELECT key, name, type::text AS type FROM job_stages WHERE job_id = $1 ORDER BY position`, [templated])).rows).toEqual(template);
      const newCompany = (await client.query<{ id: number }>(`INSERT INTO companies (name, slug) VALUES ('New Co', 'new-co') RETURNING id`)).rows[0]!.id;
      expect((await client.query(`SELECT count(*)::int AS n FROM reject_reasons WHERE company_id = $1`, [newCompany])).rows[0].n).toBe(7);

      // A candidate can only be in a stage its job has.
      await expect(
        client.query(`INSERT INTO candidates (company_id, job_id, name, stage, application_source) VALUES ($1, $2, 'X', 'interview', 'public_api')`, [company, jobs[0]]),
      ).rejects.toMatchObject({ constraint: "candidates_job_stage_fkey" });
      await expect(client.query(`DELETE FROM job_stages WHERE job_id = $1 AND key = 'hired'`, [jobs[0]])).rejects.toMatchObject({ constraint: "candidates_job_stage_fkey" });
    } finally {
      await client.end().catch(() => {});
      await database.drop();
      await rm(work, { recursive: true, force: true });
    }
  });
});
