// Typed errors. An error the API answered is a ClubDataError subclass chosen by the envelope's
// `type` (and, for an expired cursor, its `code`), carrying what the envelope says and the HTTP
// status; a request that got no answer is a ConnectionError or a TimeoutError.

/** The error envelope's `error` object (docs/api.md, "Errors"). */
export interface ErrorBody {
  type: string;
  code: string;
  message: string;
  param?: string | undefined;
  request_id?: string | undefined;
}

/** Any error this package throws. */
export class ClubDataError extends Error {
  override name = 'ClubDataError';
  /** The envelope's `type` (`invalid_request_error`, ...); `connection_error` when there was no answer. */
  readonly type: string;
  /** The envelope's machine code (`parameter_invalid`, `cursor_expired`, ...). */
  readonly code: string;
  /** The offending parameter, when the API names one. */
  readonly param: string | undefined;
  /** The request id (X-Request-Id), to quote when asking about a request. */
  readonly requestId: string | undefined;
  /** The HTTP status; undefined when no response arrived. */
  readonly status: number | undefined;
  /** The response headers; undefined when no response arrived. */
  readonly headers: Headers | undefined;

  constructor(body: ErrorBody, status?: number, headers?: Headers, options?: ErrorOptions) {
    super(body.message, options);
    this.type = body.type;
    this.code = body.code;
    this.param = body.param;
    this.requestId = body.request_id ?? headers?.get('x-request-id') ?? undefined;
    this.status = status;
    this.headers = headers;
  }
}

/** 400 (and 405, 409, 410): a parameter or the request itself is wrong; `param` names what. */
export class InvalidRequestError extends ClubDataError {
  override name = 'InvalidRequestError';
}

/**
 * 410 `cursor_expired`: retention removed signals after the point asked for, so what followed it
 * cannot all be returned. List again (a mirror does this by itself).
 */
export class CursorExpiredError extends InvalidRequestError {
  override name = 'CursorExpiredError';
}

/** 401: the key is missing, malformed, revoked or expired. */
export class AuthenticationError extends ClubDataError {
  override name = 'AuthenticationError';
}

/** 403 `insufficient_scope`: the key lacks the scope this call needs. */
export class PermissionError extends ClubDataError {
  override name = 'PermissionError';
}

/** 403: the club has no API access. */
export class FeatureNotEnabledError extends ClubDataError {
  override name = 'FeatureNotEnabledError';
}

/** 404: no such record in the key's club. */
export class NotFoundError extends ClubDataError {
  override name = 'NotFoundError';
}

/** 429: too many requests (retried by the client before it surfaces). */
export class RateLimitError extends ClubDataError {
  override name = 'RateLimitError';
}

/** 5xx: a failure on the service's side (retried by the client before it surfaces). */
export class ApiError extends ClubDataError {
  override name = 'ApiError';
}

/** No response: the connection failed or was dropped. */
export class ConnectionError extends ClubDataError {
  override name = 'ConnectionError';
}

/** No response within the client's `timeout`. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
}

const BY_TYPE: Record<string, typeof ClubDataError> = {
  invalid_request_error: InvalidRequestError,
  authentication_error: AuthenticationError,
  permission_error: PermissionError,
  feature_not_enabled: FeatureNotEnabledError,
  not_found_error: NotFoundError,
  rate_limit_error: RateLimitError,
  api_error: ApiError,
};

/** The typed error for an error response; a body that is not the envelope still gives one, by status. */
export function errorFromResponse(status: number, headers: Headers, body: unknown): ClubDataError {
  const envelope = (body as { error?: Partial<ErrorBody> } | undefined)?.error;
  const error: ErrorBody =
    envelope && typeof envelope.type === 'string' && typeof envelope.message === 'string'
      ? { type: envelope.type, code: String(envelope.code ?? ''), message: envelope.message, param: envelope.param, request_id: envelope.request_id }
      : { type: status >= 500 ? 'api_error' : 'invalid_request_error', code: `http_${status}`, message: `The service answered ${status} without an error envelope.` };
  if (error.code === 'cursor_expired') return new CursorExpiredError(error, status, headers);
  const Class = BY_TYPE[error.type] ?? (status >= 500 ? ApiError : ClubDataError);
  return new Class(error, status, headers);
}
