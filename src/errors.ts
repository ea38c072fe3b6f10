// The one error type handlers throw. The error handler turns it into the envelope of
// docs/api.md "Errors"; the codes are named on that page beside their rules.

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'feature_not_enabled'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'api_error';

export class ApiError extends Error {
  readonly statusCode: number;
  readonly type: ErrorType;
  readonly code: string;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    type: ErrorType,
    code: string,
    message: string,
    param?: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.type = type;
    this.code = code;
    this.param = param;
    this.headers = headers;
  }

  static invalidParam(param: string, message: string): ApiError {
    return new ApiError(400, 'invalid_request_error', 'parameter_invalid', message, param);
  }

  static unknownParam(param: string): ApiError {
    return new ApiError(400, 'invalid_request_error', 'parameter_unknown', `Unknown parameter: ${param}.`, param);
  }

  static missingParam(param: string, message = `Missing required parameter: ${param}.`): ApiError {
    return new ApiError(400, 'invalid_request_error', 'parameter_missing', message, param);
  }

  static notFound(what: string, id?: string): ApiError {
    const message = id === undefined ? `No such ${what}.` : `No such ${what}: '${id}'.`;
    return new ApiError(404, 'not_found_error', 'resource_missing', message, id === undefined ? undefined : 'id');
  }
}
