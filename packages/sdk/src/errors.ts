/** One field's problem, as the API reports it in `error.details`. */
export interface HireflowErrorDetail {
  field: string;
  message: string;
}

/**
 * Every failure the client reports: an API error envelope (`status` is the HTTP status, `code` the
 * envelope's code such as `not_found` or `validation_error`), or a request that got no answer
 * (`status` 0, `code` `connection_error` or `timeout`).
 */
export class HireflowError extends Error {
  override name = "HireflowError";
  readonly status: number;
  readonly code: string;
  readonly details: HireflowErrorDetail[];
  /** The `request-id` response header: quote it when asking for support. */
  readonly requestId: string | null;
  readonly headers: Headers;

  constructor(init: { status: number; code: string; message: string; details?: HireflowErrorDetail[]; requestId?: string | null; headers?: Headers; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? [];
    this.requestId = init.requestId ?? null;
    this.headers = init.headers ?? new Headers();
  }

  /** Builds the error from a non-2xx response, whatever its body holds. */
  static async fromResponse(response: Response): Promise<HireflowError> {
    const requestId = response.headers.get("request-id");
    const text = await response.text().catch(() => "");
    let envelope: { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined;
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = undefined;
    }
    const error = envelope?.error;
    return new HireflowError({
      status: response.status,
      code: typeof error?.code === "string" ? error.code : `http_${response.status}`,
      message: typeof error?.message === "string" ? error.message : `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ""}`,
      details: Array.isArray(error?.details) ? (error.details as HireflowErrorDetail[]) : [],
      requestId,
      headers: response.headers,
    });
  }
}
