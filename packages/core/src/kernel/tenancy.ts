import { type PrismaClient } from "@hireflow/db";

/**
 * Company scoping, built once: a Prisma client extension that adds `companyId` to the `where` of
 * every read, update and delete on a tenant model and stamps it on every create. Services get a
 * scoped client from the tRPC context and cannot forget the filter; another company's row is
 * simply not found (a 404, never a 403).
 */
const TENANT_MODELS = new Set([
  "User",
  "ApiKey",
  "Department",
  "Job",
  "Candidate",
  "CandidateActivity",
  "WebhookEndpoint",
  "Event",
  "WebhookDelivery",
  "ScreeningRun",
  "Invitation",
  "JobStage",
  "RejectReason",
  "AuditLogEntry",
  "EmailMessage",
  "Interview",
  "InterviewInterviewer",
  "JobInterview",
  "CandidateSelfIdentification",
  "OAuthGrant",
  "Scorecard",
  "JobHiringTeamLead",
  "Offer",
  "OfferVersion",
  "OfferApproval",
  "MemberAvailability",
  "SchedulingLink",
  "SchedulingLinkInterviewer",
]);

const WHERE_OPERATIONS = new Set([
  "findUnique",
  "findUniqueOrThrow",
  "findFirst",
  "findFirstOrThrow",
  "findMany",
  "count",
  "aggregate",
  "groupBy",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "delete",
  "deleteMany",
]);

type Args = Record<string, unknown> & { where?: Record<string, unknown>; data?: unknown; create?: Record<string, unknown> };

function stamp(data: unknown, companyId: number): unknown {
  if (Array.isArray(data)) return data.map((row) => stamp(row, companyId));
  const row = data as Record<string, unknown>;
  if (row.companyId !== undefined && row.companyId !== companyId) {
    throw new Error("Refusing to write a row for another company");
  }
  return { ...row, companyId };
}

export function scopeToCompany(prisma: PrismaClient, companyId: number) {
  return prisma.$extends({
    name: `company-${companyId}`,
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          if (!TENANT_MODELS.has(model)) return query(args);
          const scoped = { ...(args as Args) };
          if (WHERE_OPERATIONS.has(operation)) {
            scoped.where = { ...scoped.where, companyId };
          } else if (operation === "create" || operation === "createMany" || operation === "createManyAndReturn") {
            scoped.data = stamp(scoped.data, companyId);
          } else if (operation === "upsert") {
            scoped.where = { ...scoped.where, companyId };
            scoped.create = stamp(scoped.create, companyId) as Record<string, unknown>;
          }
          return query(scoped as typeof args);
        },
      },
    },
  });
}

export type ScopedDb = ReturnType<typeof scopeToCompany>;
/** The client inside `scoped.$transaction(async (tx) => …)`: scoped as well. */
export type ScopedTx = Parameters<Parameters<ScopedDb["$transaction"]>[0]>[0];

const cache = new Map<number, { prisma: PrismaClient; scoped: ScopedDb }>();
// By identity (a transaction's client is another object), and on globalThis: a build holds several
// copies of this module, and a scoped client made by one may be read by another.
const globalForTenancy = globalThis as unknown as { __hireflowBaseClients?: WeakMap<object, PrismaClient> };
const baseClients = (globalForTenancy.__hireflowBaseClients ??= new WeakMap());

/** The client a scoped client was made from (not for a transaction's client): for typed SQL that filters by company itself. */
export function baseClientOf(db: object): PrismaClient | undefined {
  return baseClients.get(db);
}
const MAX_CACHED = 500;

/** The scoped client for a company, memoised so that a request does not rebuild the extension. */
export function scopedDb(prisma: PrismaClient, companyId: number): ScopedDb {
  const hit = cache.get(companyId);
  if (hit && hit.prisma === prisma) return hit.scoped;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  const scoped = scopeToCompany(prisma, companyId);
  cache.set(companyId, { prisma, scoped });
  baseClients.set(scoped, prisma);
  return scoped;
}

/**
 * Create data for a tenant model without `companyId`: the scoped client stamps it. The cast says
 * once, here, what Prisma's types cannot know.
 */
export function tenantRow<T extends { companyId: number }>(data: Omit<T, "companyId">): T {
  return data as T;
}
