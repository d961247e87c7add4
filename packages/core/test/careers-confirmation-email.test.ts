import { randomBytes } from "node:crypto";
import { getPrisma } from "@hireflow/db";
import { describe, expect, it } from "vitest";
import { createCompany, createJob, getCareersJob, systemContext, updateEmailSettings } from "../src/index.ts";

/**
 * The careers job page says whether an applicant gets the application-received e-mail (#43 §19): the
 * thank-you promises it only when the company sends it (Settings → E-mail).
 */
describe("the careers job page's confirmation_email", () => {
  it("follows the company's application-received switch", async () => {
    const prisma = getPrisma();
    const company = await createCompany(prisma, { name: `Careers mail ${randomBytes(3).toString("hex")}` });
    const svc = systemContext(prisma, company.id);
    const job = await createJob(svc, { title: "Engineer", is_public: true });
    expect((await getCareersJob(prisma, company.slug, job.id)).confirmation_email).toBe(true);
    await updateEmailSettings(svc, { application_received: { enabled: false } });
    expect((await getCareersJob(prisma, company.slug, job.id)).confirmation_email).toBe(false);
  });
});
