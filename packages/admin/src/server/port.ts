import net from "node:net";
import { CliError } from "../cli/errors.ts";

export function portFromEnv(fallback = 3000): number {
  const raw = process.env.PORT?.trim();
  if (!raw) return fallback;
  const port = Number(raw);
  if (!/^[0-9]+$/.test(raw) || port < 1 || port > 65_535) throw new CliError(`PORT must be a number from 1 to 65535 (got "${raw}").`);
  return port;
}

/**
 * Fails with a clear message when the port is taken, before anything is started. Next binds every
 * interface, so the probe does too (IPv6 any, which covers IPv4 on dual-stack hosts).
 */
export async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") {
        reject(new CliError(`Port ${port} is already in use (another \`npm run dev\` or server?). Stop it, or choose another port: PORT=${port + 1} npm run dev`));
      } else if (error.code === "EACCES") {
        reject(new CliError(`Port ${port} needs privileges this user does not have; choose a port above 1024 with PORT=…`));
      } else {
        reject(error);
      }
    });
    server.listen(port, () => server.close(() => resolve()));
  });
}
