import { envInt } from "@hireflow/config";
import { limitPerClient } from "../../kernel/rate-limit.ts";

/**
 * Per client IP on the offer links (the page and the public API): a candidate opens theirs a few
 * times; the ceiling stops anyone walking the token space (which at 256 bits is hopeless anyway).
 */
export async function limitOfferLinks(ip: string): Promise<void> {
  await limitPerClient(`offer:ip:${ip}`, { max: envInt("HIREFLOW_OFFER_LINK_LIMIT_PER_IP", 60), windowMs: envInt("HIREFLOW_OFFER_LINK_WINDOW_MS", 60 * 1000) });
}
