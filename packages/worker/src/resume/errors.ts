/**
 * Why a file was refused. Every reason is caused by the file itself, so a caller marks the candidate's
 * resume `failed` and never retries; any other error thrown by this module is transient.
 */
export type RejectionReason =
  | "unsupported_type"
  | "corrupt"
  | "encrypted"
  | "zip_bomb"
  | "compression_bomb"
  | "too_many_pages"
  | "timeout"
  | "out_of_memory"
  | "no_text";

export class ResumeRejectedError extends Error {
  override name = "ResumeRejectedError";
  readonly reason: RejectionReason;

  constructor(reason: RejectionReason, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Also true across duplicated module instances (bundles, hot reloads), where `instanceof` fails. */
export function isResumeRejectedError(error: unknown): error is ResumeRejectedError {
  return (
    error instanceof ResumeRejectedError ||
    (error instanceof Error && error.name === "ResumeRejectedError" && typeof (error as { reason?: unknown }).reason === "string")
  );
}
