import { randomBytes } from "node:crypto";
import { AppError, appRouter, createCallerFactory, toAppError } from "@hireflow/core";
import { getPrisma } from "@hireflow/db";
import { headers } from "next/headers";
import { forbidden, notFound, redirect } from "next/navigation";
import { clientIpFromHeaders } from "./client-ip.ts";
import { getSession } from "./session.ts";

const createCaller = createCallerFactory(appRouter);

/**
 * tRPC for server components: the same procedures the browser calls through /api/trpc, with the
 * session's user as the principal (or none, for the public careers pages).
 */
export async function serverCaller() {
  const session = await getSession();
  return createCaller({
    prisma: getPrisma(),
    requestId: `req_${randomBytes(12).toString("base64url")}`,
    principal: session ? { kind: "user", companyId: session.user.company.id, userId: session.user.id, role: session.user.role } : null,
    ip: clientIpFromHeaders(await headers()),
  });
}

/** tRPC for the public pages (careers): no principal, and no cookie read, so nothing session-bound. */
export function publicCaller() {
  return createCaller({ prisma: getPrisma(), requestId: `req_${randomBytes(12).toString("base64url")}`, principal: null });
}

/**
 * Runs a server-side call; a missing resource renders the 404 page, a lost session goes to sign-in,
 * and a page the member's role may not see (a recruiter on a settings page) is the "No access" page (403).
 */
export async function load<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    const appError = error instanceof AppError ? error : toAppError(error);
    if (appError.code === "not_found" || appError.code === "validation_error" || appError.code === "bad_request") notFound();
    if (appError.code === "unauthorized") redirect("/sign-in");
    if (appError.code === "forbidden") forbidden();
    throw error;
  }
}
