/**
 * The production server's API path in a process of its own, without a Next build: the node server
 * `npm start` runs (src/server/node/server.ts) with its API key and job stage caches; where Next would answer, the
 * tRPC route module (/api/trpc) and otherwise a plain 404. `npm test` uses it where a test needs separate server processes; `npm run
 * test:build` starts the real thing instead (startApiServer). Prints `READY <url>` once it listens.
 *   HIREFLOW_BACKGROUND_WORK=off   no background work (as in instrumentation.ts)
 */
import { type AddressInfo } from "node:net";
import { startApiKeyCache } from "@hireflow/core/identity/api-key-cache";
import { startJobStageCache } from "@hireflow/core/pipeline/stage-cache";
import { startBackgroundWork } from "@hireflow/worker";
import * as trpcRoute from "../../src/app/api/trpc/[...trpc]/route.ts";
import { sendWebResponse, toWebRequest } from "../../src/server/node/http-bridge.ts";
import { createHireflowServer } from "../../src/server/node/server.ts";

const trpc = trpcRoute as unknown as Record<string, ((req: Request) => Promise<Response>) | undefined>;

const server = createHireflowServer({
  // Where Next would answer: the web app's tRPC route module (settings actions such as revoking a key), else 404.
  next: async (req, res) => {
    const handler = req.url?.startsWith("/api/trpc/") ? trpc[req.method ?? "GET"] : undefined;
    if (!handler) {
      res.statusCode = 404;
      res.end("not an API path");
      return;
    }
    await sendWebResponse(res, await handler(toWebRequest(req, "localhost")), []);
  },
  fallbackHost: "localhost",
  production: true,
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
startApiKeyCache(process.env.DATABASE_URL!);
startJobStageCache(process.env.DATABASE_URL!);
if (process.env.HIREFLOW_BACKGROUND_WORK !== "off") startBackgroundWork();
process.stdout.write(`READY http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
