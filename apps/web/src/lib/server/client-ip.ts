import { envInt } from "@hireflow/config";

/**
 * The client's IP for per-IP limits (the application form, sign-in). Each proxy in front of the app
 * appends the address it saw to x-forwarded-for, and anything before that is whatever the client
 * sent — so the client is the entry TRUSTED_PROXY_HOPS from the right (default 1: Vercel, which
 * replaces the header with the client's address, or one nginx/load balancer). A forged prefix is
 * ignored. x-real-ip when there is no x-forwarded-for. With no proxy at all the headers are the
 * client's own and it can pick its bucket; the per-e-mail sign-in limit still holds.
 */
export function clientIp(req: Request): string {
  return clientIpFromHeaders(req.headers);
}

/** The same from request headers alone (server components: `await headers()`). */
export function clientIpFromHeaders(headers: Headers): string {
  const hops = Math.max(1, envInt("TRUSTED_PROXY_HOPS", 1));
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (chain.length > 0) return chain[Math.max(0, chain.length - hops)]!;
  return headers.get("x-real-ip")?.trim() || "unknown";
}
