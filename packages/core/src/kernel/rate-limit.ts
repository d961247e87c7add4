import { Redis } from "ioredis";
import { logger } from "./logger.ts";
import { AppError } from "./errors.ts";

/**
 * Fixed-window rate limiting: per API key on /api/v1, per IP on the public application form and
 * sign-in. Backed by Redis when REDIS_URL is set (so the limit holds across serverless
 * instances), in memory otherwise. If Redis is unreachable the request is allowed and a warning
 * logged once per outage: an outage of the limiter must not become an outage of the API. A client
 * still connecting (every cold start) is waited for, briefly, so a new process counts its first
 * requests instead of letting them through.
 */
export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

export interface RateLimiter {
  hit(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Forgets the bucket's count in the current window (a successful sign-in clears its e-mail's failures). */
  reset(bucket: string, windowMs: number): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    async hit(bucket, limit, windowMs) {
      const t = now();
      if (t - lastSweep > 60_000) {
        for (const [key, w] of windows) if (t - w.start >= windowMs) windows.delete(key);
        lastSweep = t;
      }
      const start = t - (t % windowMs);
      const key = `${bucket}:${windowMs}`;
      let window = windows.get(key);
      if (!window || window.start !== start) {
        window = { start, count: 0 };
        windows.set(key, window);
      }
      window.count++;
      return result(window.count, limit, start + windowMs - t);
    },
    async reset(bucket, windowMs) {
      windows.delete(`${bucket}:${windowMs}`);
    },
  };
}

// INCR the window's counter and give it an expiry on first use; returns [count, ms left].
const SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

export interface RedisRateLimiterOptions {
  /** How long a request waits for a connection still being made; default 1000 ms. */
  connectWaitMs?: number;
  /**
   * What every counter's key starts with; default `RATE_LIMIT_REDIS_PREFIX`, else `hireflow:rl`. Deployments
   * (or test runs) sharing one Redis keep their counts apart with their own prefix.
   */
  keyPrefix?: string;
  /** The clock that places a hit in its window (tests pin it so their hits cannot straddle a window's edge). */
  now?: () => number;
}

export function createRedisRateLimiter(redis: Redis, options: RedisRateLimiterOptions = {}): RateLimiter {
  const connectWaitMs = options.connectWaitMs ?? 1_000;
  const now = options.now ?? Date.now;
  const keyPrefix = options.keyPrefix ?? (process.env.RATE_LIMIT_REDIS_PREFIX || "hireflow:rl");
  const redisKey = (bucket: string, windowMs: number, start: number) => `${keyPrefix}:${bucket}:${windowMs}:${start}`;
  // Down: the last connection attempt or command failed. Requests then pass without waiting until
  // the client reconnects on its own; the outage and the recovery are each logged once.
  let down = false;
  const markDown = (error: unknown) => {
    if (down) return;
    down = true;
    logger.warn("rate limiter unavailable; allowing requests until Redis answers again", { error });
  };
  const markUp = () => {
    if (!down) return;
    down = false;
    logger.info("rate limiter available again");
  };
  redis.on("ready", markUp);

  /** True once the client can take commands; waits for a connection in progress unless Redis is known to be down. */
  let waiting: Promise<boolean> | null = null;
  const connected = (): Promise<boolean> => {
    if (redis.status === "ready") return Promise.resolve(true);
    if (down || redis.status === "end") return Promise.resolve(false);
    // Concurrent first requests share one wait.
    waiting ??= new Promise<boolean>((resolve) => {
      const finish = (ok: boolean, error?: unknown) => {
        clearTimeout(timer);
        redis.off("ready", onReady);
        redis.off("error", onError);
        waiting = null;
        if (!ok) markDown(error);
        resolve(ok);
      };
      const onReady = () => finish(true);
      const onError = (error: unknown) => finish(false, error);
      const timer = setTimeout(() => finish(false, new Error(`no connection to Redis within ${connectWaitMs} ms`)), connectWaitMs);
      redis.once("ready", onReady);
      redis.once("error", onError);
      // A lazily connecting client makes no attempt until asked.
      if (redis.status === "wait") redis.connect().catch(() => {});
    });
    return waiting;
  };

  return {
    async hit(bucket, limit, windowMs) {
      const allowAll = (): RateLimitResult => ({ allowed: true, limit, remaining: limit, resetSeconds: Math.ceil(windowMs / 1000) });
      if (!(await connected())) return allowAll();
      const t = now();
      const start = t - (t % windowMs);
      try {
        const [count, ttl] = (await redis.eval(SCRIPT, 1, redisKey(bucket, windowMs, start), String(windowMs))) as [number, number];
        markUp();
        return result(count, limit, ttl > 0 ? ttl : start + windowMs - t);
      } catch (error) {
        markDown(error);
        return allowAll();
      }
    },
    async reset(bucket, windowMs) {
      if (!(await connected())) return;
      const t = now();
      try {
        await redis.del(redisKey(bucket, windowMs, t - (t % windowMs)));
        markUp();
      } catch (error) {
        markDown(error);
      }
    },
  };
}

/** The client the limiter uses: fails fast rather than queueing requests behind a dead connection. */
export function createRateLimitRedis(url: string): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 500,
    lazyConnect: false,
  }).on("error", () => {});
}

function result(count: number, limit: number, msLeft: number): RateLimitResult {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
}

const globalForLimiter = globalThis as unknown as { __hireflowRateLimiter?: { url: string | undefined; limiter: RateLimiter } };

/** The process-wide limiter for the current REDIS_URL. */
export function getRateLimiter(): RateLimiter {
  const url = process.env.REDIS_URL || undefined;
  const cached = globalForLimiter.__hireflowRateLimiter;
  if (cached && cached.url === url) return cached.limiter;
  const limiter = url ? createRedisRateLimiter(createRateLimitRedis(url)) : createMemoryRateLimiter();
  globalForLimiter.__hireflowRateLimiter = { url, limiter };
  return limiter;
}

/** RateLimit-* response headers (IETF draft) for a result. */
export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  return {
    "ratelimit-limit": String(r.limit),
    "ratelimit-remaining": String(r.remaining),
    "ratelimit-reset": String(r.resetSeconds),
    ...(r.allowed ? {} : { "retry-after": String(r.resetSeconds) }),
  };
}

/**
 * The per-client-IP ceiling of a key-less surface (the application form, the job board, the offer and
 * scheduling links): counts a hit in `bucket`, answers 429 with the RateLimit headers over the limit,
 * and returns those headers for a response that wants them.
 */
export async function limitPerClient(
  bucket: string,
  limits: { max: number; windowMs: number },
  refusal = "Too many requests from this address",
): Promise<Record<string, string>> {
  const limit = await getRateLimiter().hit(bucket, limits.max, limits.windowMs);
  if (!limit.allowed) {
    throw new AppError("rate_limited", `${refusal}; try again in ${limit.resetSeconds} s`, { headers: rateLimitHeaders(limit) });
  }
  return rateLimitHeaders(limit);
}
