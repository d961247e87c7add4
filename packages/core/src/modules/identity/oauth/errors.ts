/**
 * OAuth protocol errors (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707 §2): the token, registration and
 * revocation endpoints answer `{ error, error_description }` as the RFCs require, not the REST envelope.
 */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_target"
  | "access_denied"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "server_error";

const OAUTH_ERROR = Symbol.for("hireflow.OAuthError");

export class OAuthError extends Error {
  override name = "OAuthError";
  readonly [OAUTH_ERROR] = true;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === "invalid_client" ? 401 : 400,
  ) {
    super(`${error}: ${description}`);
  }

  static is(value: unknown): value is OAuthError {
    return typeof value === "object" && value !== null && OAUTH_ERROR in value;
  }

  toJSON() {
    return { error: this.error, error_description: this.description };
  }
}
