import { randomBytes } from "node:crypto";
import { createCompany, createJob, createWebhookEndpoint, systemContext, type CreateJobInput, type ServiceContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";

/** A company of its own per test, with one job, and helpers to register endpoints. */
export async function setupCompany(job: Partial<CreateJobInput> = {}) {
  const prisma = getPrisma();
  const company = await createCompany(prisma, { name: `Hooks ${randomBytes(4).toString("hex")}` });
  const svc: ServiceContext = systemContext(prisma, company.id);
  const created = await createJob(svc, { title: "Platform Engineer", ...job });
  return {
    prisma,
    companyId: company.id,
    jobId: created.id,
    jobTitle: created.title,
    svc,
    /** Acting through the public API (changed_by "api"). */
    api: systemContext(prisma, company.id, { type: "api", apiKeyId: 0 }),
    endpoint: (url: string, events?: ("candidate.applied" | "candidate.stage_changed")[]) => createWebhookEndpoint(svc, { url, ...(events ? { events } : {}) }),
  };
}
