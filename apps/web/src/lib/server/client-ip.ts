/**
 * The client's IP for rate limits: the first x-forwarded-for hop (set by Vercel or a reverse
 * proxy), else x-real-ip. Behind no proxy a client can forge these headers, which only lets it
 * pick its own per-IP bucket; the per-e-mail limit still holds.
 */
export function clientIp(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || req.headers.get("x-real-ip")?.trim() || "unknown";
}
