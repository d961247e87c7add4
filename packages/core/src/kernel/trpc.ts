import { initTRPC } from "@trpc/server";
import { type OpenApiMeta } from "trpc-to-openapi";
import { canEraseCandidates, canManageSettings, isInterviewerOnly } from "./roles.ts";
import { type ApiScope } from "./scopes.ts";
import { actorOf, type Context, type ServiceContext } from "./context.ts";
import { type Principal } from "./principal.ts";
import { AppError, toAppError, toErrorBody } from "./errors.ts";
import { type ScopedDb, scopedDb } from "./tenancy.ts";

export type Meta = OpenApiMeta<{
  /** Status of a successful REST response (201 for creates); 200 when absent. */
  successStatus?: number;
  /**
   * A second success status some calls answer instead, and what it means there (POST
   * /interviews/{id}/scorecards: 201 when it creates the scorecard, 200 when it replaces it). The
   * procedure picks it per call with answerStatus; the OpenAPI document lists both.
   */
  otherSuccess?: {
    status: number;
    description: string;
    /** What the usual status (successStatus) means beside it, for the document. */
    usualDescription: string;
  };
  /** The API-key scope a REST call of this procedure needs (auth/scopes.ts). */
  scope?: ApiScope;
  /**
   * A settings procedure (API keys, webhooks, team, privacy, audit log): a signed-in member needs the
   * role owner or admin (assertSettingsAccess). API keys are not affected; their scopes decide.
   */
  settings?: true;
  /**
   * Erases a candidate for good: a signed-in member needs the role owner or admin (assertEraseAccess);
   * recruiters may export but not erase. API keys are not affected; their scopes decide.
   */
  eraser?: true;
  /**
   * Open to the role interviewer (assertInterviewerAccess); a procedure without it refuses them (403).
   * "candidate": the input's `id` is a candidate they have an interview with (another is a 404);
   * "interview": the input's `id` is an interview with them on the panel (another is a 404);
   * "own": the procedure itself limits what it returns to the member (their interviews, visible scorecards).
   * "hidden": what the procedure is about does not exist for them (offers and salaries): a 404, not a 403.
   */
  interviewer?: "candidate" | "interview" | "own" | "hidden";
}>;

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // The envelope for tRPC clients (the web UI) is the same one the REST gateway returns.
    errorFormatter({ shape, error }) {
      const appError = toAppError(error);
      return { ...shape, message: appError.message, data: { ...shape.data, stack: undefined, ...toErrorBody(appError), httpStatus: appError.status } };
    },
  });

export const router = t.router;

/**
 * A REST call's success status when it is not the procedure's usual one (meta.otherSuccess): the
 * gateway reads it from `ctx.reply`. tRPC and MCP calls have no reply holder; for them it does nothing.
 */
export function answerStatus(ctx: Pick<Context, "reply">, status: number): void {
  if (ctx.reply) ctx.reply.status = status;
}
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/** No authentication (careers pages, sign-in). */
export const publicProcedure = t.procedure;

/**
 * The one scope check: an API key may run a procedure only if it holds the scope the procedure's
 * meta names (`meta.scope`). Sessions are not scoped. Throws 403 forbidden naming the missing scope.
 */
export function assertScope(principal: Principal, meta: Meta | undefined): void {
  if (principal.kind === "user" || !meta?.scope || principal.scopes.includes(meta.scope)) return;
  const needed = meta.scope;
  const route = meta.openapi ? `, which ${meta.openapi.method} /api/v1${meta.openapi.path} requires` : "";
  const held = principal.scopes.length ? principal.scopes.join(", ") : "none";
  if (principal.kind === "oauth") throw new AppError("forbidden", `This access token lacks the scope ${needed}${route} (the token's scopes: ${held})`);
  throw new AppError("forbidden", `This API key lacks the scope ${needed}${route} (the key's scopes: ${held})`);
}

/**
 * The one role check: a settings procedure (`meta.settings`) refuses a signed-in recruiter with 403
 * forbidden. Owners and admins pass; API keys pass (their scopes are checked by assertScope).
 */
export function assertSettingsAccess(principal: Principal, meta: Meta | undefined): void {
  // An OAuth token acts as its member, so the member's role applies on top of the token's scopes.
  if (principal.kind === "api" || !meta?.settings || canManageSettings(principal.role)) return;
  throw new AppError("forbidden", `Only owners and admins can manage the settings (API keys, webhooks, team, privacy, audit log); your role is ${principal.role}`);
}

