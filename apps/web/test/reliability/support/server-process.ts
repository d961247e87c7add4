/**
 * "The server" as a process of its own: the API routes over HTTP plus the background work (outbox
 * publisher, local job runner, sweepers), as `npm start` runs them. The reliability suite kills it
 * with SIGKILL mid-work and starts another one. Prints `READY <url>` once it listens.
 */
import { startBackgroundWork } from "@hireflow/worker";
import { startApp } from "../../helpers/app.ts";

const app = await startApp();
startBackgroundWork();
process.stdout.write(`READY ${app.url}\n`);
