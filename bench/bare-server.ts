import http from "node:http";
import pg from "pg";

/**
 * The hardware floors: `node:http` + `pg` doing the same primary-key read as
 * GET /api/v1/candidates/{id} (the candidate scoped to its company, plus its job's title), and one
 * primary-key read of a job written as JSON (issue 44's floor for GET /api/v1/jobs/{id}), with
 * none of the framework, auth or validation. Run as its own process by bench/floors.ts:
 *   DATABASE_URL=… COMPANY_ID=… PORT=… tsx bench/bare-server.ts
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
const companyId = Number(process.env.COMPANY_ID);

const SQL = `SELECT c.id, c.public_id, c.name, c.email, c.phone, c.linkedin, c.location, c.stage, c.rating, c.fit_score,
                    c.application_source, c.ats_candidate_id, c.created_at, c.updated_at, c.resume_status, c.resume_data,
                    j.id AS job_id, j.title AS job_title
               FROM candidates c LEFT JOIN jobs j ON j.id = c.job_id
              WHERE c.id = $1 AND c.company_id = $2`;

const JOB_SQL = "SELECT * FROM jobs WHERE id = $1 AND company_id = $2";

function sendJson(res: http.ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json" }).end(body);
}
const NOT_FOUND = '{"error":{"code":"not_found"}}';

async function answerJob(id: number, res: http.ServerResponse): Promise<void> {
  const { rows } = await pool.query(JOB_SQL, [id, companyId]);
  if (!rows[0]) return sendJson(res, 404, NOT_FOUND);
  sendJson(res, 200, JSON.stringify({ data: rows[0] }));
}

const server = http.createServer(async (req, res) => {
  const job = req.url?.match(/^\/jobs\/(\d+)$/);
  if (job) {
    await answerJob(Number(job[1]), res).catch((error: unknown) => res.writeHead(500).end(String(error)));
    return;
  }
  const match = req.url?.match(/^\/candidates\/(\d+)$/);
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  try {
    const { rows } = await pool.query(SQL, [Number(match[1]), companyId]);
    const c = rows[0];
    if (!c) return sendJson(res, 404, NOT_FOUND);
    const { job_id, job_title, ...rest } = c;
    const body = JSON.stringify({ data: { ...rest, job: job_id === null ? null : { id: job_id, title: job_title } } });
    sendJson(res, 200, body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});

server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address() as { port: number };
  process.stdout.write(`listening ${address.port}\n`);
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.close();
    void pool.end().finally(() => process.exit(0));
  });
}
