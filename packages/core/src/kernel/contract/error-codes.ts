
/** The envelope's error codes and the one code → status map (kernel/errors.ts throws and maps them). */
export const ERROR_STATUS = {
  validation_error: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** A link that worked once and no longer does (a withdrawn, superseded or expired offer). */
  gone: 410,
  payload_too_large: 413,
  unprocessable_entity: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
