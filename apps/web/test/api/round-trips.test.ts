import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { useIsolatedDatabase } from "@hireflow/db/testing/isolated";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startApiServer, waitForOutput } from "../helpers/built-server.ts";
import { apiClient, type ApiClient } from "../helpers/client.ts";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";
import { startRoundTripCounter, type RoundTripCounter } from "../helpers/pg-round-trips.ts";

/**
 * Database round trips per API request, counted on the wire between a server process and
 * PostgreSQL (helpers/pg-round-trips.ts), with the key already verified (cached, as in every
 * long-lived server) and no background work in that process. A change here is a change in what
 * every request costs (docs/BENCHMARKS.md): it must be deliberate.
 */
// A database of this file's own: on the shared one, other files' writes notify the server's key and
// stage caches (a member's role changed, a job's stages edited), and the refill was counted as the
// request's round trip (a loaded repeat beside job-stage-cache, offers and scopes: one extra "S" a run).
useIsolatedDatabase();

describe("database round trips per request", () => {
  let company: TestCompany;
  let counter: RoundTripCounter;
  let server: BuiltServer;
  let api: ApiClient;
  let candidateId: number;
  let screenedJobId: number;
  let plainJobId: number;

  beforeAll(async () => {
    company = await createTestCompany();
    counter = await startRoundTripCounter(process.env.DATABASE_URL!);
    // The caches keep the key and the stages for the whole file: their 30 s and 60 s TTLs ran out between
    // beforeAll and a test in a loaded run, and the refresh was counted as the request's (a second "S").
    server = await startApiServer({
      DATABASE_URL: counter.url,
      HIREFLOW_BACKGROUND_WORK: "off",
      RATE_LIMIT_MAX: "1000000",
      API_KEY_CACHE_TTL_MS: "3600000",
      JOB_STAGE_CACHE_TTL_MS: "3600000",
    });
    api = apiClient(server.url, company);
    const created = await api.post("/candidates", { job_id: company.jobId, name: "Ada Lovelace", email: `ada-${randomBytes(4).toString("hex")}@example.com` });
    expect(created.status).toBe(201);
    candidateId = created.body.data.id;
    const screened = await api.post("/jobs", { title: "Go developer", screening: { mode: "score", criteria: [{ type: "skill", value: "Go" }] } });
    expect(screened.status).toBe(201);
    screenedJobId = screened.body.data.id;
    const plain = await api.post("/jobs", { title: "Data engineer" });
    expect(plain.status).toBe(201);
    plainJobId = plain.body.data.id;
    // The key is verified (and last_used_at written) by now. A 404 of a candidate reads no job's stages,
    // so no test below finds a job's stages cached by this.
    await api.get(`/candidates/2147483647`);
    // A long-lived server names stages from its cache of the jobs' stages once that listens.
    await waitForOutput(server, "job stage cache listening");
  });
  afterAll(async () => {
    await server?.close();
    await counter?.close();
  });

  /**
   * The key's last_used_at is written at most once a minute (api-keys.ts): in a loaded run a minute passed
   * between beforeAll and a test, and that write landed among the counted round trips. When it is due, a
   * request of the key's makes it, and the count waits until the row shows it.
   */
  async function keyUseRecorded(): Promise<void> {
    const fresh = async () => {
      const [row] = await getPrisma().$queryRaw<{ fresh: boolean }[]>`
        SELECT coalesce(max(k.last_used_at) > now() - interval '45 seconds', false) AS fresh FROM api_keys k WHERE k.company_id = ${company.id}`;
      return row?.fresh === true;
    };
    if (await fresh()) return;
    expect((await api.get(`/candidates/2147483647`)).status).toBe(404);
    const deadline = Date.now() + 20_000;
    while (!(await fresh())) {
      if (Date.now() > deadline) throw new Error("the key's last_used_at was not written within 20 s");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async function roundTrips(request: () => Promise<{ status: number }>, status: number): Promise<string[]> {
    await keyUseRecorded();
    await new Promise((resolve) => setTimeout(resolve, 50));
    counter.reset();
    const res = await request();
    expect(res.status).toBe(status);
    // Work a request leaves behind (a fire-and-forget write) counts too.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return counter.log();
  }

  const email = () => `c-${randomBytes(6).toString("hex")}@example.com`;

  it("GET a job: 2 the first time (the job with its interview kits and hiring team, then its stages, kept), 1 after", async () => {
    expect(await roundTrips(() => api.get(`/jobs/${plainJobId}`), 200)).toEqual(["S", "S"]);
    expect(await roundTrips(() => api.get(`/jobs/${plainJobId}`), 200)).toEqual(["S"]);
  });

  it("GET a candidate: 2 the first time a job's candidate is read (the candidate, then the job's stages, kept), 1 after", async () => {
    expect(await roundTrips(() => api.get(`/candidates/${candidateId}`), 200)).toEqual(["S", "S"]);
    expect(await roundTrips(() => api.get(`/candidates/${candidateId}`), 200)).toEqual(["S"]);
  });

  it("GET a list page of candidates: 1 (the stages' names from the cache)", async () => {
    await api.get(`/candidates/${candidateId}`);
    expect(await roundTrips(() => api.get(`/candidates?job_id=${company.jobId}&limit=25`), 200)).toEqual(["S"]);
  });

  it("a 404 (another company's or no candidate): 1", async () => {
    expect(await roundTrips(() => api.get(`/candidates/2147483647`), 404)).toEqual(["S"]);
  });

  // The job (with the company's phone region and the job's screening settings) must be read before
  // the insert: it decides validation (404), phone normalisation and whether a scoring is queued.
  // The candidate and its "created" activity are then one statement (a data-modifying CTE, atomic
  // without BEGIN/COMMIT; services/candidate-insert.ts). A create that also records an event (an
  // application, a resume, a scoring) is Prisma's transaction: BEGIN and COMMIT are round trips too.
  it("POST a candidate: 2 (the job; the candidate with its activity in one statement)", async () => {
    const trips = await roundTrips(() => api.post("/candidates", { job_id: company.jobId, name: "Grace Hopper", email: email(), notes: "Referred by Ada" }), 201);
    expect(trips).toEqual(["S", "S"]);
  });

  it("POST a candidate to a job with AI screening on: 6 (the job; BEGIN, candidate, activity, scoring request, COMMIT)", async () => {
    const trips = await roundTrips(() => api.post("/candidates", { job_id: screenedJobId, name: "Alan Turing", email: email() }), 201);
    expect(trips).toEqual(["S", "Q BEGIN", "S", "S", "S", "Q COMMIT"]);
  });

  // Moves of one candidate are serialised (each event's previous_stage is the real one): the read, the
  // move, its activity and its outbox event are one statement that changes the row only while it is the
  // version it read (candidate/move/typed-move.ts). Read, then move, it was 2; with BEGIN, a locking read
  // and COMMIT 4; through Prisma 7.
  it("PATCH a stage: 1 (the candidate read, moved if still that version, with its activity and event)", async () => {
    const created = await api.post("/candidates", { job_id: company.jobId, name: "Katherine Johnson", email: email() });
    const trips = await roundTrips(() => api.patch(`/candidates/${created.body.data.id}`, { stage: "phonescreen" }), 200);
    expect(trips).toEqual(["S"]);
  });

  // The note is inserted from the candidate's row in the key's company (services/note-insert.ts):
  // nothing inserted is the 404. Through Prisma it was 2 (the lookup, then the insert).
  it("POST a note: 1 (the note, inserted from the candidate's row)", async () => {
    const trips = await roundTrips(() => api.post(`/candidates/${candidateId}/notes`, { note: "Strong systems background" }), 201);
    expect(trips).toEqual(["S"]);
  });

  it("POST a note to another company's candidate: 1, and a 404", async () => {
    const other = await createTestCompany();
    const theirs = await apiClient(server.url, other).post("/candidates", { job_id: other.jobId, name: "Not Yours", email: email() });
    expect(theirs.status).toBe(201);
    expect(await roundTrips(() => api.post(`/candidates/${theirs.body.data.id}/notes`, { note: "Should not land" }), 404)).toEqual(["S"]);
  });
});
