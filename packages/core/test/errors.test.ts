import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, toAppError } from "../src/kernel/errors.ts";

/**
 * In the production bundle a library loaded from node_modules (trpc-to-openapi) throws errors whose
 * class is another copy than the one our code imports: `instanceof` fails across that boundary.
 * These stand-ins are such copies — same name and shape, different class.
 */
class ForeignTRPCError extends Error {
  override name = "TRPCError";
  constructor(
    readonly code: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
  }
}

describe("toAppError across copies of a library", () => {
  it("maps a TRPCError of another copy by its code, not to internal_error", () => {
    const notFound = toAppError(new ForeignTRPCError("NOT_FOUND", "Not found"));
    expect(notFound).toMatchObject({ code: "not_found", message: "No such route" });
    expect(toAppError(new ForeignTRPCError("PARSE_ERROR", "bad json")).code).toBe("bad_request");
    expect(toAppError(new ForeignTRPCError("PAYLOAD_TOO_LARGE", "big")).code).toBe("payload_too_large");
    expect(toAppError(new TRPCError({ code: "NOT_FOUND", message: "Not found" })).code).toBe("not_found");
  });

  it("finds the AppError or ZodError a foreign TRPCError carries", () => {
    const cause = new AppError("conflict", "taken");
    expect(toAppError(new ForeignTRPCError("INTERNAL_SERVER_ERROR", "x", { cause }))).toBe(cause);
    const zodError = z.object({ name: z.string() }).safeParse({ name: 1 }).error!;
    const foreignZod = Object.assign(new Error(zodError.message), { name: "ZodError", issues: zodError.issues });
    expect(toAppError(new ForeignTRPCError("BAD_REQUEST", "x", { cause: foreignZod }))).toMatchObject({ code: "validation_error", details: [{ field: "name" }] });
  });

  it("recognises an AppError of another copy of this module", () => {
    // What a second copy of errors.ts produces: its own class, the same registered brand.
    const copy = Object.assign(new Error("gone"), { name: "AppError", code: "not_found", [Symbol.for("hireflow.AppError")]: true });
    expect(copy instanceof AppError).toBe(true);
    expect(toAppError(copy)).toBe(copy);
    expect(Object.assign(new Error("plain"), { code: "not_found" }) instanceof AppError).toBe(false);
  });

  it("does not take any error named TRPCError for one: the code must be tRPC's", () => {
    expect(toAppError(new ForeignTRPCError("SOMETHING_ELSE", "?")).code).toBe("internal_error");
  });
});
