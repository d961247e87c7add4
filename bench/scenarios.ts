import { BOARD_SLUG, SEED, type SeededCompany } from "./seed.ts";
import { rotation, type Scenario } from "./load.ts";

/** The API endpoints under load, acting as the seeded company with its API key. */
export const DEEP_PAGE = 200;
export const PAGE_SIZE = 25;

export function apiScenarios(company: SeededCompany, deepCursor: string): Scenario[] {
  const auth = { authorization: `Bearer ${company.apiKey}` };
  const json = { ...auth, "content-type": "application/json" };
  const candidate = rotation(company.candidateIds);
  const job = rotation(company.jobIds);
  const offer = rotation(company.offerIds);
  const run = Date.now().toString(36);
  let n = 0;
  const bigJob = company.jobIds[0]!;
  return [
    { key: "get_candidate", label: "GET /api/v1/candidates/{id}", headers: auth, next: () => ({ path: `/api/v1/candidates/${candidate()}` }) },
    mcpGetCandidateScenario(company, candidate),
    ...(company.oauth.accessToken ? [mcpGetCandidateScenario(company, candidate, "oauth")] : []),
    { key: "get_job", label: "GET /api/v1/jobs/{id}", headers: auth, next: () => ({ path: `/api/v1/jobs/${job()}` }) },
    // Issue 41: an offer with its two versions and its approval decisions, within 20 % of GET candidate's CPU.
    ...(company.offerIds.length ? [{ key: "get_offer", label: "GET /api/v1/offers/{id}", headers: auth, next: () => ({ path: `/api/v1/offers/${offer()}` }) }] : []),
    {
      key: "list_first",
      label: `GET /api/v1/candidates?job_id=…&limit=${PAGE_SIZE} (page 1)`,
      headers: auth,
      next: () => ({ path: `/api/v1/candidates?job_id=${bigJob}&limit=${PAGE_SIZE}` }),
    },
    {
      key: "list_deep",
      label: `GET /api/v1/candidates?job_id=…&limit=${PAGE_SIZE}&cursor=… (page ${DEEP_PAGE})`,
      headers: auth,
      next: () => ({ path: `/api/v1/candidates?job_id=${bigJob}&limit=${PAGE_SIZE}&cursor=${deepCursor}` }),
    },
    // Issue 27: the key-less job board, warm (served from the board cache: one version query per request).
    { key: "public_jobs", label: `GET /api/public/companies/{slug}/jobs (${SEED.jobsPerCompany} open jobs)`, next: () => ({ path: `/api/public/companies/${company.slug}/jobs` }) },
    { key: "indeed_feed", label: `GET /careers/{slug}/feeds/indeed.xml (${SEED.boardJobs.toLocaleString("en")} open jobs)`, next: () => ({ path: `/careers/${BOARD_SLUG}/feeds/indeed.xml` }) },
    // The feed's latency goal (p95 ≤ 200 ms) is about what a crawler waits for, fetching a few at a time. At 50
    // connections every response costs ~9 ms of these two cores' CPU (server, PostgreSQL, autocannon reading
    // ~0.7 MB), so the queue alone is ~230 ms: that row shows throughput, this one the latency.
    {
      key: "indeed_feed_crawler",
      label: `GET /careers/{slug}/feeds/indeed.xml (${SEED.boardJobs.toLocaleString("en")} open jobs, 4 connections)`,
      connections: 4,
      next: () => ({ path: `/careers/${BOARD_SLUG}/feeds/indeed.xml` }),
    },
    {
      key: "post_candidate",
      label: "POST /api/v1/candidates",
      method: "POST",
      headers: json,
      next: () => {
        const i = n++;
        return {
          path: "/api/v1/candidates",
          body: JSON.stringify({ job_id: job(), name: `Bench Applicant ${i}`, email: `bench-${run}-${i}@example.com`, phone: "+49 30 1234567", location: "Berlin" }),
        };
      },
    },
    {
      key: "post_note",
      label: "POST /api/v1/candidates/{id}/notes",
      method: "POST",
      headers: json,
      next: () => ({ path: `/api/v1/candidates/${candidate()}/notes`, body: JSON.stringify({ note: `Benchmark note ${n++}: strong systems background.` }) }),
    },
  ];
}

