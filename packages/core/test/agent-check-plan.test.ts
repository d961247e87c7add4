import { randomBytes } from "node:crypto";
import { getPrisma, poolOf } from "@hireflow/db";
import { type PoolClient } from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createCandidate, createCompany, createJob, systemContext } from "../src/index.ts";
import { agentPlaced } from "../src/modules/candidate/move/agent-override.ts";
import { MOVE_CANDIDATE } from "../src/modules/candidate/move/typed-move.ts";

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/**
 * PATCH's move statement asks whether the AI agent placed the candidate: their latest stage change. It
 * twice cost a scan that grew with the moves (docs/BENCHMARKS.md, "PATCH, paired"): first of every
 * company's stage changes, then of all the candidate's, sorted. Pinned here on the executed plan, in
 * both of PostgreSQL's plan modes (a prepared statement's generic plan is what the server runs after
 * five executions), on a history of 300 moves that the statistics have not seen: one row read from
 * the activities, through candidate_activities_latest_stage_change_idx. Which plan the planner picks
 * depends on the statistics; this database's do not reproduce the bench's, where a company condition
 * on the activities led to the sort, so that form is kept out by the statement itself (candidate/move/typed-move.ts).
 */
describe("PATCH's agent check reads one stage change however many the candidate has", () => {
  const prisma = getPrisma();
  const tag = randomBytes(4).toString("hex");
  let companyId: number;
  let candidateId: number;

  const moves = (company: number, candidate: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      companyId: company,
      candidateId: candidate,
      type: "stage_changed" as const,
      addedBy: "api" as const,
      data: { previous_stage: i % 2 ? "phonescreen" : "applied", new_stage: i % 2 ? "applied" : "phonescreen" },
    }));

  // Statistics taken while each candidate has moved once or twice (as in a seeded or a young database);
  // the long history is written later, inside each test's transaction, where no ANALYZE sees it.
  beforeAll(async () => {
    const company = await createCompany(prisma, { name: `Plan ${tag}` });
    const svc = systemContext(prisma, company.id);
    const job = await createJob(svc, { title: "Data Engineer" });
    companyId = company.id;
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      ids.push((await createCandidate(svc, { job_id: job.id, name: `Candidate ${i}`, email: `plan-${i}-${tag}@example.com` }, { source: "public_api" })).id);
    }
    candidateId = ids[0]!;
    await prisma.candidateActivity.createMany({ data: ids.flatMap((id, i) => moves(companyId, id, 1 + (i % 2))) });
    await prisma.$executeRawUnsafe("ANALYZE candidate_activities");
  });

  /** In a transaction that is rolled back: 300 more moves of the candidate, the agent's last. */
  async function withLongHistory<T>(run: (client: PoolClient) => Promise<T>): Promise<T> {
    const client = await poolOf(prisma).connect();
    try {
      await client.query("BEGIN");
      for (const move of moves(companyId, candidateId, 300)) {
        await client.query("INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, data) VALUES ($1, $2, 'stage_changed', 'api', $3)", [move.companyId, move.candidateId, move.data]);
      }
      await client.query(
        `INSERT INTO candidate_activities (company_id, candidate_id, type, added_by, data) VALUES ($1, $2, 'stage_changed', 'ai_agent', '{"previous_stage": "applied", "new_stage": "phonescreen"}')`,
        [companyId, candidateId],
      );
      return await run(client);
    } finally {
      await client.query("ROLLBACK");
      // A prepared statement outlives the transaction: the connection is closed, not given back. (DEALLOCATE ALL
      // also dropped the statements pg had prepared on it for others, and the next file of the worker that got
      // the connection failed with "prepared statement … does not exist".)
      client.release(true);
    }
  }

  // The move statement's parameters: the candidate, to `stage`, by an API key.
  const moveTo = (company: number, stage: string) => [company, candidateId, stage, "api", null, "https://example.com/candidates/x", null];
  const stageNow = async (client: PoolClient) => (await client.query<{ stage: string }>("SELECT stage FROM candidates WHERE id = $1", [candidateId])).rows[0]!.stage;

  for (const mode of ["force_custom_plan", "force_generic_plan"]) {
    it(`${MOVE_CANDIDATE.name}, ${mode}: the latest stage change through its own index, one row`, async () => {
      const plan = await withLongHistory(async (client) => {
        await client.query(`SET LOCAL plan_cache_mode = ${mode}`);
        await client.query(`PREPARE agent_check_plan AS ${MOVE_CANDIDATE.text}`);
        // To the stage they are in: the statement reads everything and moves nothing.
        const [a, b, c, d, e, f, g] = moveTo(companyId, await stageNow(client)).map((v) => (v === null ? "NULL" : typeof v === "number" ? v : `'${v}'`));
        const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE agent_check_plan(${[a, b, c, d, e, f, g].join(", ")})`);
        return rows[0]!["QUERY PLAN"][0].Plan;
      });
      // The activities are read once (the INSERT of the move's activity is a ModifyTable node, and did not run).
      const activityReads = nodesOf(plan).filter((node) => node["Relation Name"] === "candidate_activities" && node["Node Type"] !== "ModifyTable");
      expect(activityReads).toHaveLength(1);
      expect(activityReads[0]).toMatchObject({ "Index Name": "candidate_activities_latest_stage_change_idx", "Actual Rows": 1, "Actual Loops": 1 });
    });
  }

  it("and it answers right: the agent's move, last of 300, is found; on another company's candidate, nothing is", async () => {
    const placed = await withLongHistory(async (client) => {
      const read = await client.query<{ agentPlaced: boolean }>(MOVE_CANDIDATE.text, moveTo(companyId, await stageNow(client)));
      // The candidate is still in the stage they were created in; the agent moved them to phonescreen.
      await client.query("UPDATE candidates SET stage = 'phonescreen' WHERE id = $1", [candidateId]);
      const afterMove = await client.query<{ agentPlaced: boolean; movedAt: Date | null }>(MOVE_CANDIDATE.text, moveTo(companyId, "applied"));
      const otherCompany = await client.query(MOVE_CANDIDATE.text, moveTo(companyId + 1, "applied"));
      return {
        before: read.rows[0]!.agentPlaced,
        after: afterMove.rows[0]!.agentPlaced,
        // Placed by the agent: the statement moved nothing (changeStage makes that move).
        movedAfter: afterMove.rows[0]!.movedAt,
        stageAfter: await stageNow(client),
        otherCompany: otherCompany.rows.length,
      };
    });
    expect(placed).toEqual({ before: false, after: true, movedAfter: null, stageAfter: "phonescreen", otherCompany: 0 });
    await prisma.candidateActivity.create({
      data: { companyId, candidateId, type: "stage_changed", addedBy: "ai_agent", data: { previous_stage: "applied", new_stage: "phonescreen" } },
    });
    expect(await agentPlaced(prisma as never, { id: candidateId, companyId, stage: "phonescreen" })).toBe(true);
    expect(await agentPlaced(prisma as never, { id: candidateId, companyId, stage: "applied" })).toBe(false);
    expect(await agentPlaced(prisma as never, { id: candidateId, companyId: companyId + 1, stage: "phonescreen" })).toBe(false);
  });
});
