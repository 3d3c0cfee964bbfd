import type { ErrorBody, ErrorDetail } from '@logdesk/contracts';
import { STATUS_CODES } from 'node:http';

/**
 * The one error type the service throws on purpose. Every error of every endpoint leaves the
 * server as `ErrorBody` (contract section 3); `headers` carries `Retry-After`, `WWW-Authenticate`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static badRequest(message: string, details?: ErrorDetail[]): ApiError {
    return new ApiError(400, message, details);
  }

  static notFound(message: string): ApiError {
    return new ApiError(404, message);
  }

  static unauthorized(): ApiError {
    return new ApiError(401, 'A valid API key is required: send Authorization: Bearer <key>', undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  }

  static forbiddenHost(host: string): ApiError {
    return new ApiError(403, `Host "${host}" is not allowed; set LOGDESK_ALLOWED_HOSTS to accept it`);
  }

  static payloadTooLarge(message: string): ApiError {
    return new ApiError(413, message);
  }

  static unsupportedMediaType(message: string): ApiError {
    return new ApiError(415, message);
  }

  static queueFull(retryAfterSeconds: number): ApiError {
    return new ApiError(503, 'The intake queue is full; retry later', undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
  }
}

export const errorBody = (statusCode: number, message: string, details?: ErrorDetail[]): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(details && details.length > 0 ? { details } : {}),
});
