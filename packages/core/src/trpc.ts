import { initTRPC } from "@trpc/server";
import { type OpenApiMeta } from "trpc-to-openapi";
import { actorOf, type Context, type ServiceContext } from "./context.ts";
import { AppError, toAppError, toErrorBody } from "./errors.ts";
import { scopedDb } from "./tenancy.ts";

export type Meta = OpenApiMeta<{
  /** Status of a successful REST response (201 for creates); 200 when absent. */
  successStatus?: number;
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
 * Authenticated as a member of a company (API key or session). Provides `ctx.svc`: the company's
 * scoped database client and the actor, which is all a service needs.
 */
export const companyProcedure = t.procedure.use(async ({ ctx, next }) => {
  const principal = ctx.principal;
  if (!principal) throw new AppError("unauthorized", "API key is missing or invalid");
  const svc: ServiceContext = { db: scopedDb(ctx.prisma, principal.companyId), companyId: principal.companyId, actor: actorOf(principal) };
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