/**
 * Erasing a candidate (`meta.eraser`) refuses a signed-in recruiter with 403 forbidden, before anything
 * is read or erased. Owners and admins pass; API keys pass (their scopes are checked by assertScope).
 */
export function assertEraseAccess(principal: Principal, meta: Meta | undefined): void {
  if (principal.kind === "api" || !meta?.eraser || canEraseCandidates(principal.role)) return;
  throw new AppError("forbidden", `Only owners and admins can erase a candidate (recruiters may export their data); your role is ${principal.role}`);
}

/** The `id` of a procedure's raw input as a database id, or null when it is not one (input validation then answers 400). */
function rawId(raw: unknown): number | null {
  const value = raw && typeof raw === "object" ? (raw as { id?: unknown }).id : undefined;
  const id = typeof value === "string" && /^[0-9]{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The one check of the role interviewer (issue 26 §3): they may call only the procedures marked
 * `meta.interviewer` (403 otherwise), and those about a candidate or an interview only for the ones
 * they are on the panel of — another candidate is not found (404), as another company's is. Other
 * roles and API keys pass.
 */
export async function assertInterviewerAccess(principal: Principal, meta: Meta | undefined, db: ScopedDb, getRawInput: () => Promise<unknown>): Promise<void> {
  if (principal.kind === "api" || !isInterviewerOnly(principal.role)) return;
  const access = meta?.interviewer;
  if (!access) throw new AppError("forbidden", "Interviewers can see only the candidates they interview and submit their scorecards; your role is interviewer");
  if (access === "own") return;
  if (access === "hidden") throw new AppError("not_found", "Not found");
  const id = rawId(await getRawInput());
  if (id === null) return;
  if (access === "candidate") {
    const panel = await db.interviewInterviewer.findFirst({ where: { userId: principal.userId, interview: { candidateId: id } }, select: { interviewId: true } });
    if (!panel) throw AppError.notFound("Candidate", id);
  } else {
    const panel = await db.interviewInterviewer.findFirst({ where: { userId: principal.userId, interviewId: id }, select: { interviewId: true } });
    if (!panel) throw AppError.notFound("Interview", id);
  }
}

/**
 * Authenticated for a company (API key, session, or an OAuth token acting as a member). Provides `ctx.svc`: the company's
 * scoped database client, the actor and the client's IP, which is all a service needs. An API key
 * must also hold the procedure's scope (assertScope), and a session the role a settings procedure
 * or an erasure needs (assertSettingsAccess, assertEraseAccess) and, for an interviewer, the
 * candidate's panel (assertInterviewerAccess), all checked here before input is parsed or anything runs.
 */
export const companyProcedure = t.procedure.use(async ({ ctx, meta, next, getRawInput }) => {
  const principal = ctx.principal;
  if (!principal) throw new AppError("unauthorized", "API key is missing or invalid");
  assertScope(principal, meta);
  assertSettingsAccess(principal, meta);
  assertEraseAccess(principal, meta);
  const db = scopedDb(ctx.prisma, principal.companyId);
  await assertInterviewerAccess(principal, meta, db, getRawInput);
  const svc: ServiceContext = { db, companyId: principal.companyId, actor: actorOf(principal), ip: ctx.ip ?? null, ...(principal.kind !== "api" ? { role: principal.role } : {}) };
  // Only what changes: tRPC merges it over ctx itself (one key copied per key given, every request).
  return next({ ctx: { principal, svc } });
});

/**
 * A signed-in member of a company (session cookie only, never an API key): managing API keys and
 * sessions must not be possible with an API key. Provides `ctx.svc` like companyProcedure.
 */
export const userProcedure = companyProcedure.use(async ({ ctx, next }) => {
  if (ctx.principal.kind !== "user") throw new AppError("forbidden", "Only a signed-in user can do this");
  return next({ ctx: { user: ctx.principal } });
});

/**
 * A settings procedure of the web app (API keys, team, privacy, audit log): a signed-in owner or
 * admin. `meta.settings` makes companyProcedure refuse a recruiter (403); userProcedure refuses API keys.
 */
export const adminProcedure = userProcedure.meta({ settings: true });

/**
 * Called with an API key only (GET /me describes the calling key; a session has none). Provides
 * `ctx.apiKey`, the key's principal, and `ctx.svc` like companyProcedure.
 */
export const apiKeyProcedure = companyProcedure.use(async ({ ctx, next }) => {
  if (ctx.principal.kind !== "api") throw new AppError("forbidden", "Only an API key can do this: it describes the key making the request");
  return next({ ctx: { apiKey: ctx.principal } });
});
