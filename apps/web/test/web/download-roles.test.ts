import { randomBytes } from "node:crypto";
import { createCandidate, createUser, systemContext, type UserRole } from "@hireflow/core";
import { createSession, SESSION_COOKIE } from "@hireflow/core/identity/sessions";
import { getPrisma } from "@hireflow/db";
import { beforeAll, describe, expect, it } from "vitest";
import * as exportRoute from "@/app/api/candidates/[id]/export.json/route";
import * as impactRatiosRoute from "@/app/api/impact-ratios/route";
import * as screeningAuditRoute from "@/app/api/jobs/[id]/screening-audit.csv/route";
import { createTestCompany, type TestCompany } from "../helpers/fixtures.ts";

/**
 * The web app's downloads of what an interviewer may not see in the app — a candidate's whole export
 * (their offers and salaries among it), the screening audit, the impact ratios — refuse the role
 * interviewer as the tRPC procedures behind the same pages do (403), and still serve the other roles.
 */
let co: TestCompany;
let candidateId: number;
const cookies = {} as Record<UserRole, string>;

beforeAll(async () => {
  co = await createTestCompany();
  candidateId = (await createCandidate(systemContext(getPrisma(), co.id), { job_id: co.jobId, name: "Dana Download", email: `dana-${randomBytes(4).toString("hex")}@example.com` }, { source: "public_api" })).id;
  for (const role of ["owner", "recruiter", "interviewer"] as UserRole[]) {
    const user = await createUser(getPrisma(), { companyId: co.id, email: `${role}-${randomBytes(4).toString("hex")}@example.com`, password: "correct horse battery staple", name: role, role });
    const { token } = await createSession(getPrisma(), user.id);
    cookies[role] = `${SESSION_COOKIE}=${token}`;
  }
});

const downloads = () => [
  { name: "a candidate's export", call: (cookie: string) => exportRoute.GET(new Request(`http://localhost/api/candidates/${candidateId}/export.json`, { headers: { cookie } }), { params: Promise.resolve({ id: String(candidateId) }) }) },
  { name: "the screening audit", call: (cookie: string) => screeningAuditRoute.GET(new Request(`http://localhost/api/jobs/${co.jobId}/screening-audit.csv`, { headers: { cookie } }), { params: Promise.resolve({ id: String(co.jobId) }) }) },
  { name: "the impact ratios", call: (cookie: string) => impactRatiosRoute.GET(new Request(`http://localhost/api/impact-ratios?format=json&mode=selection`, { headers: { cookie } })) },
];

describe("downloads an interviewer may not have", () => {
  it.each(["a candidate's export", "the screening audit", "the impact ratios"])("%s: 403 for an interviewer, served to an owner and a recruiter", async (name) => {
    const download = downloads().find((d) => d.name === name)!;
    const refused = await download.call(cookies.interviewer);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("forbidden");
    for (const role of ["owner", "recruiter"] as const) {
      const served = await download.call(cookies[role]);
      expect(served.status, `${role}: ${await served.clone().text()}`).toBeLessThan(300);
    }
  });
});
