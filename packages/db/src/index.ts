export { backgroundPoolOf, createPrismaClient, getPrisma, poolOf, PrismaClient } from "./client.ts";
export type { Prisma } from "./client.ts";
/** Prisma's tagged SQL, to build a $queryRaw from parts: values stay bind parameters, never text. */
export { sql, join, empty, Sql } from "./generated/prisma/internal/prismaNamespace.ts";
export { migrate, readMigrations, MigrationError } from "./migrate.ts";
export type { Migration, MigrateResult } from "./migrate.ts";
export { repoRoot, dataDir, migrationsDir } from "./paths.ts";
export * from "./generated/prisma/enums.ts";
export type {
  Company,
  User,
  Session,
  ApiKey,
  IdempotencyKey,
  Department,
  Job,
  Candidate,
  CandidateActivity,
  WebhookEndpoint,
  Event,
  WebhookDelivery,
  Invitation,
  AuditLogEntry,
  JobStage,
  RejectReason,
  EmailMessage,
} from "./generated/prisma/client.ts";
