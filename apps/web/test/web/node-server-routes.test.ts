import { describe, expect, it } from "vitest";
import { isGatewayPath, isTrpcCall } from "@/server/node/server";

/**
 * Which requests `npm start`'s node:http server answers itself and which go on to Next
 * (src/server/node/server.ts). The answers themselves are the fuzzers' (trpc-fuzz, route sweeps),
 * run against the production server.
 */
describe("tRPC calls answered without Next", () => {
  it.each([
    ["GET", "/api/trpc/jobs.list"],
    ["GET", "/api/trpc/jobs.list?input=%7B%7D"],
    ["POST", "/api/trpc/settings.apiKeys.create"],
    ["POST", "/api/trpc/unknownProcedure"],
  ])("%s %s: here", (method, url) => {
    expect(isTrpcCall(method, url)).toBe(true);
  });

  it.each([
    ["HEAD", "/api/trpc/jobs.list"],
    ["PUT", "/api/trpc/jobs.list"],
    ["OPTIONS", "/api/trpc/jobs.list"],
    ["GET", "/api/trpc/jobs.list/"],
    ["GET", "/api/trpc/jobs.list,jobs.get"],
    ["GET", "/api/trpc/jobs%2Elist"],
    ["GET", "/api/trpc/"],
    ["GET", "/api/trpc"],
    ["GET", "/api/trpc/jobs..list"],
    ["GET", "/api/trpc/jobs/list"],
    ["POST", "/api/trpcx/jobs.list"],
    ["GET", undefined],
  ])("%s %s: Next", (method, url) => {
    expect(isTrpcCall(method, url)).toBe(false);
  });

  it("is not the REST gateway's", () => {
    expect(isGatewayPath("/api/trpc/jobs.list")).toBe(false);
  });
});
