import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { expect } from "vitest";
import { type TestCompany } from "../../helpers/fixtures.ts";
import { countBlobs, type FormFields, postMultipart } from "../../helpers/multipart.ts";
import { tenantSnapshot } from "./resources.ts";

/** Everything a request to these routes could write: both companies' rows, their users' sessions, the blobs. */
export interface WorldState {
  rows: Record<string, Awaited<ReturnType<typeof tenantSnapshot>>>;
  sessions: Record<string, { rows: number; hash: string }>;
  blobs: number;
}

/** Sessions of the company's users (the table has no company_id, so tenantSnapshot does not see it). */
export async function sessionSnapshot(companyId: number): Promise<{ rows: number; hash: string }> {
  // last_seen_at is touched off the request path by verifySession; it is no write of the request's.
  const [row] = await getPrisma().$queryRaw<{ rows: number; hash: string }[]>`
    SELECT count(*)::int AS rows, md5(coalesce(string_agg(s.token_hash || s.csrf_token || s.expires_at::text, '|' ORDER BY s.token_hash), '')) AS hash
    FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.company_id = ${companyId}`;
  return row!;
}

export async function worldState(companies: TestCompany[], blobDir: string): Promise<WorldState> {
  const rows: WorldState["rows"] = {};
  const sessions: WorldState["sessions"] = {};
  for (const company of companies) {
    // Without the audit log: every sign-in attempt on an account writes one (a failed one off the
    // request path); test/web/audit-log.test.ts checks those entries.
    const { audit_log: _audit, ...snapshot } = await tenantSnapshot(company.id);
    rows[company.id] = snapshot;
    sessions[company.id] = await sessionSnapshot(company.id);
  }
  return { rows, sessions, blobs: await countBlobs(blobDir) };
}

export const randomIp = () => `10.${[...randomBytes(3)].join(".")}`;

/** Applies through the public multipart route (from a fresh address) and answers the candidate it created. */
export async function applyWithResume(baseUrl: string, company: TestCompany, jobId: number, fields: FormFields) {
  const res = await postMultipart(baseUrl, null, fields, { path: `/api/public/jobs/${jobId}/applications`, headers: { "x-forwarded-for": randomIp() } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return getPrisma().candidate.findFirstOrThrow({ where: { companyId: company.id, email: String(fields.email) } });
}
