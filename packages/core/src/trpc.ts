import { initTRPC } from "@trpc/server";
import { type OpenApiMeta } from "trpc-to-openapi";
import { canEraseCandidates, canManageSettings } from "./auth/roles.ts";
import { type ApiScope } from "./auth/scopes.ts";
import { actorOf, type Context, type Principal, type ServiceContext } from "./context.ts";
import { AppError, toAppError, toErrorBody } from "./errors.ts";
import { scopedDb } from "./tenancy.ts";

export type Meta = OpenApiMeta<{
  /** Status of a successful REST response (201 for creates); 200 when absent. */
  successStatus?: number;
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

/**
 * Authenticated as a member of a company (API key or session). Provides `ctx.svc`: the company's
 * scoped database client, the actor and the client's IP, which is all a service needs. An API key
 * must also hold the procedure's scope (assertScope), and a session the role a settings procedure
 * or an erasure needs (assertSettingsAccess, assertEraseAccess), all checked here before input is
 * parsed or anything runs.
 */
export const companyProcedure = t.procedure.use(async ({ ctx, meta, next }) => {
  const principal = ctx.principal;
  if (!principal) throw new AppError("unauthorized", "API key is missing or invalid");
  assertScope(principal, meta);
  assertSettingsAccess(principal, meta);
  assertEraseAccess(principal, meta);
  const svc: ServiceContext = { db: scopedDb(ctx.prisma, principal.companyId), companyId: principal.companyId, actor: actorOf(principal), ip: ctx.ip ?? null };
  return next({ ctx: { ...ctx, principal, svc } });
});

/**
 * A signed-in member of a company (session cookie only, never an API key): managing API keys and
 * sessions must not be possible with an API key. Provides `ctx.svc` like companyProcedure.
 */
export const userProcedure = companyProcedure.use(async ({ ctx, next }) => {
  if (ctx.principal.kind !== "user") throw new AppError("forbidden", "Only a signed-in user can do this");
  return next({ ctx: { ...ctx, user: ctx.principal } });
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
  return next({ ctx: { ...ctx, apiKey: ctx.principal } });
});
