import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { hostName } from '../config/app-config';
import { ApiError } from './api-error';
import { shapeError } from './error-shape';

/** Paths that need a key when keys are configured: the API and ingestion, not /health or the dashboard. */
const PROTECTED = /^\/(api(\/|$)|logs(\/|\?|$))/;

const sendError = (reply: FastifyReply, error: ApiError): FastifyReply => {
  const { body, headers } = shapeError(error);
  return reply.status(body.statusCode).headers(headers).send(body);
};

export const hostAllowed = (config: AppConfig, host: string | undefined): boolean =>
  host === undefined || config.allowedHosts.includes(hostName(host));

export function keyAllowed(config: AppConfig, token: string | undefined): boolean {
  if (config.apiKeys.length === 0) return true;
  if (!token) return false;
  const given = Buffer.from(token);
  return config.apiKeys.some((key) => {
    const expected = Buffer.from(key);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

export const bearerToken = (header: string | undefined): string | undefined =>
  header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();

/**
 * Fastify hooks that run before routing, so they cover every route, the static dashboard and 404s:
 * the Host allow-list (DNS-rebinding defence, before anything else) and, when keys are configured,
 * the Bearer key. A CORS preflight never needs a key.
 */
export function registerHostCheck(fastify: FastifyInstance, config: AppConfig): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hostAllowed(config, request.headers.host)) return sendError(reply, ApiError.forbiddenHost(request.headers.host!));
  });
}

export function registerApiKeyCheck(fastify: FastifyInstance, config: AppConfig): void {
  if (config.apiKeys.length === 0) return;
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || !PROTECTED.test(request.url)) return;
    if (!keyAllowed(config, bearerToken(request.headers.authorization))) return sendError(reply, ApiError.unauthorized());
  });
}
