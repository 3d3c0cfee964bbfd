import { INGEST_LIMITS } from '@logdesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { createGunzip, createInflate, type Gunzip, type Inflate } from 'node:zlib';
import { ApiError } from '../common/api-error';

const ENCODINGS: Record<string, (() => Gunzip | Inflate) | null> = {
  identity: null,
  gzip: () => createGunzip(),
  'x-gzip': () => createGunzip(),
  deflate: () => createInflate(),
};

/**
 * Reads a request body within the contract's limits: 5 MiB on the wire, 50 MiB once inflated.
 * The inflater is fed chunk by chunk and destroyed the moment the inflated total passes the limit,
 * so a gzip bomb costs at most 50 MiB of work.
 */
export function readBody(stream: IncomingMessage, encodingHeader: string | undefined): Promise<Buffer> {
  const encoding = (encodingHeader ?? 'identity').trim().toLowerCase() || 'identity';
  if (!(encoding in ENCODINGS)) {
    return Promise.reject(ApiError.unsupportedMediaType(`Content-Encoding "${encoding}" is not supported (gzip, deflate, identity)`));
  }
  const inflater = ENCODINGS[encoding]?.() ?? null;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let wire = 0;
    let inflated = 0;
    let settled = false;
    const fail = (error: ApiError): void => {
      if (settled) return;
      settled = true;
      inflater?.destroy();
      stream.unpipe();
      stream.resume(); // drain what is left so the connection can answer
      reject(error);
    };
    const collect = (chunk: Buffer): void => {
      inflated += chunk.length;
      if (inflated > INGEST_LIMITS.maxInflatedBytes) fail(ApiError.payloadTooLarge('The body is larger than 50 MiB once decompressed'));
      else chunks.push(chunk);
    };
    const finish = (): void => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    };
    stream.on('data', (chunk: Buffer) => {
      wire += chunk.length;
      if (wire > INGEST_LIMITS.maxBodyBytes) return fail(ApiError.payloadTooLarge('The body is larger than 5 MiB'));
      if (inflater) inflater.write(chunk);
      else collect(chunk);
    });
    stream.on('error', () => fail(ApiError.badRequest('The request body could not be read')));
    if (inflater) {
      inflater.on('data', collect);
      inflater.on('error', () => fail(ApiError.badRequest(`The body is not valid ${encoding} data`)));
      inflater.on('end', finish);
      stream.on('end', () => inflater.end());
    } else {
      stream.on('end', finish);
    }
  });
}

/**
 * Replaces Fastify's JSON parser: only `POST /logs` takes a body, and it needs the encodings and
 * limits above. Any other content type is left to Fastify, which answers 415.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser(
    'application/json',
    { bodyLimit: INGEST_LIMITS.maxInflatedBytes },
    async (request: FastifyRequest, payload: IncomingMessage) => {
      const raw = await readBody(payload, request.headers['content-encoding']);
      if (raw.length === 0) throw ApiError.badRequest('The body is empty; send { "projectId", "logs": [...] }');
      try {
        return JSON.parse(raw.toString('utf8')) as unknown;
      } catch (error) {
        throw ApiError.badRequest(`The body is not valid JSON: ${(error as Error).message}`);
      }
    },
  );
}
