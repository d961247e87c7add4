import { type PrismaClient } from "@hireflow/db";
import { type UserRole } from "./roles.ts";
import { scopedDb, type ScopedDb } from "./tenancy.ts";
import { type Principal } from "./principal.ts";

export interface Context {
  prisma: PrismaClient;
  requestId: string;
  /** Resolved by the transport (API key or session cookie); null for anonymous requests. */
  principal: Principal | null;
  /** A resume the multipart gateway already stored, for the create-candidate procedure to attach. */
  upload?: StoredResume;
  /** The client's IP as the transport determined it (apps/web clientIp), for the audit log. */
  ip?: string | null;
  /**
   * Set by the REST gateway only: a procedure whose success status depends on what the call did
   * (meta.otherSuccess) writes it here (answerStatus in trpc.ts), and the gateway answers with it.
   * A holder object, so it survives the middlewares' `{ ...ctx }` copies.
   */
  reply?: { status?: number };
}

/** What services receive: the company's scoped client and the actor, never HTTP details. */
export interface ServiceContext {
  db: ScopedDb;
  companyId: number;
  actor: Actor;
  /** The client's IP of the request acting, recorded in the audit log; absent for background work. */
  ip?: string | null;
  /** The signed-in member's role (absent for API keys and background work): scorecard visibility depends on it. */
  role?: UserRole;
}

export type Actor =
  | { type: "api"; apiKeyId: number }
  | { type: "user"; userId: string }
  | { type: "system" }
  | { type: "ai_agent" };

export function actorOf(principal: Principal): Actor {
  // An OAuth app acts as the member who consented: attribution (changed_by "user", notes) is theirs.
  return principal.kind === "api" ? { type: "api", apiKeyId: principal.apiKeyId } : { type: "user", userId: principal.userId };
}

/** The `added_by` / `changed_by` value recorded for an actor. */
export function actorKind(actor: Actor): "api" | "user" | "system" | "ai_agent" {
  return actor.type;
}

export function actorUserId(actor: Actor): string | null {
  return actor.type === "user" ? actor.userId : null;
}

/** A service context for operators and background work acting on one company. */
export function systemContext(prisma: PrismaClient, companyId: number, actor: Actor = { type: "system" }): ServiceContext {
  return { db: scopedDb(prisma, companyId), companyId, actor };
}

/** A resume already written to blob storage, to attach to the candidate in its transaction. */
export interface StoredResume {
  key: string;
  filename: string;
  contentType: string;
  size: number;
}
