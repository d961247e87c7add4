import { AppError } from "@hireflow/core";

/** Room for a 10 MB resume plus the text fields and the multipart framing. */
export const MULTIPART_BODY_LIMIT = 11 * 1024 * 1024;

/**
 * After refusing a body, this much more is read and thrown away before the connection is cut. A
 * client still sending when the socket closes gets a reset that can swallow the 413 already on its
 * way (HTTP servers' "lingering close"); a short, bounded drain lets it read the answer first.
 */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 2_000;

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(req.headers.get("content-type") ?? "");
}

/**
 * Parses a multipart/form-data body of at most `limit` bytes. The declared content-length is
 * checked first, then the bytes are counted as they stream in, so an oversized (or endless)
 * upload is refused with 413 after `limit` bytes instead of being buffered.
 */
export async function readMultipartForm(req: Request, limit = MULTIPART_BODY_LIMIT): Promise<FormData> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/;\s*boundary=/i.test(contentType)) {
    throw new AppError("bad_request", "A multipart/form-data body needs a boundary in its content-type");
  }
  if (!req.body) throw new AppError("bad_request", "The request body is empty");
  const source = req.body.getReader();
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limit) {
    lingerThenCancel(source);
    throw tooLarge(limit);
  }

  let size = 0;
  let exceeded = false;
  const limited = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await source.read();
      if (done) return controller.close();
      size += value.byteLength;
      if (size > limit) {
        exceeded = true;
        lingerThenCancel(source);
        return controller.error(tooLarge(limit));
      }
      controller.enqueue(value);
    },
    cancel: (reason) => source.cancel(reason),
  });
  try {
    return await new Response(limited, { headers: { "content-type": contentType } }).formData();
  } catch (error) {
    if (exceeded) throw tooLarge(limit);
    throw new AppError("bad_request", "The request body is not valid multipart/form-data", { cause: error });
  }
}

/** Discards what the client is still sending for a bounded time and amount, then cancels the body. */
export function lingerThenCancel(source: ReadableStreamDefaultReader<Uint8Array>): void {
  const timer = setTimeout(() => void source.cancel().catch(() => {}), LINGER_MS);
  void (async () => {
    let drained = 0;
    try {
      while (drained < LINGER_BYTES) {
        const { done, value } = await source.read();
        if (done) return;
        drained += value.byteLength;
      }
    } catch {
      // the client went away, or the timer cancelled the body: nothing left to do
    } finally {
      clearTimeout(timer);
      await source.cancel().catch(() => {});
    }
  })();
}

function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `The request body must not exceed ${Math.round(limit / (1024 * 1024))} MB`);
}
