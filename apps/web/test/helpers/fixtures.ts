import { randomBytes } from "node:crypto";
import { type ApiScope, createApiKey, createCompany, createJob, type CreateJobInput, systemContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";

export interface TestCompany {
  id: number;
  slug: string;
  apiKey: string;
  jobId: number;
  headers: Record<string, string>;
}

/** A fresh company with an API key and one job; every test works inside its own company. */
export async function createTestCompany(job: Partial<CreateJobInput> = {}): Promise<TestCompany> {
  const prisma = getPrisma();
  const company = await createCompany(prisma, { name: `Test ${randomBytes(4).toString("hex")}` });
  const svc = systemContext(prisma, company.id);
  const { secret } = await createApiKey(svc, { name: "tests" });
  const created = await createJob(svc, { title: "Software Engineer", department: "Engineering", locations: ["Berlin"], ...job });
  return {
    id: company.id,
    slug: company.slug,
    apiKey: secret,
    jobId: created.id,
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
  };
}

export async function addJob(company: TestCompany, job: Partial<CreateJobInput> = {}): Promise<number> {
  const created = await createJob(systemContext(getPrisma(), company.id), { title: "Another job", ...job });
  return created.id;
}

export interface TestApiKey {
  id: number;
  apiKey: string;
  scopes: ApiScope[];
  headers: Record<string, string>;
}

/** Another key of `company`, with `scopes` (omitted: every scope, as createApiKey does). */
export async function addApiKey(company: Pick<TestCompany, "id">, scopes?: ApiScope[], name = "tests (scoped)"): Promise<TestApiKey> {
  const { key, secret } = await createApiKey(systemContext(getPrisma(), company.id), { name, scopes });
  return { id: key.id, apiKey: secret, scopes: key.scopes, headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" } };
}
