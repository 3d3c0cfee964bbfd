import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import { shapeError } from '../common/error-shape';
import type { IntakeService } from './intake.service';

const INGEST_PATH = /^\/logs(\?|$)/;
/** How long a request may wait on arrival for the writer to free room in a full queue. */
export const ADMISSION_WAIT_MS = 250;

/**
 * Admission of `POST /logs` while the queue is at its bound, before the body is read (no
 * non-empty request could fit). The request waits up to 250 ms for the writer to commit and free
 * room (its unread body is held back by TCP meanwhile), then gets 503 with Retry-After. Refusing at
 * once would let a client that ignores Retry-After spin, each refused body inflated, parsed and
 * validated on the CPU the writer needs to catch up. The exact check (queued + this request's logs)
 * still runs in IntakeService.accept for requests admitted here.
 */
export function registerIntakeAdmission(fastify: FastifyInstance, intake: IntakeService): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST' || !INGEST_PATH.test(request.url) || !intake.full) return;
    if (await intake.waitForRoom(ADMISSION_WAIT_MS)) return;
    const { body, headers } = shapeError(ApiError.queueFull(1));
    return reply.status(body.statusCode).headers(headers).send(body);
  });
}
