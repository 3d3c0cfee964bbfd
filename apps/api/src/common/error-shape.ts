import { HttpException, Logger } from '@nestjs/common';
import type { ErrorBody } from '@logdesk/contracts';
import { ApiError, errorBody } from './api-error';

const logger = new Logger('Errors');

/** Fastify's own error codes that are the client's fault, with the status the contract wants. */
const FASTIFY_CODES: Record<string, number> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
};

export interface ShapedError {
  body: ErrorBody;
  headers: Record<string, string>;
}

/** Turns anything thrown into the contract's error body; unknown errors are logged and hidden. */
export function shapeError(error: unknown): ShapedError {
  if (error instanceof ApiError) {
    return { body: errorBody(error.statusCode, error.message, error.details), headers: error.headers };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const raw = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? error.message);
    return { body: errorBody(status, message), headers: {} };
  }
  const fastify = error as { code?: string; statusCode?: number; message?: string };
  const status = (fastify.code && FASTIFY_CODES[fastify.code]) ?? fastify.statusCode;
  if (status && status >= 400 && status < 500) {
    return { body: errorBody(status, fastify.message ?? 'Bad request'), headers: {} };
  }
  logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return { body: errorBody(500, 'Internal server error'), headers: {} };
}
