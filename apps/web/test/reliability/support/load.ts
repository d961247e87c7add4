/**
 * A client that behaves as the API documentation tells clients to: every create carries an
 * Idempotency-Key, and a 5xx, a 409 "still being processed" or a broken connection is retried with
 * the same key and body until a final answer arrives. Every attempt is recorded.
 */
export interface Attempt {
  status: number; // 0: no HTTP answer (connection refused or reset)
  code?: string;
  requestId?: string | null;
  envelope: boolean;
  at: number;
}

export interface CreateOutcome {
  key: string;
  email: string;
  attempts: Attempt[];
  final?: { status: number; id?: number; body: unknown };
}

/**
 * The body, or the signal's reason once it aborts: undici's fetch can leave a body read pending for
 * ever when its signal aborts mid-body (nodejs/node#56917), and a killed server is exactly that.
 */
function bodyBefore(res: Response, signal: AbortSignal): Promise<string> {
  return Promise.race([
    res.text(),
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
  ]);
}

export async function sendOnce(url: string, init: RequestInit): Promise<{ attempt: Attempt; body: unknown }> {
  const at = Date.now();
  try {
    const signal = AbortSignal.timeout(15_000);
    const res = await fetch(url, { ...init, signal });
    const text = await bodyBefore(res, signal);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text: a non-JSON answer is itself a finding
    }
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    const envelope = res.status < 400 || (typeof error?.code === "string" && typeof error?.message === "string");
    return { attempt: { status: res.status, code: error?.code as string | undefined, requestId: res.headers.get("request-id"), envelope, at }, body };
  } catch {
    return { attempt: { status: 0, envelope: false, at }, body: null };
  }
}

const retryable = (a: Attempt, body: unknown) =>
  a.status === 0 || a.status >= 500 || (a.status === 409 && /still being processed|in use/.test(JSON.stringify(body)));

export async function createWithRetries(baseUrl: string, apiKey: string, body: Record<string, unknown>, key: string, giveUpAt: number): Promise<CreateOutcome> {
  const outcome: CreateOutcome = { key, email: String(body.email), attempts: [] };
  for (let delay = 50; ; delay = Math.min(delay * 2, 1_000)) {
    const { attempt, body: answer } = await sendOnce(`${baseUrl}/api/v1/candidates`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(body),
    });
    outcome.attempts.push(attempt);
    if (!retryable(attempt, answer) || Date.now() > giveUpAt) {
      outcome.final = { status: attempt.status, id: (answer as { data?: { id?: number } } | null)?.data?.id, body: answer };
      return outcome;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}
