import { envInt } from "@hireflow/config";
import { limitPerClient } from "../../kernel/rate-limit.ts";

/** Per client IP on the scheduling links (the page and the public API), as on the offer links. */
export async function limitSchedulingLinks(ip: string): Promise<void> {
  await limitPerClient(`scheduling:ip:${ip}`, {
    max: envInt("HIREFLOW_SCHEDULING_LINK_LIMIT_PER_IP", 120),
    windowMs: envInt("HIREFLOW_SCHEDULING_LINK_WINDOW_MS", 60 * 1000),
  });
}
