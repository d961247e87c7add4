import { randomBytes } from "node:crypto";
import { createCompany, createJob, createWebhookEndpoint, systemContext, type CreateJobInput, type ServiceContext } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { afterAll, beforeAll } from "vitest";
import { type OutboxPublisher, startOutboxPublisher } from "../../src/outbox/publisher.ts";
import { getLocalRunner, registerJobs, shutdownLocalRunner } from "../../src/runtime/index.ts";
import { webhookJobs } from "../../src/webhooks/index.ts";
import { type Receiver, startReceiver } from "./receiver.ts";

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

/**
 * The whole delivery path for one test file: the webhook jobs on the local runner, the outbox
 * publisher, and a real HTTP receiver on 127.0.0.1 — started before the file's tests, stopped after.
 */
export function useDeliveryPipeline() {
  let receiver: Receiver;
  let publisher: OutboxPublisher;
  beforeAll(async () => {
    registerJobs(webhookJobs);
    receiver = await startReceiver();
    publisher = startOutboxPublisher();
  });
  afterAll(async () => {
    await publisher.stop();
    await shutdownLocalRunner();
    await receiver.close();
  });
  return {
    // Delegates, so that it can be destructured at collection time, before beforeAll has run.
    receiver: { route: (plan?: Parameters<Receiver["route"]>[0]) => receiver.route(plan) },
    /** Publishes what is committed, without waiting for the runs it starts. */
    publish: () => publisher.flush(),
    /** Publishes what is committed and waits until every run it started (retries included) is over. */
    settle: async () => {
      await publisher.flush();
      await getLocalRunner().idle();
    },
  };
}
