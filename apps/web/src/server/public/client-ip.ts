/**
 * The client's address for per-IP limits: the first hop of x-forwarded-for, which the hosting
 * proxy (Vercel, a load balancer) sets; x-real-ip otherwise. Without a proxy in front the headers
 * are the client's own, so a self-hosted deployment should put one there.
 */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || req.headers.get("x-real-ip")?.trim() || "unknown";
}