/**
 * Issue 24: the same read as GET /candidates/{id} through the MCP server: one stateless Streamable
 * HTTP POST of `tools/call get_candidate` (no initialize per call, as a stateless server allows), with
 * the company's API key or (`credential` "oauth") with a member's OAuth access token bound to this
 * server's /api/mcp (seed.ts mintOAuthAccessToken). Its tool reads pipeline.candidateBrief (the REST
 * candidate plus screening answers and the newest timeline entries), so it does a little more work
 * than the REST row beside it.
 */
export function mcpGetCandidateScenario(company: SeededCompany, candidate: () => number, credential: "api_key" | "oauth" = "api_key"): Scenario {
  let id = 0;
  const oauth = credential === "oauth";
  if (oauth && !company.oauth.accessToken) throw new Error("no OAuth access token minted for this server (seed.ts mintOAuthAccessToken)");
  return {
    key: oauth ? "mcp_get_candidate_oauth" : "mcp_get_candidate",
    label: `MCP tools/call get_candidate (POST /api/mcp${oauth ? ", OAuth token" : ""})`,
    method: "POST",
    headers: {
      authorization: `Bearer ${oauth ? company.oauth.accessToken : company.apiKey}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
    },
    next: () => ({ path: "/api/mcp", body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method: "tools/call", params: { name: "get_candidate", arguments: { id: candidate() } } }) }),
    check: (body) => {
      const answer = JSON.parse(body) as { result?: { isError?: boolean; structuredContent?: unknown }; error?: unknown };
      return answer.result?.structuredContent && !answer.result.isError ? undefined : `not a tool result: ${body.slice(0, 300)}`;
    },
  };
}

/**
 * Follows next_cursor from page 1 to the deep page over HTTP (the way a client would), checking
 * that every page is full; returns the cursor of the deep page.
 */
export async function followCursors(baseUrl: string, company: SeededCompany, pages: number): Promise<string> {
  let cursor: string | null = null;
  for (let p = 1; p < pages; p++) {
    const query = `job_id=${company.jobIds[0]}&limit=${PAGE_SIZE}${cursor ? `&cursor=${cursor}` : ""}`;
    const response = await fetch(`${baseUrl}/api/v1/candidates?${query}`, { headers: { authorization: `Bearer ${company.apiKey}` } });
    const body = (await response.json()) as { data: unknown[]; pagination: { next_cursor: string | null } };
    if (response.status !== 200 || body.data.length !== PAGE_SIZE || !body.pagination.next_cursor) {
      throw new Error(`page ${p} of the big job's list: ${response.status}, ${body.data?.length} items`);
    }
    cursor = body.pagination.next_cursor;
  }
  return cursor!;
}

/**
 * Diagnostic, not an endpoint goal: a create the database refuses (the e-mail is taken in that job),
 * answered 409. It measures the error path: the unique violation, the existing candidate's lookup
 * and the envelope. Until packages/db's createPool each one also ended its pool connection, so a burst
 * of them reconnected once per answer. The one candidate it needs is created here (removed with the
 * POST load's, bench-%@example.com).
 */
export async function duplicateScenario(baseUrl: string, company: SeededCompany): Promise<Scenario> {
  const headers = { authorization: `Bearer ${company.apiKey}`, "content-type": "application/json" };
  const body = JSON.stringify({ job_id: company.jobIds[0], name: "Bench Duplicate", email: `bench-duplicate-${Date.now().toString(36)}@example.com` });
  const first = await fetch(`${baseUrl}/api/v1/candidates`, { method: "POST", headers, body });
  if (first.status !== 201) throw new Error(`creating the duplicate scenario's candidate answered ${first.status}: ${(await first.text()).slice(0, 300)}`);
  const second = await fetch(`${baseUrl}/api/v1/candidates`, { method: "POST", headers, body });
  if (second.status !== 409) throw new Error(`the duplicate create answered ${second.status}, not 409: ${(await second.text()).slice(0, 300)}`);
  return { key: "diag_409", label: "Diagnostic: POST /api/v1/candidates, e-mail taken in the job (409)", method: "POST", headers, next: () => ({ path: "/api/v1/candidates", body }) };
}
